/**
 * Every relative link of every Markdown page resolves: in the repository, to a file or folder of the
 * repository (and to a heading of the page it names); in a package's tarball, to a file of that same
 * tarball, since a reader on the registry has nothing else.
 */
import { existsSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packedFiles, publishedPackages, readText, repoRoot, sourceFiles } from './files.js';
import { anchors, links } from './markdown.js';

const pages = sourceFiles().filter((path) => path.endsWith('.md'));
const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** The problems of one link, given the files it may point to. */
function problems(
  page: string,
  target: string,
  exists: (path: string) => boolean,
  pageText: (path: string) => string,
): string[] {
  const [pathPart = '', anchor] = target.split('#', 2) as [string, string | undefined];
  const path = pathPart === '' ? page : posix.normalize(posix.join(posix.dirname(page), decodeURI(pathPart)));
  if (pathPart.startsWith('/')) return [`${target} is an absolute path; use a relative one`];
  if (path.startsWith('../') || path === '..') return [`${target} points outside`];
  if (!exists(path)) return [`${target} is not there`];
  if (anchor !== undefined && path.endsWith('.md') && !anchors(pageText(path)).has(anchor)) {
    return [`${target}: ${path} has no heading for #${anchor}`];
  }
  return [];
}

describe('the repository', () => {
  it('has Markdown pages to check', () => {
    expect(pages).toEqual(
      expect.arrayContaining(['README.md', 'docs/http-api.md', 'docs/query-conventions.md']),
    );
  });

  it.each(pages)('%s: every relative link resolves inside the repository', (page) => {
    const broken = links(readText(page))
      .filter(({ target }) => !isExternal(target))
      .flatMap(({ target, line }) =>
        problems(page, target, (path) => existsSync(join(repoRoot, path)), readText).map(
          (problem) => `${page}:${line}: ${problem}`,
        ),
      );
    expect(broken).toEqual([]);
  });

  it.each(pages)(
    '%s: links nothing outside the repository (the docs describe the project in its own words)',
    (page) => {
      const outside = links(readText(page))
        .filter(({ target }) => isExternal(target) && !target.startsWith('mailto:'))
        .map(({ target, line }) => `${page}:${line}: ${target}`);
      expect(outside).toEqual([]);
    },
  );
});

describe.each(publishedPackages())('the $manifest.name tarball', (pkg) => {
  const packed = packedFiles(pkg);
  const shippedPages = packed.filter((path) => path.endsWith('.md'));
  // A folder ships when a file inside it does.
  const shipped = new Set(packed.flatMap((path) => [path, ...parents(path)]));

  it('ships its README and docs', () => {
    expect(shippedPages).toContain('README.md');
  });

  it.each(shippedPages)('%s: every relative link resolves inside the tarball', (page) => {
    const broken = links(readText(`${pkg.dir}/${page}`))
      .filter(({ target }) => !isExternal(target))
      .flatMap(({ target, line }) =>
        problems(
          page,
          target,
          (path) => shipped.has(path),
          (path) => readText(`${pkg.dir}/${path}`),
        ).map((problem) => `${pkg.dir}/${page}:${line}: ${problem}`),
      );
    expect(broken).toEqual([]);
  });
});

function parents(path: string): string[] {
  const found: string[] = [];
  for (let dir = dirname(path); dir !== '.' && dir !== '/'; dir = dirname(dir)) found.push(dir);
  return found;
}
