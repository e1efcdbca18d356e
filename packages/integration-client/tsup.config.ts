import { publishedBuild } from '../../tsup.base.js';

export default publishedBuild();
