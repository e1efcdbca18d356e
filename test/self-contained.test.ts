/**
 * The repository describes itself: no doc, comment, type declaration or built file points at a
 * document outside it (a sibling folder, a specification or decision record kept elsewhere, or
 * numbered sections of one). What those said is in the repository's own docs/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { publishedPackages, readText, sourceFiles } from './files.js';

const OUTSIDE: readonly RegExp[] = [
  /\.\.\/shared\b/, // the folder kept beside the repository
  /\bshared\/spec\b/,
  /\bservice-api\.md\b/,
  /\bCONTRACT\b/, // the decision record, by name or "CONTRACT §4"
  /\bspec(?:\s+section)?\s*§?\s*\d/i, // "spec 2.5", "spec section 6", "spec §6"
  /\bspec\s*§/i,
  /\bthe spec\b/i, // "the spec says", "the spec's" (not "the specification of")
];

const TEXT = /\.(?:md|ts|cts|mts|js|cjs|mjs|json|ya?ml|py|sh)$|^\.ci\/run$|(?:^|\/)\.npmrc$/;
const THIS_FILE = 'test/self-contained.test.ts';

/** `path:line: …text…` for every place in `text` that points outside. */
function citations(path: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) =>
    OUTSIDE.slice(0, 1).flatMap(() => {
      const match = OUTSIDE.map((pattern) => pattern.exec(line)).find((found) => found !== null);
      if (!match) return [];
      const around = line.slice(Math.max(0, match.index - 60), match.index + match[0].length + 60);
      return [`${path}:${index + 1}: …${around.trim()}…`];
    }),
  );
}

describe('no file points outside the repository', () => {
  const files = sourceFiles().filter(
    (path) => TEXT.test(path) && path !== THIS_FILE && path !== 'pnpm-lock.yaml',
  );

  it('reads the docs, sources, tests, examples and configuration', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        '.ci/run',
        'packages/query-dsl/src/index.ts',
        'apps/api/src/app.ts',
      ]),
    );
  });

  it('in what is written by hand', () => {
    expect(files.flatMap((path) => citations(path, readText(path)))).toEqual([]);
  });

  it('finds a citation when there is one', () => {
    const samples = [
      'see ../shared/spec/service-api.md',
      '/** Body of POST /api/integration/students (spec 2.5). */',
      '// CONTRACT §4',
      'the external system of spec section 6',
      'what the spec says it finds',
    ];
    expect(samples.filter((sample) => citations('x', sample).length === 0)).toEqual([]);
    expect(citations('x', 'the integration contract, the specification of a field, spec.ts')).toEqual([]);
  });
});

describe.each(publishedPackages())('the built $manifest.name', (pkg) => {
  // Built from the sources under test by the project's setup (build-packages.ts), never a stale dist/.
  const built = join(inject('builtPackages'), pkg.dir.slice('packages/'.length));

  it('declares and bundles nothing that points outside', () => {
    const files = readdirSync(built);
    expect(files.filter((name) => name.endsWith('.d.ts'))).not.toEqual([]);
    expect(
      files.flatMap((name) => citations(`${pkg.dir}/dist/${name}`, readFileSync(join(built, name), 'utf8'))),
    ).toEqual([]);
  });
});
