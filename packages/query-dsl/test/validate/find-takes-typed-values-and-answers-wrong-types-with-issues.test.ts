/**
 * `dsl.find` reads a typed description as it is: numbers, dates, identifiers, pages, flags,
 * selections, sort orders and populate lists arrive typed and reach MongoDB as the query string
 * would have them. Values of the wrong run-time type (a JS caller can pass anything) are issues
 * with the code and parameter the query string's equivalent gets, never a throw; every limit holds.
 */
import { createQueryDsl, type Issue, type QuerySpec, toMongo } from '@school/query-dsl';
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { emptyDb } from '../support/helpers.js';
import { type CollectionName, collections, dsl } from '../support/school-collections.js';

type AnySpec = QuerySpec<Record<string, unknown>>;
/**
 * What `dsl.find` takes for a collection named at run time. The school's records have fields every
 * record holds (`_id`, `active`, a person's `user`), which a description of any record cannot
 * promise, so the cases, written for several collections, are cast to it.
 */
type FindSpec = Parameters<typeof dsl.find>[2];

const SCHOOL = '64b7f0c2a1b2c3d4e5f60718';

async function queryOf(collection: CollectionName, spec: AnySpec) {
  const result = await dsl.find(emptyDb, collection, spec as FindSpec);
  if (!result.ok)
    throw new Error(`Expected the description to be read, got ${JSON.stringify(result.issues)}`);
  return result.query;
}

async function issuesOf(collection: CollectionName, spec: unknown): Promise<Issue[]> {
  // What a caller without types hands over: the description as `unknown`.
  const result = await dsl.find(emptyDb, collection, spec as FindSpec);
  if (result.ok) throw new Error('Expected the description to be refused');
  return result.issues;
}

/** The code and parameter of each issue, the part that must match the query string's. */
const where = (issues: readonly Issue[]) => issues.map(({ code, param }) => ({ code, param }));

function stringIssues(collection: string, query: string): Issue[] {
  const result = dsl.parseUntyped(collection, query);
  if (result.ok) throw new Error(`Expected ${query} to be refused`);
  return result.issues;
}

function stringQuery(collection: string, query: string) {
  const result = dsl.parseUntyped(collection, query);
  if (!result.ok) throw new Error(`Expected ${query} to parse, got ${JSON.stringify(result.issues)}`);
  return toMongo(result.plan);
}

describe('dsl.find takes values typed', () => {
  it('keeps a number a number, on number and integer fields, in every operator', async () => {
    const query = await queryOf('years', {
      filter: { passing_score: 7.5, score_decimals: { $gte: 1, $lt: 3 }, base_score: { $in: [0, 10] } },
    });
    expect(query).toEqual(
      stringQuery(
        'years',
        'passing_score=7.5&score_decimals[$gte]=1&score_decimals[$lt]=3&base_score[$in]=[0,10]',
      ),
    );
    expect(JSON.stringify(query.read)).toContain('"passing_score":7.5');
  });

  it('keeps a Date a date and an ObjectId an identifier, and takes their text forms alike', async () => {
    const date = new Date('2025-03-01T08:30:00.123Z');
    const school = new ObjectId(SCHOOL);
    const typed = await queryOf('students', {
      filter: { created_at: { $gte: date }, school, 'years.year': { $in: [school] } },
    });
    const text = await queryOf('students', {
      filter: { created_at: { $gte: date.toISOString() }, school: SCHOOL, 'years.year': { $in: [SCHOOL] } },
    });
    expect(typed).toEqual(text);
    if (typed.read.kind !== 'find') throw new Error('expected a find');
    const { filter } = typed.read;
    expect(filter).toEqual({ created_at: { $gte: date }, school, 'years.year': { $in: [school] } });
    expect(filter.school).toBeInstanceOf(ObjectId);
    expect(Object.values(filter.created_at ?? {})[0]).toBeInstanceOf(Date);
  });

  it('reads a bigint as its digits where the query string carries one bare value', async () => {
    expect(await queryOf('years', { filter: { passing_score: 10n, base_score: { $gte: 2n } } })).toEqual(
      stringQuery('years', 'passing_score=10&base_score[$gte]=2'),
    );
  });

  it('does not hand the caller’s Date object to the plan (a later change to it changes nothing)', async () => {
    const date = new Date('2025-03-01T00:00:00Z');
    const query = await queryOf('students', { filter: { created_at: date } });
    date.setUTCFullYear(1999);
    expect(JSON.stringify(query.read)).toContain('2025-03-01T00:00:00.000Z');
  });

  it('reads pages, totals, select, exclude, withoutId, sort orders and populate lists as their query string does', async () => {
    const cases: Array<[AnySpec, string]> = [
      [{ page: 3, perPage: 5, includeTotals: true }, '__page=3&__per_page=5&__include_totals=true'],
      [{ select: ['user.name'], withoutId: true }, 'select={"user.name":1,"_id":0}'],
      [{ exclude: ['user.email', 'active'] }, 'select=-user.email -active'],
      [
        { sort: { 'user.name': -1, created_at: 1, active: 'asc' } },
        '__sort={"user.name":-1,"created_at":1,"active":"asc"}',
      ],
      [
        { populate: { school: ['name', 'code'], parents: [] } },
        'populate={"school":"name code","parents":""}',
      ],
      [{ populate: true }, 'populate=true'],
    ];
    for (const [spec, query] of cases)
      expect(await queryOf('students', spec)).toEqual(stringQuery('students', query));
  });

  it('leaves out an elemMatch parameter whose value is undefined, as JSON leaves it out', async () => {
    const query = await queryOf('students', {
      elemMatch: [{ property: 'years', parameters: { enrolled: true, group: undefined } }],
    });
    expect(query).toEqual(
      stringQuery('students', 'elemMatch={"property":"years","parameters":{"enrolled":true}}'),
    );
    expect(
      where(
        await issuesOf('students', { elemMatch: [{ property: 'years', parameters: { group: undefined } }] }),
      ),
    ).toEqual([{ code: 'INVALID_VALUE', param: 'elemMatch.parameters' }]);
  });

  it('reads elemMatch parameters with typed values, and a list as $in', async () => {
    const year = new ObjectId(SCHOOL);
    const query = await queryOf('students', {
      elemMatch: [{ property: 'years', parameters: { year, enrolled: true, group: [SCHOOL] } }],
    });
    expect(query).toEqual(
      stringQuery(
        'students',
        `elemMatch={"property":"years","parameters":{"year":"${SCHOOL}","enrolled":true,"group":{"$in":["${SCHOOL}"]}}}`,
      ),
    );
  });
});

describe('dsl.find answers a value of the wrong run-time type with an issue, never a throw', () => {
  // Each description, and the query string a client would send for the same mistake.
  const cases: Array<[string, CollectionName, unknown, string]> = [
    ['text for a number', 'years', { filter: { passing_score: 'seven' } }, 'passing_score=seven'],
    ['NaN for a number', 'years', { filter: { passing_score: Number.NaN } }, 'passing_score=NaN'],
    [
      'Infinity for a number',
      'years',
      { filter: { passing_score: { $gt: Number.POSITIVE_INFINITY } } },
      'passing_score[$gt]=Infinity',
    ],
    ['a fraction for an integer', 'years', { filter: { score_decimals: 1.5 } }, 'score_decimals=1.5'],
    ['an invalid Date', 'students', { filter: { created_at: new Date('nope') } }, 'created_at=nope'],
    [
      'a Date past the year 9999',
      'students',
      { filter: { created_at: new Date(Date.UTC(10000, 0, 1)) } },
      `created_at=${encodeURIComponent('+010000-01-01T00:00:00.000Z')}`,
    ],
    [
      'a Date before the year 0',
      'students',
      { filter: { created_at: { $gte: new Date(Date.UTC(-1, 0, 1)) } } },
      'created_at[$gte]=-000001-01-01T00:00:00.000Z',
    ],
    [
      'a date that does not exist, as text',
      'students',
      { filter: { created_at: '2025-02-30' } },
      'created_at=2025-02-30',
    ],
    [
      'an identifier for a flag',
      'students',
      { filter: { active: new ObjectId(SCHOOL) } },
      `active=${SCHOOL}`,
    ],
    ['a malformed identifier', 'students', { filter: { school: 'abc' } }, 'school=abc'],
    ['a nested object', 'students', { filter: { user: { name: 'Ana' } } }, 'user={"name":"Ana"}'],
    [
      'an unknown operator',
      'students',
      { filter: { 'user.name': { $regex: '^A' } } },
      'user.name[$regex]=^A',
    ],
    ['an operator as a path', 'students', { filter: { $where: 'sleep(1)' } }, '$where=sleep(1)'],
    [
      'an operator inside a list',
      'students',
      { filter: { 'user.name': { $in: [{ $where: 1 }] } } },
      'user.name[$in]=[{"$where":1}]',
    ],
    [
      'a value outside the enum-free list form',
      'students',
      { filter: { 'user.name': { $in: 'Ana' } } },
      'user.name={"$in":"Ana"}',
    ],
    [
      '$exists with text',
      'students',
      { filter: { 'user.name': { $exists: 'yes' } } },
      'user.name[$exists]="yes"',
    ],
    ['a page of text', 'students', { page: 'two' }, '__page=two'],
    ['a fractional page', 'students', { page: 1.5 }, '__page=1.5'],
    ['a page past the last', 'students', { perPage: 1000 }, '__per_page=1000'],
    ['totals as text', 'students', { includeTotals: 'yes' }, '__include_totals=yes'],
    ['a sort order of 2', 'students', { sort: { 'user.name': 2 } }, '__sort={"user.name":2}'],
    ['a sort as text', 'students', { sort: 'user.name' }, '__sort=user.name'],
    [
      'select with exclude',
      'students',
      { select: ['user.name'], exclude: ['active'] },
      'select=user.name&select=-active',
    ],
    [
      'a populate field list that is a number',
      'students',
      { populate: { school: 5 } },
      'populate={"school":5}',
    ],
    ['a populate that is text', 'students', { populate: 'school' }, 'populate=school'],
    [
      'an elemMatch without parameters',
      'students',
      { elemMatch: [{ property: 'years' }] },
      'elemMatch={"property":"years"}',
    ],
    ['a search that is a number', 'students', { search: 5 }, 'global_search=a&global_search=b'],
  ];
  for (const [name, collection, spec, query] of cases) {
    it(`${name}: the code and parameter of the query string's issue`, async () => {
      expect(where(await issuesOf(collection, spec))).toEqual(where(stringIssues(collection, query)));
    });
  }

  it('refuses prototype keys wherever they are, as the query string does', async () => {
    const filter = JSON.parse('{"__proto__": {"polluted": 1}}');
    expect(where(await issuesOf('students', { filter }))).toEqual([
      { code: 'UNKNOWN_FIELD', param: '__proto__' },
    ]);
    const sort = JSON.parse('{"__proto__": "asc"}');
    expect(where(await issuesOf('students', { sort }))).toEqual([
      { code: 'UNKNOWN_FIELD', param: '__sort.__proto__' },
    ]);
    const populate = JSON.parse('{"__proto__": "name"}');
    expect(where(await issuesOf('students', { populate }))).toEqual([
      { code: 'UNKNOWN_FIELD', param: 'populate.__proto__' },
    ]);
    expect(where(await issuesOf('students', { select: ['__proto__'] }))).toEqual([
      { code: 'UNKNOWN_FIELD', param: 'select.__proto__' },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers values no query string can carry with issues on their field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ filter: { 'user.name': Symbol('x') } }, 'user.name'],
      [{ filter: { 'user.name': () => 'Ana' } }, 'user.name'],
      [{ filter: { 'user.name': Number.NaN } }, 'user.name'],
      [{ filter: { 'user.name': { $ne: Number.POSITIVE_INFINITY } } }, 'user.name'],
      [{ filter: { 'user.name': new Date(Number.NaN) } }, 'user.name'],
      [{ filter: { passing_score: { $in: [10n] } } }, 'passing_score'],
    ];
    for (const [spec, param] of cases) {
      const collection = param === 'passing_score' ? 'years' : 'students';
      expect(where(await issuesOf(collection, spec))).toEqual([{ code: 'INVALID_VALUE', param }]);
    }
  });

  it('reads a filter key as the path it is, brackets included, and suggests the dotted path', async () => {
    const issues = await issuesOf('students', { filter: { 'user[name]': 'Ana' } });
    expect(where(issues)).toEqual([{ code: 'UNKNOWN_FIELD', param: 'user[name]' }]);
    expect(issues[0]?.message).toContain('did you mean "user.name"?');
  });

  it('answers a description that is not an object, or a cyclic one, with an issue', async () => {
    expect(where(await issuesOf('students', null))).toEqual([{ code: 'INVALID_VALUE', param: 'query' }]);
    const cycle: Record<string, unknown> = { $gte: 1 };
    cycle.again = cycle;
    expect(where(await issuesOf('students', { filter: { 'user.name': cycle } }))).toEqual([
      { code: 'QUERY_TOO_COMPLEX', param: 'user.name' },
    ]);
    expect(where(await issuesOf('students', { select: 'user.name' }))).toEqual([
      { code: 'INVALID_SELECT', param: 'select' },
    ]);
  });
});

describe('dsl.find reads each part only in its accepted shapes', () => {
  const nest = (levels: number, inner: unknown): unknown => {
    let value = inner;
    for (let level = 0; level < levels; level++) value = [value];
    return value;
  };

  it('refuses a description that is not an object', async () => {
    for (const spec of ['user.name=Ana', 5, true]) {
      expect(where(await issuesOf('students', spec))).toEqual([{ code: 'INVALID_VALUE', param: 'query' }]);
    }
  });

  it('refuses a prototype key as the query string does, saying it is never a field', async () => {
    const [issue] = await issuesOf('students', { filter: JSON.parse('{"__proto__": "x"}') });
    expect(issue).toEqual(stringIssues('students', '__proto__=x')[0]);
    expect(issue?.message).toContain('is not a field or a parameter');
  });

  it('refuses a list nested too deep in the operator form with one issue', async () => {
    const spec = { filter: { 'user.name': { $in: nest(9, 'a') } } };
    expect(where(await issuesOf('students', spec))).toEqual([
      { code: 'QUERY_TOO_COMPLEX', param: 'user.name' },
    ]);
  });

  it('reports an operator hidden in the JSON form of an unknown field, as the query string does', async () => {
    // Eight levels deep: at the depth limit, still read.
    const hidden = { $gte: nest(6, { $where: 1 }) };
    const spec = { filter: { 'user.nmae': hidden } };
    const expected = stringIssues('students', `user.nmae=${encodeURIComponent(JSON.stringify(hidden))}`);
    expect(where(expected)).toEqual([
      { code: 'UNKNOWN_FIELD', param: 'user.nmae' },
      { code: 'UNSUPPORTED_OPERATOR', param: 'user.nmae' },
    ]);
    expect(await issuesOf('students', spec)).toEqual(expected);
    // In the bracket form the list is not read for an unknown field, by either reader.
    const bracket = { filter: { 'user.nmae': { $in: [{ $where: 1 }] } } };
    expect(await issuesOf('students', bracket)).toEqual(
      stringIssues('students', 'user.nmae[$in]=[{"$where":1}]'),
    );
    // A cycle is never walked.
    const cycle: Record<string, unknown> = { $gte: 1 };
    cycle.again = cycle;
    expect(where(await issuesOf('students', { filter: { 'user.nmae': cycle } }))).toEqual([
      { code: 'UNKNOWN_FIELD', param: 'user.nmae' },
    ]);
  });

  it('leaves out a sort key whose order is undefined, as JSON leaves it out', async () => {
    expect(await queryOf('students', { sort: { citizenship: undefined, 'user.name': 'asc' } })).toEqual(
      stringQuery('students', '__sort={"user.name":"asc"}'),
    );
  });

  it('reads withoutId alone as a select of every field but _id', async () => {
    expect(await queryOf('students', { withoutId: true })).toEqual(
      stringQuery('students', 'select={"_id":0}'),
    );
  });

  it('refuses an exclude that is not a list', async () => {
    expect(where(await issuesOf('students', { select: ['user.name'], exclude: 'active' }))).toEqual([
      { code: 'INVALID_SELECT', param: 'select' },
    ]);
  });

  it('refuses elemMatch nested too deep', async () => {
    const spec = { elemMatch: [{ property: 'years', parameters: { enrolled: nest(8, true) } }] };
    expect(where(await issuesOf('students', spec))).toEqual([
      { code: 'QUERY_TOO_COMPLEX', param: 'elemMatch' },
    ]);
  });

  it('refuses a populate that is neither true nor an object', async () => {
    for (const populate of [null, false, ['school'], new Date(0)]) {
      expect(where(await issuesOf('students', { populate }))).toEqual([
        { code: 'INVALID_POPULATE', param: 'populate' },
      ]);
    }
  });

  it('tells a field list that is a number from the same digits as text, however often asked', async () => {
    for (let round = 0; round < 2; round++) {
      const [number] = await issuesOf('students', { populate: { school: 5 } });
      const [text] = await issuesOf('students', { populate: { school: '5' } });
      expect(number?.message).toContain('must be a string');
      expect(text?.message).toContain('has no field "5"');
    }
  });

  it('refuses a prototype key among populate paths whose field lists are lists', async () => {
    const populate = JSON.parse('{"school": ["name"], "__proto__": "x"}');
    expect(where(await issuesOf('students', { populate }))).toEqual([
      { code: 'UNKNOWN_FIELD', param: 'populate.__proto__' },
    ]);
  });
});

describe('every limit holds for dsl.find', () => {
  it('counts exactly 1000 parameters as within the parameter limit', async () => {
    const filter = Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [`f${index}`, 1]));
    expect(await issuesOf('students', { filter })).toEqual([
      {
        code: 'QUERY_TOO_COMPLEX',
        param: 'query',
        message: 'The query filters 1000 fields; at most 50 are allowed.',
      },
    ]);
  });

  it('refuses more filtered fields than maxFilters', async () => {
    const filter = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`f${index}`, 1]));
    expect(where(await issuesOf('students', { filter }))).toEqual([
      { code: 'QUERY_TOO_COMPLEX', param: 'query' },
    ]);
  });

  it('refuses a list longer than maxListLength', async () => {
    const names = Array.from({ length: 101 }, (_, index) => `n${index}`);
    expect(where(await issuesOf('students', { filter: { 'user.name': { $in: names } } }))).toEqual([
      { code: 'QUERY_TOO_COMPLEX', param: 'user.name' },
    ]);
  });

  it('refuses values nested deeper than maxDepth', async () => {
    let deep: unknown = 1;
    for (let level = 0; level < 9; level++) deep = [deep];
    expect(where(await issuesOf('students', { filter: { 'user.name': deep } }))).toEqual([
      { code: 'QUERY_TOO_COMPLEX', param: 'user.name' },
    ]);
    expect(where(await issuesOf('students', { sort: { a: deep } }))).toEqual([
      { code: 'QUERY_TOO_COMPLEX', param: '__sort' },
    ]);
  });

  it('refuses more search words than maxSearchWords, and words longer than maxSearchWordLength', async () => {
    const words = Array.from({ length: 11 }, (_, index) => `w${index}`).join(' ');
    expect(where(await issuesOf('students', { search: words }))).toEqual([
      { code: 'QUERY_TOO_COMPLEX', param: 'global_search' },
    ]);
    expect(where(await issuesOf('students', { search: 'a'.repeat(65) }))).toEqual([
      { code: 'QUERY_TOO_COMPLEX', param: 'global_search' },
    ]);
  });

  it('refuses a description whose texts hold more than maxQueryLength characters together', async () => {
    const issues = await issuesOf('students', { filter: { 'user.name': 'a'.repeat(8200) } });
    expect(issues).toEqual([
      {
        code: 'QUERY_TOO_COMPLEX',
        param: 'query',
        message:
          'The query description holds more than 8192 characters of text; narrow the request or split it.',
      },
    ]);
    // Every key and path counts: 8150 + `filter`, `user.name`, `select` and its paths is 8192.
    const paths = ['user.name', 'user.surname', 'user.email'] as const;
    const filter = { 'user.name': 'a'.repeat(8150) };
    expect((await dsl.find(emptyDb, 'students', { filter, select: paths.slice(0, 2) })).ok).toBe(true);
    expect(where(await issuesOf('students', { filter, select: [...paths] }))).toEqual([
      { code: 'QUERY_TOO_COMPLEX', param: 'query' },
    ]);
  });

  it('counts a date or an identifier as its 24-character text form, and stops at a cycle', async () => {
    const ids = Array.from({ length: 100 }, () => new ObjectId(SCHOOL));
    const filter: Record<string, unknown> = { _id: { $in: ids } };
    expect((await dsl.find(emptyDb, 'students', { filter })).ok).toBe(true);
    const paths = Object.fromEntries(Array.from({ length: 4 }, (_, index) => [`p${index}`, { $in: ids }]));
    expect(where(await issuesOf('students', { filter: paths }))).toEqual([
      { code: 'QUERY_TOO_COMPLEX', param: 'query' },
    ]);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(where(await issuesOf('students', { sort: cycle }))).toEqual([
      { code: 'QUERY_TOO_COMPLEX', param: '__sort' },
    ]);
  });

  it('refuses a description over the read cost budget', async () => {
    const small = createQueryDsl({ collections, limits: { maxCost: 30 } });
    const result = await small.find(emptyDb, 'students', { perPage: 20, populate: { school: 'name' } });
    expect(result.ok ? [] : where(result.issues)).toEqual([{ code: 'QUERY_TOO_COMPLEX', param: 'query' }]);
  });
});
