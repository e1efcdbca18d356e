import { defineProject } from 'vitest/config';
import project from './vitest.config.js';

/**
 * The package's Vitest project for `pnpm mutate`, narrowed to the tests that drive `_sync`: the
 * state transitions' own tests, the sync worker's and the sync suite. The rest of the host's tests
 * reach `_sync` only through these; running them for every mutant would cost minutes and tell
 * nothing more. (No test here starts the built server, so the build step is left out.)
 */
export default defineProject({
  ...project,
  test: {
    ...project.test,
    include: ['test/sync/**/*.test.ts'],
    globalSetup: [],
  },
});
