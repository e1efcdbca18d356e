/**
 * Every query path that can use an index uses one. The host's own commands are recorded as it
 * sends them (a wrapped `Db`, test/support/query-plans.ts), then explained on the test engine — the
 * in-process engine's planner, or a real MongoDB when MONGODB_URI is set — with the driver's own
 * `explain()` calls: the winning plan must scan an index (IXSCAN, or the `_id` fast path) and
 * never the collection (COLLSCAN). The list requests are written with the query builder (`listUrl`).
 */
import { readFileSync } from 'node:fs';
import { integrationCollections } from '@school/integration-client';
import type { Db, Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { grades } from '../../src/collections/grades.js';
import { COLLECTIONS } from '../../src/collections/index.js';
import { students } from '../../src/collections/students.js';
import { DELIVERIES, DELIVERY_INDEXES } from '../../src/sync/deliveries.js';
import { SYNC_QUEUE_INDEX } from '../../src/sync/indexes.js';
import { TEST_ENGINE } from '../support/database.js';
import { build, expectOk, listUrl, recordUrl, type TokenName } from '../support/helper.js';
import { type Command, planOf, readsOf, recorder } from '../support/query-plans.js';

let recording: Command[] | undefined;
let raw: Db | undefined;
const t = await build({
  wrapDb: (db) => {
    raw = db;
    return recorder(db, () => recording);
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

/** What each command reads: `COLLSCAN` or the names of the indexes it scans. */
async function readsOfCommands(commands: readonly Command[]): Promise<string[][]> {
  return Promise.all(commands.map(async (command) => readsOf(await planOf(raw!, command))));
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
  for (const stage of command.pipeline as Document[]) {
    walk(stage.$match, '');
    walk(stage.$sort, '');
  }
  return fields;
}

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
  {
    name: 'page 1 of the default-sorted list, by a token of two schools',
    url: () => listUrl(students, { page: 1, perPage: 20 }),
    token: 'schoolsAB',
    index: 'school_1__id_1',
    leading: 'school',
  },
  { name: 'GET /:id', url: () => `/api/students/${A.students[0]}`, index: '_id_', leading: '_id' },
  {
    name: 'GET /:id by a token of every school',
    url: () => recordUrl(students, A.students[0]),
    token: 'full',
    index: '_id_',
    leading: '_id',
  },
  {
    name: 'GET /:id with populate',
    url: () => recordUrl(students, A.students[0], { populate: { school: 'name', parents: 'user.name' } }),
    index: '_id_',
    leading: '_id',
  },
  {
    name: 'global_search',
    url: () => listUrl(students, { search: 'jose' }),
    index: '_search_1',
    leading: '_search',
  },
  {
    name: 'global_search for two words, with totals',
    url: () => listUrl(students, { search: 'jose perez', includeTotals: true }),
    index: '_search_1',
    leading: '_search',
  },
  {
    name: 'global_search for the start of an identification number',
    url: () => listUrl(students, { search: '091234' }),
    index: '_search_1',
    leading: '_search',
  },
  {
    name: 'global_search for the start of an identification number, by a token of every school',
    url: () => listUrl(students, { search: '091234' }),
    token: 'full',
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
    name: 'an identification number, by a token of every school',
    url: () => listUrl(students, { filter: { 'user.id_card': '0912345671' } }),
    token: 'full',
    index: 'user.id_card_1',
    leading: 'user.id_card',
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

describe(`every query path uses its index (plans from ${TEST_ENGINE === 'mongodb' ? 'MongoDB' : 'the in-process engine'})`, () => {
  for (const convention of conventions) {
    it(`${convention.name} uses ${convention.index}`, async () => {
      const commands = await commandsOf(convention.url(), convention.token);
      const page = commands[0];
      expect(page, 'the request read nothing').toBeDefined();
      // The page's command constrains the index's leading field, whichever engine runs it.
      expect([...fieldsOf(page!)], JSON.stringify(page)).toContain(convention.leading);
      const reads = await readsOfCommands(commands);
      commands.forEach((command, i) => {
        const shown = `${JSON.stringify(command)} → ${reads[i]!.join(' ')}`;
        expect(reads[i], shown).not.toContain('COLLSCAN');
        expect(reads[i]!.length, shown).toBeGreaterThan(0);
      });
    });
  }

  it('a list by a token of every school scans only for the counts of the whole collection', async () => {
    // `actual_total` counts every record the token may see — all of them — and `active` every
    // record not inactive: no index narrows either. The page and `total` of a search read indexes.
    const commands = await commandsOf(listUrl(students, { search: '091234', includeTotals: true }), 'full');
    const reads = await readsOfCommands(commands);
    const scanned = commands.filter((_, i) => reads[i]!.includes('COLLSCAN'));
    expect(scanned.map((command) => [command.kind, command.filter])).toEqual([['count', {}]]);
    expect(reads.filter((read) => !read.includes('COLLSCAN')).every((read) => read.length > 0)).toBe(true);
  });

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
    const guide = readFileSync(new URL('../../../../docs/deployment.md', import.meta.url), 'utf8');
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
