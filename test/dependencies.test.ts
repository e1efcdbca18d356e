/**
 * Each published package declares exactly what its shipped entry points import — in
 * `dependencies`, or in `peerDependencies` when the application must share the one copy (bson's
 * ObjectId) — and its README's install line names every peer. The imports are read from the
 * sources the entry points reach (the build bundles those and keeps every package import as is).
 */

import { existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishedPackages, readText, repoRoot, type WorkspacePackage } from './files.js';

/** The source file of each entry point (the `@school/source` condition of `exports`). */
function entryFiles(pkg: WorkspacePackage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(pkg.manifest.exports ?? {}).flatMap(([entry, target]) => {
      const source = (target as Record<string, unknown>)['@school/source'];
      return typeof source === 'string' ? [[entry, posix.join(pkg.dir, source)]] : [];
    }),
  );
}

/** The module specifiers a TypeScript file imports or re-exports (static, type-only and dynamic). */
function specifiers(code: string): string[] {
  const bare = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  const patterns = [
    /(?:^|[;}\s])(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...bare.matchAll(pattern)].map((match) => match[1]!));
}

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

/** The packages the files reachable from `entry` import, by name. */
function importedPackages(entry: string, self: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of specifiers(readText(file))) {
      if (specifier.startsWith('.')) visit(resolveRelative(file, specifier));
      else if (!isBuiltin(specifier) && packageName(specifier) !== self) packages.add(packageName(specifier));
    }
  };
  visit(entry);
  return packages;
}

describe('reading imports', () => {
  it('finds static, multi-line, type-only, re-exported and dynamic imports, not those in comments', () => {
    const code = `import { a,\n  b } from 'one';\nimport type { C } from "two/sub";\nexport * from './three.js';
import 'four';\nconst m = await import('five');\n// import { x } from 'six';\n/** import y from 'seven' */`;
    expect(specifiers(code).sort()).toEqual(['./three.js', 'five', 'four', 'one', 'two/sub']);
  });
});

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
