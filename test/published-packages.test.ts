/**
 * The release's dry run: each published package is packed the way `changeset publish` packs it
 * (`pnpm pack`, which rewrites `workspace:` versions and applies `publishConfig`), and publint reads
 * the tarball — exports, types and files as a consumer's tools resolve them. `pnpm release` runs this
 * file after its build and before it publishes anything; CI runs it after `pnpm build`.
 *
 * Without a build (`dist/` missing) the package is built first, the way `pnpm build` builds it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedPackages, repoRoot, type WorkspacePackage } from './files.js';

const packDir = mkdtempSync(join(tmpdir(), 'school-pack-'));
afterAll(() => rmSync(packDir, { recursive: true, force: true }));

/** `pnpm pack`s the package into the temporary folder; the tarball's path. */
function pack(pkg: WorkspacePackage): string {
  const cwd = join(repoRoot, pkg.dir);
  if (!existsSync(join(cwd, 'dist'))) execFileSync('pnpm', ['run', 'build'], { cwd, stdio: 'ignore' });
  const output = execFileSync('pnpm', ['pack', '--json', '--pack-destination', packDir], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return (JSON.parse(output) as { filename: string }).filename;
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

  beforeAll(async () => {
    const bytes = readFileSync(pack(pkg));
    const tarball = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    report = await publint({ pack: { tarball }, level: 'suggestion' });
  }, 120_000);

  it('has no error, warning or suggestion from publint', () => {
    expect(
      report.messages.map((message) => `${message.type}: ${formatMessage(message, report.pkg)}`),
    ).toEqual([]);
  });

  it('carries the version of its package.json, and no workspace: version of a sibling', () => {
    const packed = report.pkg as { version?: string; dependencies?: object; devDependencies?: object };
    expect(packed.version).toBe(pkg.manifest.version);
    const versions = Object.values({ ...packed.dependencies, ...packed.devDependencies }).map(String);
    expect(versions.filter((version) => version.startsWith('workspace:'))).toEqual([]);
  });
});
