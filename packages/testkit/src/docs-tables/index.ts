import { readFileSync, writeFileSync } from 'node:fs';

/**
 * A reference table kept in code and shown in a Markdown page: the page holds the table between
 * `<!-- NAME:start -->` and `<!-- NAME:end -->`, a package's `docs:*` script writes it there, and a
 * test holds the page to what the script would write.
 */

/** A Markdown table; a `|` in a cell is escaped, so a row always has as many cells as the head. */
export function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(head), `|${head.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

const markers = (name: string) => [`<!-- ${name}:start -->\n`, `<!-- ${name}:end -->`] as const;

/** Where the generated text of the region `name` starts and ends; throws when a marker is missing. */
function region(markdown: string, name: string): [number, number] {
  const [start, end] = markers(name);
  const from = markdown.indexOf(start);
  const to = markdown.indexOf(end, from + start.length);
  if (from < 0 || to < 0) throw new Error(`no <!-- ${name}:start --> … <!-- ${name}:end --> region`);
  return [from + start.length, to];
}

/** What `markdown` holds between the markers named `name`, without the line break before the end marker. */
export function generatedRegion(markdown: string, name: string): string {
  const [from, to] = region(markdown, name);
  return markdown.slice(from, to).replace(/\n$/, '');
}

/** Writes `content` between the markers named `name` of the page at `path`, the rest unchanged. */
export function writeGeneratedRegion(path: string | URL, name: string, content: string): void {
  const markdown = readFileSync(path, 'utf8');
  const [from, to] = region(markdown, name);
  writeFileSync(path, `${markdown.slice(0, from)}${content}\n${markdown.slice(to)}`);
}

/** The cells of every body row of the Markdown tables in `markdown` (head and rule rows left out). */
export function tableRows(markdown: string): string[][] {
  const isRule = (line: string | undefined) => line !== undefined && /^\|(?:\s*:?-+:?\s*\|)+$/.test(line);
  const lines = markdown.split('\n').filter((line) => line.startsWith('|'));
  return lines
    .filter((line, index) => !isRule(line) && !isRule(lines[index + 1]))
    .map((line) =>
      line
        .replace(/^\|\s?/, '')
        .replace(/\s?\|$/, '')
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replaceAll('\\|', '|')),
    );
}
