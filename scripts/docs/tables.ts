/**
 * Tables of the docs written from tables of the code. A page holds each generated table between two
 * markers, `<!-- table: NAME -->` and `<!-- /table: NAME -->`; `writeTables` puts what the code
 * gives there, and `staleTables` says which pages differ from it (the repository test), so a table
 * and its page can only be in step when they are the same text.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** One generated table: the page it lives on (relative to the root), its marker name, its text. */
export interface GeneratedTable {
  readonly page: string;
  readonly name: string;
  readonly render: () => string;
}

/** A Markdown table: a header row, then one row per entry; a `|` in a cell is escaped. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

const begin = (name: string) => `<!-- table: ${name} -->`;
const end = (name: string) => `<!-- /table: ${name} -->`;

/** Where the table's text sits on the page: the offsets between its markers. */
function slot(page: string, text: string, name: string): { from: number; to: number } {
  const open = text.indexOf(begin(name));
  const close = text.indexOf(end(name));
  if (open < 0 || close < open) throw new Error(`${page} has no "${begin(name)}" … "${end(name)}" markers`);
  return { from: open + begin(name).length, to: close };
}

/** The page's text with the table's markers holding `table`. */
export function withTable(page: string, text: string, name: string, table: string): string {
  const { from, to } = slot(page, text, name);
  return `${text.slice(0, from)}\n${table}\n${text.slice(to)}`;
}

/** What the page holds between the table's markers now. */
export function tableOnPage(page: string, text: string, name: string): string {
  const { from, to } = slot(page, text, name);
  return text.slice(from, to).trim();
}

const read = (page: string) => readFileSync(join(repoRoot, page), 'utf8');

/** Writes every table onto its page; returns the pages that changed. */
export function writeTables(tables: readonly GeneratedTable[]): string[] {
  const changed = new Set<string>();
  for (const { page, name, render } of tables) {
    const before = read(page);
    const after = withTable(page, before, name, render());
    if (after !== before) {
      writeFileSync(join(repoRoot, page), after);
      changed.add(page);
    }
  }
  return [...changed];
}

/** `page: name` for every table whose page does not hold what the code gives. */
export function staleTables(tables: readonly GeneratedTable[]): string[] {
  return tables
    .filter(({ page, name, render }) => tableOnPage(page, read(page), name) !== render())
    .map(({ page, name }) => `${page}: ${name}`);
}
