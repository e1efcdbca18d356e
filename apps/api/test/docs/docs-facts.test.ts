/**
 * What the service's docs quote from its code, checked against the code: the defaults of the
 * configuration tables (apps/api/docs/configuration.md, docs/sync.md) against `loadConfig`, the sync worker's
 * default number of loops where a page quotes it, the limits of pages, query strings, bodies and
 * requests, and the route tables of docs/http-api.md and apps/api/README.md against the routes the
 * app registers — in both directions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUPPORTED_OPERATORS } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { TOKEN_PAGINATION } from '../../src/auth/token-list-query.js';
import { COLLECTIONS } from '../../src/collections/index.js';
import { loadConfig } from '../../src/config/app-config.js';
import { deliveries } from '../../src/sync/deliveries.js';
import { DEFAULT_CONCURRENCY } from '../../src/sync/worker.js';
import { build } from '../support/helper.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The rows of the Markdown table under `heading` of a page, as arrays of cell texts. */
function tableUnder(page: string, heading: string): string[][] {
  const text = read(page);
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${page} has no heading ${heading}`);
  const lines = text.slice(start + heading.length + 2).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** The source of every module of src/, to find where a variable is read. */
function sources(dir = fileURLToPath(new URL('../../src/', import.meta.url))): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) =>
      entry.isDirectory()
        ? sources(join(dir, entry.name))
        : entry.name.endsWith('.ts')
          ? readFileSync(join(dir, entry.name), 'utf8')
          : '',
    )
    .join('\n');
}

describe.each([
  ['apps/api/docs/configuration.md', '## Environment variables'],
  ['docs/sync.md', '## Configuration'],
])('the configuration table of %s', (page, heading) => {
  const rows = tableUnder(page, heading).map(([variables = '', fallback = '']) => ({
    variables: [...variables.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!),
    fallback,
  }));
  const names = rows.flatMap((row) => row.variables);
  // A default written as one literal (`3000`), not as prose or in terms of variables (`http://HOST:PORT`).
  const literal = rows.flatMap(({ variables, fallback }) => {
    const value = /^`([^`]*)`$/.exec(fallback)?.[1];
    if (value === undefined || variables.length !== 1 || /\b[A-Z][A-Z_]+\b/.test(value)) return [];
    return [{ name: variables[0]!, value }];
  });
  // Fixed values for what would otherwise be random or read from the machine.
  const base = { DEMO_TOKEN: 'docs-facts-demo-token' };

  it('has variables, some with a literal default', () => {
    expect(names.length).toBeGreaterThan(5);
    expect(literal.length).toBeGreaterThan(0);
  });

  it('names only variables the service reads', () => {
    const code = sources();
    expect(names.filter((name) => !code.includes(name))).toEqual([]);
  });

  it.each(literal)(
    'says $name defaults to $value, and setting it to that changes nothing',
    ({ name, value }) => {
      expect(loadConfig({ ...base, [name]: value }, false)).toEqual(loadConfig(base, false));
    },
  );
});

describe("the sync worker's default number of loops", () => {
  it('is what the pages that quote it say', () => {
    const quoted = [
      ...[...read('docs/sync.md').matchAll(/(\d+) delivery loops by default/g)].map((match) => match[1]),
      ...[
        ...read('apps/api/docs/sync-benchmarks.md').matchAll(/loops \(default: the worker's, (\d+)\)/g),
      ].map((match) => match[1]),
    ];
    expect(quoted.length).toBeGreaterThanOrEqual(2);
    expect(quoted.filter((count) => Number(count) !== DEFAULT_CONCURRENCY)).toEqual([]);
  });
});

/** The numbers `pattern` captures on a page, or a failure naming what is missing. */
function quoted(page: string, pattern: RegExp): number[] {
  const match = pattern.exec(read(page).replace(/\s+/g, ' '));
  if (!match) throw new Error(`${page} no longer says ${pattern}`);
  return match.slice(1).map(Number);
}

describe.each(['docs/query-conventions.md', 'docs/http-api.md'])('the operators %s lists', (page) => {
  // A run of three or more operators in backticks (`$eq $ne …`) lists the query language's operators.
  const lists = [...read(page).matchAll(/`(\$[a-z]+(?: \$[a-z]+){2,})`/g)].map((match) => match[1]!);

  it("are the library's operator table, in its order", () => {
    expect(lists.length).toBeGreaterThanOrEqual(1);
    expect(lists.filter((list) => list !== [...SUPPORTED_OPERATORS].join(' '))).toEqual([]);
  });
});

describe('limits the pages quote', () => {
  const { defaultPerPage, maxPerPage } = COLLECTIONS[0]!.definition.pagination;
  const defaults = loadConfig({ DEMO_TOKEN: 'docs-facts-demo-token' }, false);

  it('pages of every collection and of the delivery log, as query-conventions.md and http-api.md give them', () => {
    expect(COLLECTIONS.filter((c) => c.definition.pagination.maxPerPage !== maxPerPage)).toEqual([]);
    expect(COLLECTIONS.filter((c) => c.definition.pagination.defaultPerPage !== defaultPerPage)).toEqual([]);
    expect(
      quoted(
        'docs/query-conventions.md',
        /`__per_page` \(1 to (\d+), default (\d+); for the delivery log `\/api\/integration\/deliveries`, 1 to (\d+), default (\d+)\)/,
      ),
    ).toEqual([
      maxPerPage,
      defaultPerPage,
      deliveries.pagination.maxPerPage,
      deliveries.pagination.defaultPerPage,
    ]);
    expect(quoted('docs/http-api.md', /\| records per page \| (\d+), at most (\d+) \|/)).toEqual([
      defaultPerPage,
      maxPerPage,
    ]);
  });

  it('of bodies and requests, as http-api.md gives them', () => {
    expect(quoted('docs/http-api.md', /\| request body \| (\d+) MiB/)).toEqual([
      defaults.bodyLimit / 1024 ** 2,
    ]);
    expect(defaults.rateLimitWindowMs).toBe(60_000);
    expect(
      quoted(
        'docs/http-api.md',
        /\| requests per token lineage \(an issued token and those issued under it\), or per address without a valid token \| (\d+) a minute/,
      ),
    ).toEqual([defaults.rateLimitMax]);
  });

  it('of the tokens API, as http-api.md gives them', () => {
    expect(
      quoted('docs/http-api.md', /\| tokens per page of `GET \/api\/tokens` \| (\d+), at most (\d+) /),
    ).toEqual([TOKEN_PAGINATION.defaultPerPage, TOKEN_PAGINATION.maxPerPage]);
    expect(quoted('docs/http-api.md', /\| active tokens one issuer holds \| (\d+) /)).toEqual([
      defaults.maxActiveTokensPerIssuer,
    ]);
  });
});

/** `GET /api/<collection>/<id>`: a route as the docs write it. */
type RouteLine = string;

/** The routes the app registers, read from Fastify's route tree, as the docs write them. */
function registeredRoutes(tree: string): RouteLine[] {
  const stack: string[] = [];
  const routes = new Set<RouteLine>();
  const collections = COLLECTIONS.map((collection) => collection.name).join('|');
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack.push(path);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      const documented = path
        .replace(new RegExp(`^/api/(?:${collections})(?=/|$)`), '/api/<collection>')
        // The resync routes, one per synced collection, are one line of the table.
        .replace(
          new RegExp(`^/api/integration/sync/(?:${collections})(?=/resync$)`),
          '/api/integration/sync/<collection>',
        )
        .replace(/:(\w+)/g, '<$1>');
      routes.add(`${method} ${documented}`);
    }
  }
  return [...routes].sort();
}

describe.each(['docs/http-api.md', 'apps/api/README.md'])('the route table of %s', async (page) => {
  const t = await build();
  const registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
  const documented = tableUnder(page, '## Routes')
    .flatMap(([method = '', paths = '']) =>
      [...paths.matchAll(/`([^`]+)`/g)].map(
        // Pages write a path parameter as <id>, :id or {id}.
        (match) => `${method} ${match[1]!.replace(/\?.*$/, '').replace(/:(\w+)|\{(\w+)\}/g, '<$1$2>')}`,
      ),
    )
    .sort();
  // Not routes of the API: HEAD, which Fastify answers for every GET (the page says so), and the
  // files of the documentation UI (the page names their folder).
  const apiRoutes = registered.filter(
    (route) => !route.startsWith('HEAD ') && !/^GET \/docs\/(?:$|static\/|\*)/.test(route),
  );

  it('is read from the app and the page', () => {
    expect(registered).toContain('GET /api/<collection>/<id>');
    expect(registered).toContain('HEAD /health');
    expect(documented).toContain('GET /health');
  });

  it('lists every route the app registers', () => {
    expect(apiRoutes.filter((route) => !documented.includes(route))).toEqual([]);
  });

  it('lists only routes the app registers', () => {
    expect(documented.filter((route) => !registered.includes(route))).toEqual([]);
  });
});
