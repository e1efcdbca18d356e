/**
 * A bounded hostile-input run: a few thousand generated requests over every collection and route,
 * by tokens of every kind. Whatever is sent:
 *
 * - the reply is the envelope, and never a 5xx;
 * - no hidden or internal field appears in it (search tokens, sync state, revision, token hashes,
 *   the lookup's temporary fields);
 * - a `$`-operator outside the allow-list, in a bracket key or inside a JSON value, is refused;
 * - a prototype key (`__proto__`, `constructor`, `prototype`) anywhere in a key is refused.
 */
import { SUPPORTED_OPERATORS } from '@school/query-dsl';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { build, type Json, type TokenName } from '../support/helper.js';

const t = await build({ env: { RATE_LIMIT_MAX: '100000' } });
const { A, B } = await t.seed();

const COLLECTIONS = ['schools', 'years', 'courses', 'sections', 'grades', 'students', 'parents', 'staff'];
const TOKENS: TokenName[] = ['full', 'read', 'write', 'schoolA', 'adminA', 'readA'];
const HIDDEN = /^(_rev|_sync|_search|token_sha256|__populate_\d+)$/u;
const PROTOTYPE = new Set(['__proto__', 'constructor', 'prototype']);

const fieldKey = fc.constantFrom(
  'user.name',
  'user.id_card',
  'name',
  'active',
  'school',
  '_id',
  'years.year',
  'years.group',
  'parents',
  'created_at',
  'updated_at',
  'relational_data.all',
  '_search',
  '_sync.state',
  '_rev',
  'user',
);
const reserved = fc.constantFrom(
  '__page',
  '__per_page',
  '__include_totals',
  'include_totals',
  'global_search',
  'select',
  'populate',
  'elemMatch',
  '__sort',
);
const operator = fc.oneof(
  fc.constantFrom(...SUPPORTED_OPERATORS),
  fc.constantFrom(
    '$where',
    '$expr',
    '$function',
    '$or',
    '$and',
    '$nor',
    '$not',
    '$text',
    '$jsonSchema',
    '$accumulator',
    '$lookup',
    '$out',
  ),
);
const segment = fc.oneof(
  { weight: 3, arbitrary: fieldKey },
  {
    weight: 1,
    arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'),
  },
  { weight: 1, arbitrary: operator },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);
const key = fc.oneof(
  fieldKey,
  reserved,
  fc
    .tuple(fc.oneof(fieldKey, reserved, segment), fc.array(segment, { minLength: 1, maxLength: 3 }))
    .map(([head, rest]) => `${head}${rest.map((part) => `[${part}]`).join('')}`),
  fc.tuple(segment, segment).map(([a, b]) => `${a}.${b}`),
);
const jsonWithKeys = fc
  .array(fc.tuple(segment, fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.constant(1))), {
    minLength: 1,
    maxLength: 3,
  })
  .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`);
const value = fc.oneof(
  fc.constantFrom(
    'true',
    '1',
    '-1',
    '"x"',
    'null',
    A.students[0],
    B.students[0],
    B.school,
    `["${B.school}"]`,
    '2025-01-01',
    '2025-01-01T00:00:00+99:99',
    'asc',
    'desc',
    '{"school":"name"}',
    '{"property":"years","parameters":{"enrolled":true}}',
    '{"_sync":1}',
    '{"_search":1,"_rev":1}',
    'a\u0000b',
    'a|b',
  ),
  jsonWithKeys,
  fc.string({ maxLength: 20 }),
  fc.json({ maxDepth: 3 }),
);

const route = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...COLLECTIONS).map((c) => `/api/${c}`) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...COLLECTIONS)
      .map((c) => `/api/${c}/${c === 'schools' ? A.school : A.students[0]}`),
  },
  { weight: 1, arbitrary: fc.constant('/api/integration/deliveries') },
);

interface Pair {
  readonly key: string;
  readonly value: string;
}

const pairs = fc.array(fc.record({ key, value }), { minLength: 1, maxLength: 5 });

function queryString(list: readonly Pair[]): string {
  return list.map((pair) => `${encodeURIComponent(pair.key)}=${encodeURIComponent(pair.value)}`).join('&');
}

/** Parameters whose value is text or a number, never read as JSON: a `{"$where":1}` there is only text. */
const PLAIN_VALUES = new Set(['global_search', '__page', '__per_page', '__include_totals', 'include_totals']);

/** The keys of a pair's value, where the service reads the value as JSON. */
function valueKeys(pair: Pair): string[] {
  return PLAIN_VALUES.has(pair.key) ? [] : jsonKeys(pair.value);
}

/** The `$`-keys a request names: in bracket or dotted keys, and as keys of JSON values. */
function operatorsIn(list: readonly Pair[]): string[] {
  const found: string[] = [];
  for (const pair of list) {
    found.push(...keySegments(pair.key).filter((part) => part.startsWith('$')));
    found.push(...valueKeys(pair).filter((part) => part.startsWith('$')));
  }
  return found;
}

function keySegments(text: string): string[] {
  return text.split(/[[\].]/u).filter((part) => part.length > 0);
}

function jsonKeys(text: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const keys: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      for (const [k, child] of Object.entries(node)) {
        keys.push(k);
        walk(child);
      }
    }
  };
  walk(parsed);
  return keys;
}

/** Keys of every object in a reply, at any depth. */
function replyKeys(node: unknown, into: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) replyKeys(item, into);
  else if (node !== null && typeof node === 'object') {
    for (const [k, child] of Object.entries(node)) {
      into.push(k);
      replyKeys(child, into);
    }
  }
  return into;
}

function expectEnvelope(what: string, status: number, body: Json): void {
  expect(status, what).toBeLessThan(500);
  expect(Object.keys(body).sort(), what).toEqual(['errors', 'response']);
  expect(
    replyKeys(body.response).filter((k) => HIDDEN.test(k)),
    what,
  ).toEqual([]);
}

describe('hostile input', () => {
  it('generated query strings on every route: an envelope, no hidden field, no foreign operator, no prototype key', async () => {
    await fc.assert(
      fc.asyncProperty(route, pairs, fc.constantFrom(...TOKENS), async (path, list, token) => {
        const text = queryString(list);
        const reply = await t.get(`${path}?${text}`, { token });
        const what = `GET ${path}?${text} (${token}) → ${reply.status} ${reply.raw.body.slice(0, 300)}`;
        expectEnvelope(what, reply.status, reply.body);
        const foreign = operatorsIn(list).filter((op) => !SUPPORTED_OPERATORS.has(op));
        if (foreign.length > 0) expect(reply.status, `${what}: ${foreign.join(' ')} accepted`).not.toBe(200);
        const prototypeKey = list.some(
          (pair) =>
            keySegments(pair.key).some((part) => PROTOTYPE.has(part)) ||
            valueKeys(pair).some((k) => PROTOTYPE.has(k)),
        );
        if (prototypeKey) expect(reply.status, `${what}: prototype key accepted`).not.toBe(200);
      }),
      { numRuns: 2500 },
    );
  });

  const bodyKey = fc.oneof(
    fc.constantFrom('name', 'code', 'school', 'active', 'user', 'section', 'parents', 'years'),
    fc.constantFrom(
      '_id',
      '_rev',
      '_sync',
      '_search',
      'relational_data',
      'created_at',
      '__proto__',
      'constructor',
    ),
    operator,
    fc.string({ maxLength: 6 }),
  );
  const bodyValue = fc.oneof(
    fc.constantFrom<unknown>(A.school, B.school, B.section, true, null, 7, 'x', { $gt: '' }, { $where: '1' }),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const body = fc
    .array(fc.tuple(bodyKey, bodyValue), { maxLength: 5 })
    .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`);

  it('generated bodies to POST and both PUT forms: an envelope, never a hidden or internal field set', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...COLLECTIONS),
        fc.constantFrom('post', 'put-path', 'put-body'),
        body,
        fc.constantFrom(...TOKENS),
        async (collection, form, payload, token) => {
          const id = collection === 'schools' ? A.school : collection === 'sections' ? A.section : A.year;
          const target = collection === 'schools' || collection === 'sections' || collection === 'years';
          const method = form === 'post' ? 'POST' : 'PUT';
          const url = form === 'put-path' && target ? `/api/${collection}/${id}` : `/api/${collection}`;
          const raw =
            form === 'put-body' && target
              ? payload.replace(/^\{/u, `{"_id":"${id}"${payload === '{}' ? '' : ','}`)
              : payload;
          const reply = await t.request(method, url, {
            token,
            payload: raw,
            headers: { 'content-type': 'application/json' },
          });
          const what = `${method} ${url} ${raw} (${token}) → ${reply.status} ${reply.raw.body.slice(0, 300)}`;
          expectEnvelope(what, reply.status, reply.body);
          const keys = jsonKeys(raw);
          if (keys.some((k) => PROTOTYPE.has(k) || (k.startsWith('$') && k !== '$'))) {
            expect(reply.status, `${what}: accepted`).toBeGreaterThanOrEqual(400);
          }
        },
      ),
      { numRuns: 800 },
    );
    // Nothing the run sent made a record hold an internal field it chose.
    for (const collection of COLLECTIONS) {
      const stored = await t.db.collection(collection).find({}).toArray();
      for (const record of stored) {
        expect(typeof record._rev, `${collection} ${record._id}`).toBe('number');
        expect(JSON.stringify(record), `${collection} ${record._id}`).not.toMatch(/"\$(where|gt)"/u);
      }
    }
  });
});
