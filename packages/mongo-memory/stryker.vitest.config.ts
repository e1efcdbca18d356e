import { defineProject } from 'vitest/config';
import project from './vitest.config.js';

/**
 * The package's Vitest project as `pnpm mutate` runs it: every test, the conformance suite
 * included (it holds the engine to MongoDB's own answers), without isolation — the mutants are
 * switched on at run time, so the test files can share one module graph. Without `MONGODB_URI`
 * the tests run on the in-process engine alone, which is the code being mutated.
 */
export default defineProject({
  ...project,
  test: {
    ...project.test,
    isolate: false,
    // The instrumented code runs slower than the code (every mutant behind a switch, every test's
    // coverage counted): the limit is still only there for a hang.
    testTimeout: 60_000,
  },
});
