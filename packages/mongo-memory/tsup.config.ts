import { publishedBuild } from '../../tsup.base.js';

export default publishedBuild({ external: ['mongodb', 'bson', 'mingo', 'sorted-btree'] });
