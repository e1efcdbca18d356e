/**
 * The GitHub Actions workflows do what the README tells a newcomer to do: install pnpm with the
 * README's command, install from the lockfile, and run the README's test command; CI covers every
 * supported Node.js major; the release workflow versions and publishes with the scripts the
 * maintainer guide describes. Read with a YAML parser, step by step.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type PackageJson, readText, repoRoot } from './files.js';

interface Step {
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}
interface Job {
  'runs-on'?: string;
  strategy?: { matrix?: Record<string, unknown[]> & { include?: Record<string, string>[] } };
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const workflowFiles = readdirSync(join(repoRoot, '.github/workflows')).filter((name) =>
  /\.ya?ml$/.test(name),
);
const workflows = Object.fromEntries(
  workflowFiles.map((name) => [name, parse(readText(`.github/workflows/${name}`)) as Workflow]),
);
const manifest = JSON.parse(readText('package.json')) as PackageJson & { scripts: Record<string, string> };
const readme = readText('README.md');

/** The README's commands: `npm install --global pnpm@10` and the test line's last command. */
const installPnpm = /`(npm install --global pnpm@[^`]+)`/.exec(readme)?.[1];
const testCommand = /^pnpm install && (pnpm test)\b/m.exec(readme)?.[1];

/** The shell lines a job runs, in order, one command per entry. */
const commands = (job: Job): string[] =>
  job.steps.flatMap((step) => (step.run ?? '').split('\n').map((line) => line.trim())).filter(Boolean);

/** A GitHub Actions expression as written in a workflow: `${{ text }}`. */
const expression = (text: string) => `\${{ ${text} }}`;

const jobs = (file: string): [string, Job][] => Object.entries(workflows[file]?.jobs ?? {});

describe('the README', () => {
  it('names the commands the workflows must run', () => {
    expect(installPnpm).toBe('npm install --global pnpm@10');
    expect(testCommand).toBe('pnpm test');
  });
});

describe.each(workflowFiles)('.github/workflows/%s', (file) => {
  it.each(jobs(file))('job %s installs pnpm with the README command before any pnpm command', (_, job) => {
    const lines = commands(job);
    const firstPnpm = lines.findIndex((line) => line.startsWith('pnpm '));
    expect(lines).toContain(installPnpm);
    expect(lines.indexOf(installPnpm ?? '')).toBeLessThan(firstPnpm);
  });

  it.each(jobs(file))('job %s installs dependencies from the lockfile as it is', (_, job) => {
    expect(commands(job)).toContain('pnpm install --frozen-lockfile');
  });
});

describe('ci.yml', () => {
  const ci = workflows['ci.yml'];
  const [, job] = jobs('ci.yml')[0] ?? [];

  it('runs on every push and pull request', () => {
    expect(Object.keys(ci?.on ?? {})).toEqual(expect.arrayContaining(['push', 'pull_request']));
  });

  it("lints, typechecks, builds, then runs the README's test command", () => {
    const lines = commands(job ?? { steps: [] });
    const order = ['pnpm lint', 'pnpm typecheck', 'pnpm build', testCommand ?? 'pnpm test'].map((command) =>
      lines.indexOf(command),
    );
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('runs knip (unused files, exports and dependencies), as .ci/run does', () => {
    expect(manifest.scripts.knip).toBe('knip');
    expect(commands(job ?? { steps: [] })).toContain('pnpm knip');
    expect(readText('.ci/run').split('\n')).toContain('pnpm knip');
  });

  it('runs on Node.js 20, 22 and 24, and on the oldest major engines.node accepts', () => {
    const nodes = (job?.strategy?.matrix?.node ?? []).map(Number);
    expect(nodes).toEqual(expect.arrayContaining([20, 22, 24]));
    const oldest = semver.minVersion(manifest.engines?.node ?? '')?.major;
    expect(nodes).toContain(oldest);
    const setupNode = job?.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with?.['node-version']).toBe(expression('matrix.node'));
  });
});

describe('release.yml', () => {
  const release = workflows['release.yml'];
  const steps = jobs('release.yml').flatMap(([, job]) => job.steps);
  const changesets = steps.find((step) => step.uses?.startsWith('changesets/action@'));
  const baseBranch = (JSON.parse(readText('.changeset/config.json')) as { baseBranch: string }).baseBranch;

  it('runs on pushes to the base branch changesets compares with', () => {
    expect(release?.on).toEqual({ push: { branches: [baseBranch] } });
  });

  it('may push the version branch and tags, open the pull request and sign provenance, nothing more', () => {
    expect(release?.permissions).toEqual({
      contents: 'write',
      'pull-requests': 'write',
      'id-token': 'write',
    });
  });

  it('opens the version pull request and publishes with the scripts docs/releasing.md describes', () => {
    expect(changesets?.with).toMatchObject({ version: 'pnpm version-packages', publish: 'pnpm release' });
    expect(manifest.scripts['version-packages']).toBe('changeset version');
    expect(manifest.scripts.release).toMatch(
      /^tsx scripts\/release-preflight\.ts && pnpm build && .*changeset publish$/,
    );
    const guide = readText('docs/releasing.md');
    for (const script of ['pnpm version-packages', 'pnpm release', 'pnpm check:packages']) {
      expect(guide).toContain(script);
    }
  });

  it('publishes with npm provenance', () => {
    expect(changesets?.env).toMatchObject({
      NPM_CONFIG_PROVENANCE: true,
      NPM_TOKEN: expression('secrets.NPM_TOKEN'),
    });
  });
});

describe('mutation.yml', () => {
  const mutation = workflows['mutation.yml'];
  const [, job] = jobs('mutation.yml')[0] ?? [];
  const include = job?.strategy?.matrix?.include ?? [];

  /** The workspace folders whose package.json has a `mutate` script (what `pnpm mutate` runs). */
  const mutated = ['packages', 'apps'].flatMap((parent) =>
    readdirSync(join(repoRoot, parent), { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() && existsSync(join(repoRoot, parent, entry.name, 'package.json')),
      )
      .map((entry) => `${parent}/${entry.name}`)
      .filter((dir) => {
        const scripts = (JSON.parse(readText(`${dir}/package.json`)) as { scripts?: Record<string, string> })
          .scripts;
        return scripts?.mutate !== undefined;
      }),
  );

  it('runs on a schedule and on demand, never on a push or a pull request', () => {
    expect(Object.keys(mutation?.on ?? {}).sort()).toEqual(['schedule', 'workflow_dispatch']);
    expect(mutation?.permissions).toEqual({ contents: 'read' });
  });

  it('runs every package that has a mutate script, each in a job of its own', () => {
    expect(mutated).toEqual(expect.arrayContaining(['packages/query-dsl', 'packages/integration-client']));
    expect(include.map((entry) => entry.dir).sort()).toEqual([...mutated].sort());
    expect(manifest.scripts.mutate).toMatch(/^pnpm -r .*run mutate$/);
    expect(commands(job ?? { steps: [] })).toContain(
      `pnpm --dir ${expression('matrix.dir')} mutate --concurrency "$(nproc)"`,
    );
  });

  it("keeps each package's report as an artifact, also when the score is below the threshold", () => {
    const upload = job?.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.if).toBe(expression('!cancelled()'));
    expect(upload?.with?.path).toBe(`${expression('matrix.dir')}/reports/mutation/`);
    expect(upload?.with?.name).toBe(`mutation-report-${expression('matrix.package')}`);
    const base = readText('stryker.base.mjs');
    expect(base).toContain("htmlReporter: { fileName: 'reports/mutation/mutation.html' }");
    expect(base).toContain("jsonReporter: { fileName: 'reports/mutation/mutation.json' }");
  });
});
