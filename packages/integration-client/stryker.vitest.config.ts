import { configDefaults, defineProject } from 'vitest/config';
import project from './vitest.config.js';

/**
 * The package's Vitest project as `pnpm mutate` runs it, without isolation (the mutants are
 * switched on at run time, so the test files can share one module graph) and without
 * test/exports.test.ts: that file reads `src/` with the TypeScript compiler to check the public
 * surface's declarations and their comments, and during a run `src/` holds Stryker's instrumented
 * code (every mutant behind a switch, `// @ts-nocheck` on top), not the declarations it checks.
 */
export default defineProject({
  ...project,
  test: {
    ...project.test,
    isolate: false,
    // The instrumented code runs slower than the code (every mutant behind a switch, every test's
    // coverage counted): the limit is still only there for a hang.
    testTimeout: 60_000,
    exclude: [...configDefaults.exclude, 'test/exports.test.ts'],
  },
});
