/**
 * The authorization property: random sequences of requests over every route and method — lists,
 * GET /:id, POST, both PUT forms, the token API and the integration routes — by tokens of every
 * scope and school set (configured ones and tokens issued during the run). After every step the
 * oracle reads the database, not the status code:
 *
 * - no record outside the caller's schools was created or changed, and none was deleted;
 * - a token without `write` changed nothing, one without `admin` no token;
 * - the reply names no record outside the caller's schools (lists, totals, by id, populated
 *   references, search, tokens, deliveries) beyond the identifiers the caller itself sent;
 * - totals count only the caller's schools;
 * - every reference in the database points into its record's school.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { build, type Json, q, type Reply, type TokenName } from '../support/helper.js';
import { referenceViolations } from './invariants.js';
import {
  type CallerModel,
  changes,
  configuredCallers,
  countWithin,
  foreignIds,
  issuedCaller,
  type Reach,
  type Snapshot,
  snapshot,
  within,
} from './oracle.js';

const t = await build();
await t.seed();
const callers = configuredCallers(t.schools);
const TOKENS = Object.keys(callers) as TokenName[];
const SCOPED = ['years', 'courses', 'sections', 'grades', 'students', 'parents', 'staff'] as const;
const COLLECTIONS = ['schools', ...SCOPED] as const;
const SYNCED = ['students', 'parents', 'grades'] as const;
type Letter = 'A' | 'B';

/** Secrets of tokens issued during the run, in issue order. */
const issued: string[] = [];

// ---- the steps, as abstract choices resolved against the database when they run ----

const letter = fc.constantFrom<Letter>('A', 'B');
const who = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TOKENS).map((token) => ({ token })) },
  { weight: 1, arbitrary: fc.nat().map((issuedIndex) => ({ issuedIndex })) },
);
const pick = fc.nat({ max: 1000 });

const listQuery = fc.record(
  {
    school: letter,
    byId: pick,
    populate: fc.boolean(),
    search: fc.constantFrom('jose', 'ana', 'rosa', 'perez', '8vo', 'bolivar', 'andino'),
    totals: fc.boolean(),
    elemMatch: letter,
    sort: fc.constantFrom('user.name', 'name', '_id'),
  },
  { requiredKeys: [] },
);

const step = fc.oneof(
  fc.record({
    kind: fc.constant('list'),
    who,
    collection: fc.constantFrom(...COLLECTIONS),
    query: listQuery,
  }),
  fc.record({
    kind: fc.constant('get'),
    who,
    collection: fc.constantFrom(...COLLECTIONS),
    target: pick,
    populate: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('create'),
    who,
    collection: fc.constantFrom(...COLLECTIONS),
    school: fc.constantFrom<Letter | 'none'>('A', 'B', 'none'),
    refs: letter,
    tag: fc.nat({ max: 1_000_000 }),
  }),
  fc.record({
    kind: fc.constant('update'),
    who,
    form: fc.constantFrom('path', 'body'),
    collection: fc.constantFrom(...COLLECTIONS),
    target: pick,
    change: fc.constantFrom('rename', 'move', 'references', 'deactivate'),
    to: letter,
    tag: fc.nat({ max: 1_000_000 }),
  }),
  fc.record({
    kind: fc.constant('issue'),
    who,
    schools: fc.constantFrom<Letter[] | '*'>(['A'], ['B'], ['A', 'B'], '*'),
    scopes: fc.subarray(['read', 'write', 'admin'] as const, { minLength: 1 }),
  }),
  fc.record({ kind: fc.constant('tokens'), who }),
  fc.record({ kind: fc.constant('revoke'), who, target: pick, active: fc.boolean() }),
  fc.record({ kind: fc.constant('retry'), who, collection: fc.constantFrom(...SYNCED), target: pick }),
  fc.record({ kind: fc.constant('resync'), who, collection: fc.constantFrom(...SYNCED), school: letter }),
  fc.record({ kind: fc.constant('deliveries'), who, totals: fc.boolean() }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;
type Who = Step['who'];

// ---- running a step ----

interface Sent {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly url: string;
  readonly body?: unknown;
}

const schoolId = (l: Letter) => t.schools[l];

/** The ids of a collection's records, from the snapshot, optionally of one school. */
function idsOf(state: Snapshot, collection: string, school?: Letter): string[] {
  const out: string[] = [];
  for (const [key, entry] of state) {
    if (!key.startsWith(`${collection}:`)) continue;
    if (school && (entry.schools === '*' || !entry.schools.includes(schoolId(school)))) continue;
    out.push(key.slice(collection.length + 1));
  }
  return out;
}

const choose = <T>(items: readonly T[], index: number): T | undefined =>
  items[index % Math.max(items.length, 1)];

function person(tag: number) {
  return { name: `Prueba${tag}`, surname: 'Aleatoria', id_card: `9${String(tag).padStart(9, '0')}` };
}

function createBody(state: Snapshot, collection: string, refs: Letter, tag: number): Record<string, unknown> {
  const ref = (name: string) => choose(idsOf(state, name, refs), tag);
  switch (collection) {
    case 'schools':
      return { name: `Escuela ${tag}`, code: `E${tag}` };
    case 'grades':
      return { name: `Grado ${tag}`, code: `G${tag}`, section: ref('sections') };
    case 'students':
      return {
        user: person(tag),
        parents: [ref('parents')],
        years: [{ year: ref('years'), group: ref('grades'), enrolled: true }],
      };
    case 'parents':
    case 'staff':
      return { user: person(tag), ...(collection === 'staff' ? { role: 'teacher' } : {}) };
    default:
      return { name: `Registro ${tag}` };
  }
}

function updateBody(
  state: Snapshot,
  collection: string,
  change: string,
  to: Letter,
  tag: number,
): Record<string, unknown> {
  const ref = (name: string) => choose(idsOf(state, name, to), tag);
  const people = collection === 'students' || collection === 'parents' || collection === 'staff';
  switch (change) {
    case 'rename':
      return people ? { user: { name: `Nuevo${tag}` } } : { name: `Nombre ${tag}` };
    case 'move':
      if (collection === 'schools') return { code: `M${tag}` };
      return {
        school: schoolId(to),
        ...(collection === 'grades' ? { section: ref('sections') } : {}),
        ...(collection === 'students' ? { parents: [ref('parents')], years: [{ year: ref('years') }] } : {}),
      };
    case 'references':
      if (collection === 'grades') return { section: ref('sections') };
      if (collection === 'students')
        return { parents: [ref('parents')], years: [{ year: ref('years'), group: ref('grades') }] };
      return { active: true };
    default:
      return { active: false };
  }
}

/** The request a step makes, built from the database as it is now. */
function requestFor(s: Step, state: Snapshot): Sent {
  switch (s.kind) {
    case 'list': {
      const params: Record<string, string> = {};
      const query = s.query;
      if (query.school && s.collection !== 'schools') params.school = schoolId(query.school);
      if (query.byId !== undefined) params._id = choose(idsOf(state, s.collection), query.byId) ?? '';
      if (query.populate && s.collection === 'students')
        params.populate = '{"school":"name","parents":"user.name","years.group.section":"name"}';
      if (query.populate && s.collection !== 'students' && s.collection !== 'schools')
        params.populate = '{"school":"name"}';
      if (query.search && ['students', 'parents', 'staff'].includes(s.collection))
        params.global_search = query.search;
      if (query.totals) params.__include_totals = 'true';
      if (query.elemMatch && s.collection === 'students') {
        params.elemMatch = JSON.stringify({
          property: 'years',
          parameters: { year: choose(idsOf(state, 'years', query.elemMatch), 0) },
        });
      }
      if (
        query.sort === '_id' ||
        (query.sort === 'name' && !['students', 'parents', 'staff'].includes(s.collection))
      )
        params[`__sort[${query.sort}]`] = 'desc';
      return { method: 'GET', url: `/api/${s.collection}?${q(params)}` };
    }
    case 'get': {
      const id = choose(idsOf(state, s.collection), s.target) ?? '000000000000000000000000';
      const populate = s.populate ? `?${q({ populate: '{"school":"name"}' })}` : '';
      return {
        method: 'GET',
        url: `/api/${s.collection}/${id}${s.collection === 'schools' ? '' : populate}`,
      };
    }
    case 'create': {
      const body = createBody(state, s.collection, s.refs, s.tag);
      if (s.school !== 'none' && s.collection !== 'schools') body.school = schoolId(s.school);
      return { method: 'POST', url: `/api/${s.collection}`, body };
    }
    case 'update': {
      const id = choose(idsOf(state, s.collection), s.target) ?? '000000000000000000000000';
      const body = updateBody(state, s.collection, s.change, s.to, s.tag);
      return s.form === 'path'
        ? { method: 'PUT', url: `/api/${s.collection}/${id}`, body }
        : { method: 'PUT', url: `/api/${s.collection}`, body: { _id: id, ...body } };
    }
    case 'issue':
      return {
        method: 'POST',
        url: '/api/tokens',
        body: {
          name: 'generated',
          scopes: s.scopes,
          schools: s.schools === '*' ? '*' : s.schools.map(schoolId),
        },
      };
    case 'tokens':
      return { method: 'GET', url: '/api/tokens' };
    case 'revoke': {
      const id = choose(idsOf(state, 'api_tokens'), s.target) ?? '000000000000000000000000';
      return { method: 'PUT', url: `/api/tokens/${id}`, body: { active: s.active } };
    }
    case 'retry': {
      const id = choose(idsOf(state, s.collection), s.target) ?? '000000000000000000000000';
      return { method: 'POST', url: `/api/integration/sync/${s.collection}/${id}/retry` };
    }
    case 'resync':
      return {
        method: 'POST',
        url: `/api/integration/sync/${s.collection}/resync?school=${schoolId(s.school)}`,
      };
    case 'deliveries':
      return { method: 'GET', url: `/api/integration/deliveries${s.totals ? '?__include_totals=true' : ''}` };
  }
}

async function callerOf(
  w: Who,
): Promise<{ model: CallerModel | undefined; options: { token?: TokenName; secret?: string } }> {
  if ('token' in w) return { model: callers[w.token], options: { token: w.token } };
  const secret = choose(issued, w.issuedIndex);
  if (secret === undefined) return { model: callers.readA, options: { token: 'readA' } };
  return { model: await issuedCaller(t.db, secret), options: { secret } };
}

async function run(s: Step): Promise<void> {
  const before = await snapshot(t.db);
  const { model, options } = await callerOf(s.who);
  const sent = requestFor(s, before);
  const reply: Reply = await t.request(sent.method, sent.url, {
    ...options,
    ...(sent.body === undefined ? {} : { body: sent.body }),
  });
  const after = await snapshot(t.db);
  const what = `${sent.method} ${sent.url} ${JSON.stringify(sent.body ?? '')} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 400)}`;

  // Every reply is the envelope, and no request is a server error.
  expect(reply.status, what).toBeLessThan(500);
  expect(Object.keys(reply.body).sort(), what).toEqual(['errors', 'response']);

  if (s.kind === 'issue' && reply.status === 201) issued.push((reply.body.response as Json).token as string);

  // A revoked (or unknown) issued token changes and reads nothing.
  const reach: Reach = model?.schools ?? [];
  const scopes = model?.scopes ?? new Set();

  // What changed in the database: only records inside the caller's schools, and only with the scope.
  for (const change of changes(before, after)) {
    const collection = change.key.slice(0, change.key.indexOf(':'));
    expect(change.before !== undefined && change.after === undefined, `${what}: deleted ${change.key}`).toBe(
      false,
    );
    if (collection === 'api_tokens') expect(scopes.has('admin'), `${what}: changed ${change.key}`).toBe(true);
    else expect(scopes.has('write'), `${what}: changed ${change.key}`).toBe(true);
    if (change.before)
      expect(within(reach, change.before), `${what}: changed ${change.key} of another school`).toBe(true);
    if (change.after)
      expect(within(reach, change.after), `${what}: ${change.key} now in another school`).toBe(true);
  }

  // What the reply shows: nothing of another school but what the caller sent itself.
  const sentText = `${sent.url} ${JSON.stringify(sent.body ?? '')}`;
  const leaked = foreignIds(reply.body, after, reach).filter((id) => !sentText.includes(id));
  expect(leaked, `${what}: shows records of another school`).toEqual([]);

  // Totals count the caller's schools only.
  const response = reply.body.response as Json;
  if (reply.status === 200 && s.kind === 'list' && response && !Array.isArray(response)) {
    expect(response.actual_total, what).toBe(countWithin(after, s.collection, reach));
  }

  // Every reference points into its record's school.
  expect(await referenceViolations(t.db), what).toEqual([]);
}

describe('authorization, judged from the database', () => {
  // Sized by its run count; the limit only catches a hang (a busy machine takes many times longer).
  it('no sequence of requests by any token reads or writes outside its schools', {
    timeout: 120_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) await run(s);
      }),
      // The database carries over from run to run, so a shrunk sequence would replay on another
      // state: the failing sequence is reported as it ran.
      { numRuns: 150, endOnFailure: true },
    );
  });
});
