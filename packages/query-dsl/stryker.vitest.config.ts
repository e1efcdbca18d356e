import { defineProject } from 'vitest/config';
import project from './vitest.config.js';

/**
 * The package's Vitest project as `pnpm mutate` runs it. Stryker runs the tests that cover a
 * mutant once per mutant, thousands of times: without isolation the test files reuse the modules
 * already loaded (the mutants are switched on at run time, so no reload is needed), which is most of
 * the time otherwise.
 */
export default defineProject({
  ...project,
  test: { ...project.test, isolate: false },
});
