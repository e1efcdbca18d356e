import { configDefaults, defineProject } from 'vitest/config';
import project from './vitest.config.js';

/**
 * The package's Vitest project as `pnpm mutate` runs it. Stryker runs the tests that cover a
 * mutant once per mutant, thousands of times: without isolation the test files reuse the modules
 * already loaded (the mutants are switched on at run time, so no reload is needed), which is most of
 * the time otherwise.
 *
 * Left out: the two files whose subject is the library's types, checked with the TypeScript
 * compiler over `src/` (test/types/type-budget.test.ts counts the type instantiations, and
 * test/schema/schema-type-errors.test.ts reads the compiler's messages). A mutant changes what the code
 * does when it runs, never a type, and during a run `src/` holds Stryker's instrumented code, not
 * the declarations those files judge.
 */
export default defineProject({
  ...project,
  test: {
    ...project.test,
    isolate: false,
    // The instrumented code runs slower than the code (every mutant behind a switch, every test's
    // coverage counted): the limit is still only there for a hang.
    testTimeout: 60_000,
    exclude: [
      ...configDefaults.exclude,
      'test/types/type-budget.test.ts',
      'test/schema/schema-type-errors.test.ts',
    ],
  },
});
