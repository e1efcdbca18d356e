/**
 * Any pnpm 10 runs the repository, installed the way the README says: nothing pins one version
 * (a pinned version that pnpm cannot verify stops every command), and CI installs pnpm with the
 * README's own command.
 */
import { describe, expect, it } from 'vitest';
import { type PackageJson, readText } from './files.js';

const manifest = JSON.parse(readText('package.json')) as PackageJson;
const readme = readText('README.md');

describe('pnpm', () => {
  const installCommand = /`(npm install --global pnpm@[^`]+)`/.exec(readme)?.[1];

  // workflows.test.ts pins the README's command itself (`npm install --global pnpm@10`).
  it('is installed by CI with the README command', () => {
    expect(installCommand).toBeDefined();
    expect(
      readText('.ci/run')
        .split('\n')
        .map((line) => line.trim()),
    ).toContain(installCommand);
  });

  it('is not pinned to one version, and pnpm never switches to a pinned one', () => {
    expect(manifest.packageManager).toBeUndefined();
    expect(readText('.npmrc').split('\n')).toContain('manage-package-manager-versions=false');
  });

  it('asks for pnpm 10 in engines, the major the README promises', () => {
    expect(readme).toContain('Any pnpm 10 works');
    expect(manifest.engines?.pnpm).toBe('>=10.0.0 <11');
  });
});

describe("CI's test run", () => {
  const testCommand = /^(pnpm install && pnpm test)\b/m.exec(readme)?.[1];
  const lines = readText('.ci/run')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

  const at = lines.findIndex((line) => testCommand !== undefined && line.startsWith(testCommand));

  it('is the README’s own command, and a failure of either half stops CI', () => {
    expect(testCommand).toBe('pnpm install && pnpm test');
    expect(lines[at]).toBe(`${testCommand} || exit 1`);
  });

  it('builds nothing before it, so a test that needs a build fails in CI as on a fresh clone', () => {
    expect(at).toBeGreaterThan(0);
    const before = lines.slice(0, at);
    expect(before.filter((line) => /\b(?:build|tsup|tsc)\b/u.test(line))).toEqual([]);
  });
});
