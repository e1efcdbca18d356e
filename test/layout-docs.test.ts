/**
 * Every Layout section says what is there: the root README's and each workspace package's README
 * name only paths that exist, and every top-level folder of each package's `src/`; and the service's
 * claim that its folders are layers, each importing only folders listed above it, holds for every
 * relative import of its sources.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readText, repoRoot } from './files.js';

/** The workspace packages, as `packages/<name>/` and `apps/<name>/`. */
const workspace = ['packages', 'apps'].flatMap((dir) =>
  readdirSync(join(repoRoot, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}/`),
);

/** The folders directly under a package's `src/`. */
const srcFolders = (pkg: string): string[] =>
  existsSync(join(repoRoot, pkg, 'src'))
    ? readdirSync(join(repoRoot, pkg, 'src'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

/** The text of a page's `## Layout` section. */
function layoutSection(page: string): string {
  const text = readText(page);
  const start = text.indexOf('\n## Layout\n');
  if (start < 0) throw new Error(`${page} has no "## Layout" section`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** A layout line: the paths it names (its first column) and what it says of them (the rest, continued lines included). */
interface Entry {
  paths: string[];
  description: string;
}

/**
 * The entries of a Layout section: each line of its code blocks that does not start with a space
 * (paths, then two spaces, then the description; a line that starts with spaces continues the
 * one above), and each bullet that starts with paths in backticks before a dash.
 */
function entries(section: string): Entry[] {
  const found: Entry[] = [];
  for (const [, block = ''] of section.matchAll(/```\n([\s\S]*?)```/g)) {
    for (const line of block.split('\n').filter(Boolean)) {
      const [column = '', ...rest] = line.split(/\s{2,}/);
      if (column === '') found.at(-1)!.description += ` ${rest.join(' ')}`;
      else found.push({ paths: column.split(/,\s*/), description: rest.join(' ') });
    }
  }
  for (const [, head = '', description = ''] of section.matchAll(/^- ((?:`[^`]+`(?:,? )?)+) — (.*)$/gm)) {
    found.push({ paths: [...head.matchAll(/`([^`]+)`/g)].map((match) => match[1]!), description });
  }
  return found;
}

describe("the root README's Layout", () => {
  const lines = entries(layoutSection('README.md'));

  it('names paths that exist', () => {
    expect(lines.length).toBeGreaterThan(5);
    const paths = lines.flatMap((entry) => entry.paths);
    expect(paths.filter((path) => !existsSync(join(repoRoot, path)))).toEqual([]);
  });

  it('names every workspace package', () => {
    const paths = lines.flatMap((entry) => entry.paths);
    expect(workspace.filter((pkg) => !paths.includes(pkg))).toEqual([]);
  });

  it.each(workspace)('names every top-level folder of %ssrc/, and only folders that are there', (pkg) => {
    const description = lines.find((entry) => entry.paths.includes(pkg))?.description ?? '';
    const named = [...description.matchAll(/(?:^|[\s,(:])([a-z][\w-]*)\/(?=[\s,;)]|$)/g)].map(
      (match) => match[1]!,
    );
    expect(srcFolders(pkg).filter((folder) => !named.includes(folder))).toEqual([]);
    expect(named.filter((folder) => !existsSync(join(repoRoot, pkg, 'src', folder)))).toEqual([]);
  });
});

describe.each(workspace)("%sREADME.md's Layout", (pkg) => {
  const lines = entries(layoutSection(`${pkg}README.md`));
  const paths = lines.flatMap((entry) => entry.paths);
  const exists = (path: string) =>
    existsSync(join(repoRoot, pkg, 'src', path)) || existsSync(join(repoRoot, pkg, path));

  it('names paths that exist in the package (under src/ or at its root)', () => {
    expect(paths.length).toBeGreaterThan(3);
    expect(paths.filter((path) => !exists(path))).toEqual([]);
  });

  it('names every top-level folder of src/', () => {
    const named = paths.map((path) => path.replace(/^src\//, ''));
    expect(srcFolders(pkg).filter((folder) => !named.includes(`${folder}/`))).toEqual([]);
  });
});

/** The `src/` folders a folder's files import by relative path, other than itself. */
function importedFolders(src: string, folder: string): Set<string> {
  const imported = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        for (const [, specifier = ''] of readFileSync(path, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
          const target = relative(src, resolve(dirname(path), specifier)).split(sep);
          if (target.length > 1 && target[0] !== folder && target[0] !== '..') imported.add(target[0]!);
        }
      }
    }
  };
  walk(join(src, folder));
  return imported;
}

describe("apps/api's folders, as its README lists them", () => {
  const src = join(repoRoot, 'apps/api/src');
  const order = entries(layoutSection('apps/api/README.md'))
    .flatMap((entry) => entry.paths)
    .flatMap((path) => /^src\/([\w-]+)\/$/.exec(path)?.[1] ?? []);

  it('are layers: each imports only folders listed above it', () => {
    expect(order.length).toBeGreaterThan(5);
    const upward = order.flatMap((folder, index) =>
      [...importedFolders(src, folder)]
        .filter((imported) => !order.slice(0, index).includes(imported))
        .map((imported) => `src/${folder}/ imports src/${imported}/, listed below it`),
    );
    expect(upward).toEqual([]);
  });
});
