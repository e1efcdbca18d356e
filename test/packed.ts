/**
 * A published package packed the way the release packs it (`pnpm pack`: `publishConfig` applied),
 * from the build this run made of the sources (build-packages.ts) rather than a `dist/` left in the
 * package folder, which may be stale or being rebuilt by another test file. The package folder is
 * staged in a temporary folder: its manifest, the files it lists, and that build.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, type WorkspacePackage } from './files.js';

/** Packs `pkg` with its build from `builtPackages` into `destination`: the tarball's path. */
export function packBuilt(pkg: WorkspacePackage, builtPackages: string, destination: string): string {
  const stage = mkdtempSync(join(tmpdir(), 'school-stage-'));
  try {
    const source = join(repoRoot, pkg.dir);
    for (const entry of pkg.manifest.files ?? []) {
      if (entry !== 'dist' && existsSync(join(source, entry)))
        cpSync(join(source, entry), join(stage, entry), { recursive: true });
    }
    cpSync(join(builtPackages, pkg.dir.slice('packages/'.length)), join(stage, 'dist'), { recursive: true });
    if (Object.values(pkg.manifest.dependencies ?? {}).some((range) => range.startsWith('workspace:'))) {
      throw new Error(`${pkg.manifest.name} depends on a workspace package: pack it from the workspace`);
    }
    // Development dependencies name private workspace helpers, which pnpm cannot resolve outside
    // the workspace; a consumer never installs them.
    const { devDependencies: _development, ...manifest } = pkg.manifest;
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const output = execFileSync('pnpm', ['pack', '--json', '--pack-destination', destination], {
      cwd: stage,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return (JSON.parse(output) as { filename: string }).filename;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
