import { defineConfig } from 'vitest/config';

// Vitest 4 no longer picks up a workspace file by itself: this root config lists the
// projects and every script points at it (`vitest --config vitest.workspace.ts`).
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'test/vitest.config.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
