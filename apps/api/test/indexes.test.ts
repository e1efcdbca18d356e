/**
 * Every query path that can use an index uses one. The host's own commands are recorded as it
 * sends them (a wrapped `Db`), then, on a real MongoDB, explained: the winning plan must scan an
 * index (IXSCAN, or the `_id` fast path) and never the collection (COLLSCAN). The in-process
 * engine has no query planner, so there the test checks only that each request sent the command
 * the table in docs/deployment.md describes; the plans are checked wherever MONGODB_URI is set.
 * The list requests are written with the query builder (`listUrl`).
 */
import { readFileSync } from 'node:fs';
import { integrationCollections } from '@school/integration-client';
import type { Collection, Db, Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { grades } from '../src/collections/grades.js';
import { COLLECTIONS } from '../src/collections/index.js';
import { students } from '../src/collections/students.js';
import { DELIVERIES, DELIVERY_INDEXES } from '../src/sync/deliveries.js';
import { SYNC_QUEUE_INDEX } from '../src/sync/indexes.js';
import { TEST_ENGINE } from './database.js';
import { build, expectOk, listUrl, type TokenName } from './helper.js';

interface Command {
  readonly collection: string;
  readonly kind: 'find' | 'aggregate' | 'count';
  readonly filter: Document;
  readonly options: Document;
  readonly pipeline: Document[];
}

let recording: Command[] | undefined;

function isDocument(value: unknown): value is Document {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const documentOr = (value: unknown): Document => (isDocument(value) ? value : {});

/** A `Db` whose collections note every read the host makes while `recording` is set. */
function recorder(db: Db): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'collection') return Reflect.get(target, property, receiver);
      return (name: string) => {
        const collection = target.collection(name);
        return new Proxy(collection, {
          get(inner: Collection, key, innerReceiver) {
            const original = Reflect.get(inner, key, innerReceiver);
            if (typeof original !== 'function') return original;
            return (...args: unknown[]) => {
              const note = (command: Omit<Command, 'collection'>) =>
                recording?.push({ collection: name, ...command });
              const [first, second] = args;
              if (key === 'find')
                note({ kind: 'find', filter: documentOr(first), options: documentOr(second), pipeline: [] });
              if (key === 'aggregate')
                note({
                  kind: 'aggregate',
                  filter: {},
                  options: {},
                  pipeline: Array.isArray(first) ? first.filter(isDocument) : [],
                });
              if (key === 'countDocuments')
                note({ kind: 'count', filter: documentOr(first), options: {}, pipeline: [] });
              return original.apply(inner, args);
            };
          },
        });
      };
    },
  });
}

let raw: Db | undefined;
const t = await build({
  wrapDb: (db) => {
    raw = db;
    return recorder(db);
  },
});
const seed = await t.seed();
const { A } = seed;

/** The commands one request sends. */
async function commandsOf(url: string, token: TokenName = 'schoolA'): Promise<Command[]> {
  recording = [];
  try {
    expectOk(await t.get(url, { token }));
    return recording;
  } finally {
    recording = undefined;
  }
}

/** Every `stage` of a plan tree, wherever the server version nests it. */
function stages(node: unknown, into: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) stages(item, into);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'rejectedPlans') continue;
      if (key === 'stage' && typeof value === 'string') into.push(value);
      else stages(value, into);
    }
  }
  return into;
}

async function explain(command: Command): Promise<string[]> {
  const db = raw!;
  const collection = db.collection(command.collection);
  if (command.kind === 'find') {
    const { projection, sort, skip, limit } = command.options;
    let cursor = collection.find(command.filter, { projection, sort });
    if (skip) cursor = cursor.skip(skip);
    if (limit) cursor = cursor.limit(limit);
    return stages(await cursor.explain('queryPlanner'));
  }
  if (command.kind === 'count') {
    return stages(
      await db.command({
        explain: { count: command.collection, query: command.filter },
        verbosity: 'queryPlanner',
      }),
    );
  }
  return stages(await collection.aggregate(command.pipeline).explain('queryPlanner'));
}

/** The fields a command filters or sorts on (in `$and` branches, `$elemMatch` and a pipeline's `$match` and `$sort` too). */
function fieldsOf(command: Command): Set<string> {
  const fields = new Set<string>();
  const walk = (node: unknown, prefix: string): void => {
    if (Array.isArray(node)) for (const item of node) walk(item, prefix);
    else if (node !== null && typeof node === 'object' && !(node instanceof Date) && !('_bsontype' in node)) {
      for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('$')) walk(value, prefix);
        else {
          const path = prefix ? `${prefix}.${key}` : key;
          fields.add(path);
          walk(value, path);
        }
      }
    }
  };
  walk(command.filter, '');
  walk(command.options.sort, '');
  for (const stage of command.pipeline) {
    walk(stage.$match, '');
    walk(stage.$sort, '');
  }
  return fields;
}

const hasIndexScan = (plan: string[]) =>
  plan.some((stage) => /^(IXSCAN|IDHACK|EXPRESS_IXSCAN|COUNT_SCAN|DISTINCT_SCAN)$/u.test(stage));

/** Each convention the deployment guide's index table lists, with the request that exercises it. */
const conventions: Array<{
  name: string;
  url: () => string;
  token?: TokenName;
  index: string;
  leading: string;
}> = [
  {
    name: 'a scoped list, every collection',
    url: () => '/api/years',
    index: 'school_1__id_1',
    leading: 'school',
  },
  {
    name: 'a scoped list of students with totals',
    url: () => listUrl(students, { includeTotals: true }),
    index: 'school_1__id_1',
    leading: 'school',
  },
  {
    name: 'a list with every school',
    url: () => '/api/students',
    token: 'full',
    index: '_id_',
    leading: '_id',
  },
  { name: 'GET /:id', url: () => `/api/students/${A.students[0]}`, index: '_id_', leading: '_id' },
  {
    name: 'global_search',
    url: () => listUrl(students, { search: 'jose' }),
    index: '_search_1',
    leading: '_search',
  },
  {
    name: 'a filter on a reference',
    url: () => listUrl(students, { filter: { 'years.group': A.grade } }),
    token: 'full',
    index: 'years.group_1',
    leading: 'years.group',
  },
  {
    name: 'a filter on a reference array',
    url: () => listUrl(students, { filter: { parents: A.parent } }),
    token: 'full',
    index: 'parents_1',
    leading: 'parents',
  },
  {
    name: 'a grade filter on its section',
    url: () => listUrl(grades, { filter: { section: A.section } }),
    token: 'full',
    index: 'section_1',
    leading: 'section',
  },
  {
    name: 'elemMatch on the years of a student',
    url: () => listUrl(students, { elemMatch: [{ property: 'years', parameters: { year: A.year } }] }),
    token: 'full',
    index: 'years.year_1',
    leading: 'years.year',
  },
  {
    name: 'an identification number in the school',
    url: () => listUrl(students, { filter: { 'user.id_card': '0912345671' } }),
    index: 'school_id_card_unique',
    leading: 'school',
  },
  {
    name: 'the delivery log',
    url: () => '/api/integration/deliveries',
    index: 'school_1_at_-1__id_1',
    leading: 'school',
  },
  {
    name: 'the delivery log of every school',
    url: () => '/api/integration/deliveries',
    token: 'full',
    index: 'at_-1__id_1',
    leading: 'at',
  },
  {
    name: 'populate (the page is matched, sorted and cut before any lookup)',
    url: () => listUrl(students, { populate: { school: 'name', parents: 'user.name' } }),
    index: 'school_1__id_1',
    leading: 'school',
  },
];

describe(`every query path uses its index (plans checked: ${TEST_ENGINE === 'mongodb' ? 'yes, on MongoDB' : 'no, the in-process engine has no planner'})`, () => {
  for (const convention of conventions) {
    it(`${convention.name} uses ${convention.index}`, async () => {
      const commands = await commandsOf(convention.url(), convention.token);
      const page = commands[0];
      expect(page, 'the request read nothing').toBeDefined();
      // The page's command constrains the index's leading field, whichever engine runs it.
      expect([...fieldsOf(page!)], JSON.stringify(page)).toContain(convention.leading);
      if (TEST_ENGINE !== 'mongodb') return;
      for (const command of commands) {
        const plan = await explain(command);
        expect(plan, `${JSON.stringify(command)} → ${plan.join(' ')}`).not.toContain('COLLSCAN');
        expect(hasIndexScan(plan), `${JSON.stringify(command)} → ${plan.join(' ')}`).toBe(true);
      }
    });
  }

  it('every declared index exists in the database', async () => {
    const log = (await t.db.collection(DELIVERIES).indexes()).map((index) => JSON.stringify(index.key));
    for (const index of DELIVERY_INDEXES) expect(log, DELIVERIES).toContain(JSON.stringify(index.keys));
    for (const name of integrationCollections) {
      const queue = (await t.db.collection(name).indexes()).map((index) => JSON.stringify(index.key));
      expect(queue, name).toContain(JSON.stringify(SYNC_QUEUE_INDEX));
    }
    for (const collection of COLLECTIONS) {
      const names = (await t.db.collection(collection.name).indexes()).map((index) =>
        JSON.stringify(index.key),
      );
      for (const index of collection.indexes)
        expect(names, collection.name).toContain(JSON.stringify(index.keys));
    }
  });

  it("docs/deployment.md's index table lists every declared index", () => {
    const guide = readFileSync(new URL('../../../docs/deployment.md', import.meta.url), 'utf8');
    const rows = guide
      .slice(guide.indexOf('## Indexes'))
      .split('\n')
      .filter((line) => line.startsWith('| '))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    const shown = (keys: Readonly<Record<string, number>>) =>
      `\`{ ${Object.entries(keys)
        .map(([key, order]) => `${/^[a-z_]+$/iu.test(key) ? key : JSON.stringify(key)}: ${order}`)
        .join(', ')} }\``;
    for (const collection of COLLECTIONS) {
      for (const index of collection.indexes) {
        const row = rows.find(
          (cells) =>
            cells[2]?.startsWith(shown(index.keys)) && cells[1]?.split(', ').includes(collection.name),
        );
        expect(row, `${collection.name} ${shown(index.keys)}`).toBeDefined();
      }
    }
  });
});
