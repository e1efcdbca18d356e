/**
 * Each published package declares exactly what its shipped entry points import — in
 * `dependencies`, or in `peerDependencies` when the application must share the one copy (bson's
 * ObjectId) — and its README's install line names every peer. The imports are read from the
 * sources the entry points reach (the build bundles those and keeps every package import as is).
 */

import { existsSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, posix } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { type PackageJson, publishedPackages, readText, repoRoot, type WorkspacePackage } from './files.js';

/** The source file of each entry point (the `@school/source` condition of `exports`). */
function entryFiles(pkg: WorkspacePackage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(pkg.manifest.exports ?? {}).flatMap(([entry, target]) => {
      const source = (target as Record<string, unknown>)['@school/source'];
      return typeof source === 'string' ? [[entry, posix.join(pkg.dir, source)]] : [];
    }),
  );
}

/**
 * The module specifiers a TypeScript file imports or re-exports (static, type-only and dynamic), as
 * the TypeScript compiler's own pre-processor finds them.
 */
const specifiers = (code: string): string[] =>
  ts.preProcessFile(code, true, true).importedFiles.map((file) => file.fileName);

/** The file a relative specifier names: `./x.js` is `./x.ts` in the sources, a folder its index. */
function resolveRelative(from: string, specifier: string): string {
  const base = posix.join(posix.dirname(from), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, `${base}/index.ts`];
  const found = candidates.find((path) => existsSync(join(repoRoot, path)));
  if (!found) throw new Error(`${from} imports ${specifier}, which is not there`);
  return found;
}

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));

/**
 * The files reachable from `entries` by their imports, and the packages they import, by name.
 * `follow` gives the source file a package import leads to when the walk goes into it (the host's
 * build bundles the workspace packages from their sources); the packages it follows are not listed.
 */
function reach(
  entries: readonly string[],
  self: string,
  follow: (specifier: string) => string | undefined = () => undefined,
): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of specifiers(readText(file))) {
      if (specifier.startsWith('.')) visit(resolveRelative(file, specifier));
      else if (isBuiltin(specifier) || packageName(specifier) === self) continue;
      else {
        const source = follow(specifier);
        if (source) visit(source);
        else packages.add(packageName(specifier));
      }
    }
  };
  for (const entry of entries) visit(entry);
  return { files, packages };
}

/** The packages the files reachable from `entry` import, by name. */
const importedPackages = (entry: string, self: string): Set<string> => reach([entry], self).packages;

describe.each(publishedPackages())('$manifest.name', (pkg) => {
  const { manifest } = pkg;
  const entries = entryFiles(pkg);
  const imported = new Set(
    Object.values(entries).flatMap((file) => [...importedPackages(file, manifest.name)]),
  );

  it('has entry points to read', () => {
    expect(Object.keys(entries)).toContain('.');
  });

  it('declares exactly the packages its entry points import', () => {
    const declared = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
    expect(declared.sort()).toEqual([...imported].sort());
  });

  it('declares each of them once, as a dependency or as a peer', () => {
    const both = Object.keys(manifest.dependencies ?? {}).filter(
      (name) => name in (manifest.peerDependencies ?? {}),
    );
    expect(both).toEqual([]);
  });

  it('names every peer dependency in the README install line', () => {
    const readme = readText(`${pkg.dir}/README.md`);
    const installLines = readme.split('\n').filter((line) => /^\s*(?:pnpm add|npm install)\s/.test(line));
    expect(installLines.length).toBeGreaterThan(0);
    for (const peer of Object.keys(manifest.peerDependencies ?? {})) {
      expect(
        installLines.some((line) => line.split(/\s+/).includes(peer)),
        peer,
      ).toBe(true);
    }
  });
});

/** Each workspace package by name: its folder and manifest. */
function workspacePackages(): Map<string, { dir: string; manifest: PackageJson }> {
  const dirs = ['apps/api', ...readdirSync(join(repoRoot, 'packages')).map((name) => `packages/${name}`)];
  return new Map(
    dirs
      .filter((dir) => existsSync(join(repoRoot, dir, 'package.json')))
      .map((dir) => {
        const manifest = JSON.parse(readText(`${dir}/package.json`)) as PackageJson;
        return [manifest.name, { dir, manifest }];
      }),
  );
}

/** The source file a workspace package import leads to (its `@school/source` entry), if it is one. */
function workspaceSource(specifier: string): string | undefined {
  const pkg = workspacePackages().get(packageName(specifier));
  if (!pkg) return undefined;
  const target = pkg.manifest.exports?.[`.${specifier.slice(packageName(specifier).length)}`];
  const source =
    typeof target === 'string' ? target : (target as Record<string, unknown>)?.['@school/source'];
  if (typeof source !== 'string') throw new Error(`${specifier} has no source entry`);
  return posix.join(pkg.dir, source);
}

describe('the host app', () => {
  const manifest = JSON.parse(readText('apps/api/package.json')) as PackageJson;
  // The entries of apps/api/tsup.config.ts, which bundles every `@school/*` package it reaches.
  const entries = [...readText('apps/api/tsup.config.ts').matchAll(/'(src\/[\w/-]+\.ts)'/g)].map(
    (match) => `apps/api/${match[1]}`,
  );

  it('builds the server and the reindex command', () => {
    expect(entries).toEqual(['apps/api/src/server.ts', 'apps/api/src/reindex-search.ts']);
  });

  it('ships none of the private test kit: not a dependency, and no bundled file is one of its own', () => {
    expect(Object.keys(manifest.dependencies ?? {})).not.toContain('@school/testkit');
    const files = [...reach(entries, manifest.name, workspaceSource).files];
    expect(files).toContain('apps/api/src/demo/demo-data.ts');
    expect(files.filter((file) => file.startsWith('packages/testkit/'))).toEqual([]);
  });
});
