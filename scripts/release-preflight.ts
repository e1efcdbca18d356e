/**
 * The first step of `pnpm release`: it stops the release, before anything is built or published,
 * when publishing now would go wrong:
 *
 * - changesets are pending: `changeset publish` publishes the versions in the package.json files,
 *   so it would publish the old versions without the pending changes in their changelogs. Versions
 *   come first (`pnpm version-packages`, or the version pull request the release workflow opens).
 * - in GitHub Actions, a published package's `repository` does not name the repository the
 *   workflow runs in: npm refuses a provenance statement whose source does not match it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the preflight reads from a published package's package.json. */
export interface PublishedManifest {
  name: string;
  private?: boolean;
  repository?: string | { type?: string; url?: string; directory?: string };
}

/** The changesets that `changeset version` has not applied yet, by file name. */
export function pendingChangesets(changesetDir: string): string[] {
  const written = readdirSync(changesetDir).filter((name) => name.endsWith('.md') && name !== 'README.md');
  // In pre-release mode the applied changesets stay in the folder; pre.json lists them.
  const prePath = join(changesetDir, 'pre.json');
  const applied = existsSync(prePath)
    ? new Set((JSON.parse(readFileSync(prePath, 'utf8')) as { changesets?: string[] }).changesets ?? [])
    : new Set<string>();
  return written.filter((name) => !applied.has(name.replace(/\.md$/, ''))).sort();
}

/** The repository a package.json names, as `host/owner/name` in lower case, or undefined. */
export function repositoryOf(manifest: PublishedManifest): string | undefined {
  const url = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  if (!url) return undefined;
  const shorthand = /^github:([^/]+\/[^/]+)$/.exec(url);
  if (shorthand) return `github.com/${shorthand[1]}`.toLowerCase();
  return url
    .replace(/^git\+/, '')
    .replace(/^[a-z]+:\/\/(?:[^@/]+@)?/i, '')
    .replace(/\.git$/, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/** The problems that stop a release, each one sentence a maintainer can act on. */
export function releaseProblems(input: {
  pending: string[];
  packages: PublishedManifest[];
  /** `host/owner/name` of the repository the release runs in, when it runs in GitHub Actions. */
  workflowRepository?: string | undefined;
}): string[] {
  const problems: string[] = [];
  if (input.pending.length > 0) {
    problems.push(
      `${input.pending.length} changeset(s) are pending (${input.pending.join(', ')}): apply them first with ` +
        '`pnpm version-packages` (the release workflow does this in its version pull request), ' +
        'then release the versions it wrote.',
    );
  }
  if (input.workflowRepository !== undefined) {
    const expected = input.workflowRepository.toLowerCase();
    for (const manifest of input.packages.filter((pkg) => pkg.private !== true)) {
      const named = repositoryOf(manifest);
      if (named !== expected) {
        problems.push(
          `${manifest.name}: package.json "repository" ${named ? `names ${named}` : 'is missing'}, but the ` +
            `release runs in ${expected}; npm refuses provenance that does not match (see docs/releasing.md).`,
        );
      }
    }
  }
  return problems;
}

function main(root: string): number {
  const packages = readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(
      (entry): PublishedManifest =>
        JSON.parse(readFileSync(join(root, 'packages', entry.name, 'package.json'), 'utf8')),
    );
  const { GITHUB_ACTIONS, GITHUB_SERVER_URL, GITHUB_REPOSITORY } = process.env;
  const workflowRepository =
    GITHUB_ACTIONS === 'true' && GITHUB_SERVER_URL && GITHUB_REPOSITORY
      ? `${GITHUB_SERVER_URL.replace(/^[a-z]+:\/\//i, '')}/${GITHUB_REPOSITORY}`
      : undefined;
  const problems = releaseProblems({
    pending: pendingChangesets(join(root, '.changeset')),
    packages,
    workflowRepository,
  });
  for (const problem of problems) console.error(`release: ${problem}`);
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.cwd());
}
