/**
 * Tables of the docs written from tables of the code. A page holds each generated table between
 * `<!-- NAME:start -->` and `<!-- NAME:end -->` (the markers of `@school/testkit/docs-tables`, the
 * one writer of such regions); `writeTables` puts what the code gives there, and `staleTables` says
 * which pages differ from it (the repository test), so a table and its page can only be in step
 * when they are the same text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedRegion, markdownTable, writeGeneratedRegion } from '@school/testkit/docs-tables';

export { markdownTable };

/** The repository's root folder. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** One generated table: the page it lives on (relative to the root), its region name, its text. */
export interface GeneratedTable {
  readonly page: string;
  readonly name: string;
  readonly render: () => string;
}

const read = (page: string) => readFileSync(join(repoRoot, page), 'utf8');

/** Writes every table onto its page; returns the pages that changed. */
export function writeTables(tables: readonly GeneratedTable[]): string[] {
  const changed = new Set<string>();
  for (const { page, name, render } of tables) {
    const table = render();
    if (generatedRegion(read(page), name) === table) continue;
    writeGeneratedRegion(join(repoRoot, page), name, table);
    changed.add(page);
  }
  return [...changed];
}

/** `page: name` for every table whose page does not hold what the code gives. */
export function staleTables(tables: readonly GeneratedTable[]): string[] {
  return tables
    .filter(({ page, name, render }) => generatedRegion(read(page), name) !== render())
    .map(({ page, name }) => `${page}: ${name}`);
}
