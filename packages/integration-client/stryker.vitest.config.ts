import { mutationProject } from '../../stryker.vitest.base.js';
import project from './vitest.config.js';

// Left out: test/index.test.ts reads `src/` with the TypeScript compiler to check the public
// surface's declarations and their comments, and during a run `src/` holds Stryker's instrumented
// code (every mutant behind a switch, `// @ts-nocheck` on top), not the declarations it checks.
export default mutationProject(project, ['test/index.test.ts']);
