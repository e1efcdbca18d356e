/**
 * Once per run of the repository checks: builds every published package with its own tsup
 * configuration into a temporary folder, so the checks of what ships read a build of the sources
 * under test. A fresh clone's `pnpm install && pnpm test` has built nothing, and a `dist/` left by an
 * earlier `pnpm build` may be stale; neither decides what these checks see.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { publishedPackages, repoRoot } from './files.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** The folder holding each published package's build, as `<folder>/<package folder name>/`. */
    builtPackages: string;
  }
}

const run = promisify(execFile);

/** tsup's command-line script, run with this node (no package manager in between). */
function tsupCli(): string {
  const require = createRequire(join(repoRoot, 'package.json'));
  const manifestPath = require.resolve('tsup/package.json');
  const { bin } = require(manifestPath) as { bin: string | Record<string, string> };
  return join(dirname(manifestPath), typeof bin === 'string' ? bin : (bin.tsup ?? 'dist/cli-default.js'));
}

export default async function setup(project: TestProject): Promise<() => void> {
  const out = mkdtempSync(join(tmpdir(), 'school-built-'));
  const cli = tsupCli();
  await Promise.all(
    publishedPackages().map(async (pkg) => {
      const target = join(out, pkg.dir.slice('packages/'.length));
      try {
        await run(process.execPath, [cli, '--silent', '--out-dir', target], { cwd: join(repoRoot, pkg.dir) });
      } catch (error) {
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
        throw new Error(`building ${pkg.dir} failed:\n${stdout}${stderr}`);
      }
    }),
  );
  project.provide('builtPackages', out);
  return () => rmSync(out, { recursive: true, force: true });
}
