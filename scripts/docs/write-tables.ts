/** `pnpm docs:tables`: writes every generated table of the docs onto its page. */
import { REFERENCE_TABLES } from './reference.js';
import { writeTables } from './tables.js';

const changed = writeTables(REFERENCE_TABLES);
console.log(changed.length === 0 ? 'Every generated table is current.' : `Wrote ${changed.join(', ')}.`);
