/**
 * The packed @school/query-dsl in an application outside the workspace: installed from its tarball
 * into a temporary project with Hono and Express (the versions the workspace uses, from the local
 * pnpm store; the registry only for what the store lacks), then an ESM and a CommonJS application
 * (consumer/app.mjs, consumer/app.cjs) read repeated keys, bracket operators and `+` through the
 * raw-query accessor the framework guide recommends, and fold non-ASCII search words with the
 * tables the package ships.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { publishedPackages, repoRoot } from './files.js';
import { packBuilt } from './packed.js';

const project = mkdtempSync(join(tmpdir(), 'school-consumer-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

const QUERY = '?tags=sf&tags=humour&year[$gte]=1960&select=title+year';
const UNKNOWN_FIELD = '?pages[$gt]=100';

/** The version of `name` the query-dsl package develops against, so that the store holds it. */
const workspaceVersion = (name: string): string =>
  (
    JSON.parse(
      readFileSync(join(repoRoot, 'packages/query-dsl/node_modules', name, 'package.json'), 'utf8'),
    ) as { version: string }
  ).version;

interface Answer {
  status: number;
  body: unknown;
}
interface Run {
  entry: string;
  fold: string;
  answers: Array<{ query: string; hono: Answer; express: Answer }>;
}
const runs = new Map<string, Run>();

beforeAll(() => {
  const pkg = publishedPackages().find(({ manifest }) => manifest.name === '@school/query-dsl')!;
  const tarball = packBuilt(pkg, inject('builtPackages'), project);
  const manifest = {
    name: 'school-consumer',
    private: true,
    dependencies: {
      '@school/query-dsl': `file:${tarball}`,
      bson: workspaceVersion('bson'),
      express: workspaceVersion('express'),
      hono: workspaceVersion('hono'),
    },
  };
  writeFileSync(join(project, 'package.json'), JSON.stringify(manifest, null, 2));
  const store = execFileSync('pnpm', ['store', 'path'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  // Once for the file: no lockfile to keep (CI would freeze it), the workspace's store first.
  execFileSync(
    'pnpm',
    ['install', '--prefer-offline', '--no-frozen-lockfile', '--ignore-scripts', '--store-dir', store],
    { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const app of ['app.mjs', 'app.cjs']) {
    copyFileSync(join(repoRoot, 'test/consumer', app), join(project, app));
    const output = execFileSync(process.execPath, [app, QUERY, UNKNOWN_FIELD], {
      cwd: project,
      encoding: 'utf8',
    });
    runs.set(app, JSON.parse(output) as Run);
  }
}, 300_000);

const read = {
  kind: 'find',
  filter: { tags: { $in: ['sf', 'humour'] }, year: { $gte: 1960 } },
  options: expect.objectContaining({ projection: { title: 1, year: 1 } }),
};

describe.each([
  { app: 'app.mjs', system: 'ESM', build: /\/dist\/index\.js$/ },
  { app: 'app.cjs', system: 'CommonJS', build: /\/dist\/index\.cjs$/ },
])('the packed package in a $system application', ({ app, build }) => {
  const run = () => runs.get(app)!;
  const answerTo = (query: string) => run().answers.find((answer) => answer.query === query)!;

  it('loads the build of its module system from the installed tarball', () => {
    expect(run().entry).toMatch(/node_modules\/.+@school(\/|\+)query-dsl/);
    expect(run().entry).toMatch(build);
  });

  it.each(['hono', 'express'] as const)(
    '%s reads `tags=sf&tags=humour`, `year[$gte]=1960` and `select=title+year` from the raw query',
    (framework) => {
      expect(answerTo(QUERY)[framework]).toEqual({ status: 200, body: read });
    },
  );

  it.each(['hono', 'express'] as const)(
    '%s answers 400 with the issue for a field books lack',
    (framework) => {
      expect(answerTo(UNKNOWN_FIELD)[framework]).toEqual({
        status: 400,
        body: [expect.objectContaining({ code: 'UNKNOWN_FIELD', param: 'pages' })],
      });
    },
  );

  it('folds Latin, Cyrillic and Chinese search words with the tables it ships', () => {
    expect(run().fold).toBe('stanislaw moskva zhong wen');
  });
});
