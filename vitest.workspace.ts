import { defineConfig } from 'vitest/config';

// Vitest 4 no longer picks up a workspace file by itself: this root config lists the
// projects and every script points at it (`vitest --config vitest.workspace.ts`).
//
// The query-dsl tests run each database test on every engine at hand themselves
// (test/support/engines.ts). The host's tests take one database per app, so with MONGODB_URI set the host
// project runs twice: once on the in-process engine and once, as "api (MongoDB)", on MongoDB.
const onMongo = process.env.MONGODB_URI
  ? [
      {
        extends: './apps/api/vitest.config.ts',
        root: './apps/api',
        test: { name: 'api (MongoDB)', env: { SCHOOL_TEST_ENGINE: 'mongodb' } },
      },
    ]
  : [];

export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'test/vitest.config.ts', ...onMongo],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
