/**
 * `pnpm install` asks nothing and warns about nothing: pnpm 10 runs a dependency's install script
 * only when `pnpm-workspace.yaml` allows it (`onlyBuiltDependencies`), and an install script it
 * neither allows nor ignores (`ignoredBuiltDependencies`) puts an "Ignored build scripts … Run pnpm
 * approve-builds" box under every install. Each installed dependency with an install script is
 * therefore decided one way, with the reason written beside it.
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readText, repoRoot } from './files.js';

interface WorkspaceSettings {
  onlyBuiltDependencies?: string[];
  ignoredBuiltDependencies?: string[];
}

const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'] as const;

/** The names of the installed packages (any version) whose manifest declares an install script. */
function packagesWithInstallScripts(): string[] {
  const store = join(repoRoot, 'node_modules', '.pnpm');
  const found = new Set<string>();
  for (const entry of readdirSync(store)) {
    const modules = join(store, entry, 'node_modules');
    if (!existsSync(modules)) continue;
    for (const name of readdirSync(modules)) {
      const names = name.startsWith('@')
        ? readdirSync(join(modules, name)).map((n) => `${name}/${n}`)
        : [name];
      for (const packageName of names) {
        const dir = join(modules, packageName);
        // Each store entry holds one package; the others beside it are links to their own entries.
        if (!realpathSync(dir).startsWith(join(realpathSync(store), entry))) continue;
        const manifest = join(dir, 'package.json');
        if (!existsSync(manifest)) continue;
        const { scripts = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as {
          scripts?: Record<string, string>;
        };
        if (INSTALL_SCRIPTS.some((script) => scripts[script] !== undefined)) found.add(packageName);
      }
    }
  }
  return [...found].sort();
}

describe('install scripts of dependencies', () => {
  const settings = parse(readText('pnpm-workspace.yaml')) as WorkspaceSettings;
  const allowed = settings.onlyBuiltDependencies ?? [];
  const ignored = settings.ignoredBuiltDependencies ?? [];
  const withScripts = packagesWithInstallScripts();

  it('are found in the installed packages', () => {
    expect(withScripts).toContain('esbuild');
  });

  it('are each allowed or ignored in pnpm-workspace.yaml, so that pnpm install shows no box', () => {
    expect(withScripts.filter((name) => !allowed.includes(name) && !ignored.includes(name))).toEqual([]);
  });

  it('are never both allowed and ignored, and no entry names a package that is not installed', () => {
    expect(allowed.filter((name) => ignored.includes(name))).toEqual([]);
    expect([...allowed, ...ignored].filter((name) => !withScripts.includes(name))).toEqual([]);
  });

  it("leave mongodb-memory-server's binary download out (it needs MongoDB's servers, not the registry)", () => {
    expect(ignored).toContain('mongodb-memory-server');
  });
});
