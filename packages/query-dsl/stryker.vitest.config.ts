import { mutationProject } from '../../stryker.vitest.base.js';
import project from './vitest.config.js';

// Left out: the two files whose subject is the library's types, checked with the TypeScript
// compiler over `src/` (test/types/type-budget.test.ts counts the type instantiations, and
// test/schema/schema-type-errors.test.ts reads the compiler's messages). A mutant changes what the
// code does when it runs, never a type, and during a run `src/` holds Stryker's instrumented code,
// not the declarations those files judge.
export default mutationProject(project, [
  'test/types/type-budget.test.ts',
  'test/schema/schema-type-errors.test.ts',
]);
