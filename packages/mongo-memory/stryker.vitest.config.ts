import { mutationProject } from '../../stryker.vitest.base.js';
import project from './vitest.config.js';

// Every test, the conformance suite included (it holds the engine to MongoDB's own answers). Without
// `MONGODB_URI` the tests run on the in-process engine alone, which is the code being mutated.
export default mutationProject(project);
