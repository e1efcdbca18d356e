/**
 * The generated tables of the docs are the code's tables (scripts/docs/reference.ts): each page
 * holds, between its markers, exactly what `pnpm docs:tables` writes from the code, so an
 * operator, a limit, an option or an error code added, removed or changed in the code fails here
 * until the page is written again — and a hand edit of a generated table fails too.
 */
import { describe, expect, it } from 'vitest';
import { REFERENCE_TABLES } from '../scripts/docs/reference.js';
import { staleTables } from '../scripts/docs/tables.js';

describe('the generated tables of the docs', () => {
  it('are each on their page as the code gives them (run `pnpm docs:tables` after a change)', () => {
    expect(REFERENCE_TABLES.length).toBeGreaterThanOrEqual(10);
    expect(staleTables(REFERENCE_TABLES)).toEqual([]);
  });
});
