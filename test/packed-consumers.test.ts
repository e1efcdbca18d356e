/**
 * The packed @school/query-dsl in an application outside the workspace: in the consumer project
 * where the run's tarballs are installed (pack-packages.ts, beside the workspace's Hono and
 * Express), an ESM and a CommonJS application (consumer/app.mjs, consumer/app.cjs) read repeated
 * keys, bracket operators and `+` through the raw-query accessor the framework guide recommends,
 * and fold non-ASCII search words with the tables the package ships.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from './files.js';

const QUERY = '?tags=sf&tags=humour&year[$gte]=1960&select=title+year';
const UNKNOWN_FIELD = '?pages[$gt]=100';

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
  // A folder of its own in the consumer project: Node finds the packages in its node_modules above.
  const folder = join(inject('packedConsumer'), 'frameworks');
  mkdirSync(folder, { recursive: true });
  for (const app of ['app.mjs', 'app.cjs']) {
    copyFileSync(join(repoRoot, 'test/consumer', app), join(folder, app));
    const output = execFileSync(process.execPath, [app, QUERY, UNKNOWN_FIELD], {
      cwd: folder,
      encoding: 'utf8',
    });
    runs.set(app, JSON.parse(output) as Run);
  }
}, 60_000);

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
    expect(run().entry).toMatch(/node_modules\/@school\/query-dsl\/dist\//);
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
