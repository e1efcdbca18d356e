import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@school/source'] },
  ssr: { resolve: { conditions: ['@school/source'] } },
  test: {
    name: 'query-dsl',
    // One module graph per worker, not per file: see docs/testing.md ("Speed").
    isolate: false,
    include: ['test/**/*.test.ts'],
    // fast-check's seed for the run (FC_SEED, else a fixed one): see docs/testing.md.
    setupFiles: ['@school/testkit/property-tests/setup'],
  },
});
