/**
 * The release's dry run: each published package is packed the way `changeset publish` packs it
 * (`pnpm pack`, which rewrites `workspace:` versions and applies `publishConfig`), and publint reads
 * the tarball — exports, types and files as a consumer's tools resolve them. `pnpm release` runs this
 * file after its build and before it publishes anything; CI runs it after `pnpm build`.
 *
 * Each package's `prepack` builds it, so a tarball never holds a stale or half-written `dist/`; the
 * packs are made once per run, by test/pack-packages.ts.
 */
import { readFileSync } from 'node:fs';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { publishedPackages, type WorkspacePackage } from './files.js';

/** The package as `pnpm pack` packed it for this run (test/pack-packages.ts): the tarball and its files. */
function pack(pkg: WorkspacePackage): { filename: string; files: string[] } {
  const packed = inject('packedTarballs')[pkg.manifest.name];
  if (!packed) throw new Error(`${pkg.manifest.name} was not packed`);
  return { filename: packed.tarball, files: packed.files };
}

/** Every file path an `exports` map names, at any depth of conditions. */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(exportTargets);
  return [];
}

/** The exports map without the repository's own `@school/source` condition, at any depth. */
function withoutSourceCondition(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([condition]) => condition !== '@school/source')
      .map(([key, inner]) => [key, withoutSourceCondition(inner)]),
  );
}

describe('publint on every published package', () => {
  it('has packages to pack', () => {
    expect(publishedPackages().map((pkg) => pkg.manifest.name)).toEqual(
      expect.arrayContaining(['@school/query-dsl', '@school/integration-client', '@school/mongo-memory']),
    );
  });
});

describe.each(publishedPackages())('the packed $manifest.name', (pkg) => {
  let report: Awaited<ReturnType<typeof publint>>;
  let files: string[];

  beforeAll(async () => {
    const packed = pack(pkg);
    files = packed.files;
    const bytes = readFileSync(packed.filename);
    const tarball = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    report = await publint({ pack: { tarball }, level: 'suggestion' });
  }, 120_000);

  it('has no error, warning or suggestion from publint', () => {
    expect(
      report.messages.map((message) => `${message.type}: ${formatMessage(message, report.pkg)}`),
    ).toEqual([]);
  });

  it("exports only files of the tarball (the sources' `@school/source` condition stays in the repository)", () => {
    const packed = report.pkg as { exports?: unknown; main?: string; module?: string; types?: string };
    const named = [...exportTargets(packed.exports), packed.main, packed.module, packed.types]
      .filter((path): path is string => path !== undefined)
      .map((path) => path.replace(/^\.\//, ''));
    expect(named.length).toBeGreaterThan(3);
    expect(named.filter((path) => !files.includes(path))).toEqual([]);
    expect(packed.exports).toEqual(withoutSourceCondition(pkg.manifest.exports));
  });

  it('carries the version of its package.json, and no workspace: version of a sibling', () => {
    const packed = report.pkg as { version?: string; dependencies?: object; devDependencies?: object };
    expect(packed.version).toBe(pkg.manifest.version);
    const versions = Object.values({ ...packed.dependencies, ...packed.devDependencies }).map(String);
    expect(versions.filter((version) => version.startsWith('workspace:'))).toEqual([]);
  });
});
