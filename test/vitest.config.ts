import { defineProject } from 'vitest/config';

// Checks that span the whole repository: its docs, what its packages ship and declare, its toolchain.
export default defineProject({
  test: {
    name: 'repository',
    // One module graph per worker, not per file: see docs/testing.md ("Speed").
    isolate: false,
    include: ['*.test.ts'],
    // fast-check's seed for the run (FC_SEED, else a fixed one): see docs/testing.md.
    setupFiles: ['@school/testkit/property-tests/setup'],
    // Builds what the checks of shipped files read (self-contained.test.ts).
    globalSetup: ['build-packages.ts', 'pack-packages.ts'],
  },
});
