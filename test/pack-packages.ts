/**
 * Once per run of the repository checks: packs every published package as `changeset publish`
 * does (`pnpm pack`: its `prepack` builds it, `workspace:` versions are rewritten, `publishConfig`
 * applied) and installs the tarballs in a consumer folder, as a user's project has them:
 * `node_modules/@school/<name>` unpacked from the tarball (no source, no `@school/source`
 * condition), beside the packages they import, linked to the workspace's installed copies (the
 * checks run offline). The checks of what a user gets read these, never the sources.
 *
 * Each package is packed once per run (its `prepack` rebuilds its `dist/`, and a pack must never
 * read a build another process is still writing); the packages in parallel, as they build apart.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { publishedPackages, repoRoot } from './files.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** Each published package's tarball (absolute path) and the files in it, by package name. */
    packedTarballs: Record<string, { tarball: string; files: string[] }>;
    /** A consumer project (`"type": "module"`) with every published package installed from its tarball. */
    packedConsumer: string;
  }
}

const run = promisify(execFile);

/** What the examples and type declarations of the packages import, besides the packages' own dependencies. */
const CONSUMER_EXTRAS = [
  'bson',
  'mongodb',
  'standardwebhooks',
  '@types/node',
  // The framework guide's examples ship in query-dsl's examples/ (docs/frameworks.md): a user who
  // runs one has its framework installed.
  'express',
  '@types/express',
  'fastify',
  'hono',
  'koa',
  '@types/koa',
];

/** `pnpm pack`s one package into `destination`: the tarball's path and its files. */
async function pack(dir: string, destination: string): Promise<{ tarball: string; files: string[] }> {
  const { stdout } = await run('pnpm', ['pack', '--json', '--pack-destination', destination], {
    cwd: join(repoRoot, dir),
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`packing ${dir} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  });
  // The prepack build prints before the report: the report is the JSON from its first line `{`.
  const report = JSON.parse(stdout.slice(stdout.search(/^\{$/m))) as {
    filename: string;
    files: { path: string }[];
  };
  return { tarball: report.filename, files: report.files.map((file) => file.path) };
}

/**
 * Links `node_modules/<name>` of the consumer to the copy the workspace installed for the first of
 * `dirs` that has one (else the root's).
 */
function link(consumer: string, name: string, dirs: readonly string[]): void {
  const target = join(consumer, 'node_modules', name);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(dirname(target), { recursive: true });
  const candidates = [...dirs, '.'].map((dir) => join(repoRoot, dir, 'node_modules', name));
  for (const candidate of candidates) {
    try {
      symlinkSync(realpathSync(candidate), target, 'dir');
      return;
    } catch {
      // Not installed there: the next place.
    }
  }
  throw new Error(`${name} (for ${dirs.join(', ')}) is not installed in the workspace`);
}

export default async function setup(project: TestProject): Promise<() => void> {
  const out = mkdtempSync(join(tmpdir(), 'school-packed-'));
  const consumer = join(out, 'consumer');
  mkdirSync(join(consumer, 'node_modules', '@school'), { recursive: true });
  writeFileSync(
    join(consumer, 'package.json'),
    '{ "name": "consumer", "private": true, "type": "module" }\n',
  );
  const packed = Object.fromEntries(
    await Promise.all(
      publishedPackages().map(async (pkg) => [pkg.manifest.name, await pack(pkg.dir, out)] as const),
    ),
  );
  for (const pkg of publishedPackages()) {
    const installed = join(consumer, 'node_modules', pkg.manifest.name);
    mkdirSync(installed, { recursive: true });
    await run('tar', ['-xzf', packed[pkg.manifest.name]!.tarball, '-C', installed, '--strip-components=1']);
    const imports = Object.keys({ ...pkg.manifest.dependencies, ...pkg.manifest.peerDependencies });
    for (const name of imports) link(consumer, name, [pkg.dir]);
  }
  const dirs = publishedPackages().map((pkg) => pkg.dir);
  for (const name of CONSUMER_EXTRAS) link(consumer, name, dirs);
  project.provide('packedTarballs', packed);
  project.provide('packedConsumer', consumer);
  return () => rmSync(out, { recursive: true, force: true });
}
