/**
 * `pnpm release` stops before building or publishing anything when publishing now would go wrong:
 * pending changesets, or (in GitHub Actions) a package whose `repository` npm's provenance check
 * would refuse.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pendingChangesets, releaseProblems, repositoryOf } from '../scripts/release-preflight.js';
import { readText, repoRoot } from './files.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function changesetFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'changesets-'));
  folders.push(dir);
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('pending changesets', () => {
  it('are the Markdown files of .changeset other than its README', () => {
    const dir = changesetFolder({ 'README.md': '', 'config.json': '{}', 'b-two.md': '', 'a-one.md': '' });
    expect(pendingChangesets(dir)).toEqual(['a-one.md', 'b-two.md']);
  });

  it('leave out, in pre-release mode, the changesets pre.json lists as applied', () => {
    const dir = changesetFolder({
      'a-one.md': '',
      'b-two.md': '',
      'pre.json': JSON.stringify({ mode: 'pre', tag: 'next', changesets: ['a-one'] }),
    });
    expect(pendingChangesets(dir)).toEqual(['b-two.md']);
  });

  it('stop the release with the command that applies them', () => {
    const problems = releaseProblems({ pending: ['a-one.md'], packages: [] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('1 changeset(s) are pending (a-one.md)');
    expect(problems[0]).toContain('pnpm version-packages');
  });

  it('are read from the repository, whose version-packages script applies them', () => {
    expect(() => pendingChangesets(join(repoRoot, '.changeset'))).not.toThrow();
    const scripts = (JSON.parse(readText('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['version-packages']).toBe('changeset version');
  });
});

describe("a package's repository", () => {
  it('is read from the forms package.json allows', () => {
    expect(repositoryOf({ name: 'a', repository: 'github:Owner/Repo' })).toBe('github.com/owner/repo');
    expect(
      repositoryOf({ name: 'a', repository: { type: 'git', url: 'git+https://github.com/Owner/Repo.git' } }),
    ).toBe('github.com/owner/repo');
    expect(repositoryOf({ name: 'a', repository: { url: 'https://github.com/owner/repo/' } })).toBe(
      'github.com/owner/repo',
    );
    expect(repositoryOf({ name: 'a' })).toBeUndefined();
  });

  it('must name the repository the release workflow runs in', () => {
    const packages = [
      { name: '@school/a', repository: { type: 'git', url: 'git+https://github.com/owner/repo.git' } },
      { name: '@school/b' },
      { name: '@school/c', repository: 'github:someone/else' },
      { name: '@school/api', private: true },
    ];
    expect(releaseProblems({ pending: [], packages, workflowRepository: 'github.com/Owner/Repo' })).toEqual([
      expect.stringMatching(
        /^@school\/b: package.json "repository" is missing, but the release runs in github.com\/owner\/repo/,
      ),
      expect.stringMatching(/^@school\/c: package.json "repository" names github.com\/someone\/else/),
    ]);
  });

  it('is not checked outside GitHub Actions, where no provenance is made', () => {
    expect(releaseProblems({ pending: [], packages: [{ name: '@school/b' }] })).toEqual([]);
  });
});
