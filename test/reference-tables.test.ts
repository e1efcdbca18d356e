/**
 * The reference tables of the docs are the code's tables (scripts/docs/reference.ts): each page
 * holds, between its markers, exactly what `pnpm docs:reference` writes from the code, so an
 * operator, a limit or an option added, removed or changed in the code fails here until the page
 * is written again — and a hand edit of a generated table fails too.
 */
import { describe, expect, it } from 'vitest';
import { REFERENCE_TABLES } from '../scripts/docs/reference.js';
import { staleTables, tableOnPage, withTable } from '../scripts/docs/tables.js';

describe('the generated reference tables', () => {
  it('are each on their page as the code gives them (run `pnpm docs:reference` after a change)', () => {
    expect(REFERENCE_TABLES.length).toBeGreaterThanOrEqual(4);
    expect(staleTables(REFERENCE_TABLES)).toEqual([]);
  });

  it('are told apart from a page whose table was edited by hand', () => {
    const page = 'intro\n<!-- table: t -->\n| a |\n<!-- /table: t -->\nafter\n';
    const edited = withTable('page.md', page, 't', '| b |');
    expect(tableOnPage('page.md', edited, 't')).toBe('| b |');
    expect(edited).toBe('intro\n<!-- table: t -->\n| b |\n<!-- /table: t -->\nafter\n');
  });
});
