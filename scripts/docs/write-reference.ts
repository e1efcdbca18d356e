/** `pnpm docs:reference`: writes the generated reference tables onto their pages. */
import { REFERENCE_TABLES } from './reference.js';
import { writeTables } from './tables.js';

const changed = writeTables(REFERENCE_TABLES);
console.log(changed.length === 0 ? 'Every reference table is current.' : `Wrote ${changed.join(', ')}.`);
