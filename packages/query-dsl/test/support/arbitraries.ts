/**
 * Generators of hostile query strings, built from the pieces an attacker or a broken client
 * would send: forbidden operators, prototype keys, deep brackets, huge values, unicode, broken
 * `%` escapes, JSON fragments, repeated keys, and every reserved parameter with random values.
 */
import { type QuerySpec, RESERVED_PARAMS, SUPPORTED_OPERATORS } from '@school/query-dsl';
import { ObjectId } from 'bson';
import fc from 'fast-check';
import { SCHOOL } from './dataset.js';

const COLLECTIONS = ['students', 'parents', 'staff', 'years', 'grades', 'schools'] as const;

const FIELDS = [
  '_id',
  'school',
  'active',
  'created_at',
  'user',
  'user.name',
  'user.id_card',
  'user._id',
  'parents',
  'years',
  'years.year',
  'years.enrolled',
  'years.group',
  'addresses',
  'addresses.name',
  'addresses.city_zone',
  'emergency.contacts',
  'emergency.contacts.phones.mobile',
  'citizenship',
  'relational_data.all',
  'name',
  'section',
  'passing_score',
  'score_decimals',
  'role',
  '_search',
  '_sync',
  '_sync.external_id',
  'user.nmae',
  'nope',
  '',
  '.',
  'user..name',
];

const OPERATORS = [
  ...SUPPORTED_OPERATORS,
  '$where',
  '$expr',
  '$function',
  '$accumulator',
  '$regex',
  '$options',
  '$or',
  '$nor',
  '$and',
  '$not',
  '$elemMatch',
  '$text',
  '$jsonSchema',
  '$lookup',
  '$merge',
  '$out',
  '$set',
  '$unset',
  '$comment',
  '$',
  '$$ROOT',
  '$$item',
  '$literal',
  '$eval',
];

const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'constructor[prototype]',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  '__proto__.polluted',
  'toString',
  'hasOwnProperty',
  'valueOf',
];

const HEX = fc
  .uint8Array({ minLength: 12, maxLength: 12 })
  .map((bytes) => Buffer.from(bytes).toString('hex'));

const field = fc.constantFrom(...FIELDS);
const operator = fc.constantFrom(...OPERATORS);
const prototypeKey = fc.constantFrom(...PROTOTYPE_KEYS);
const reserved = fc.constantFrom(...RESERVED_PARAMS);

/** Keys: fields, operators in brackets, prototype keys, deep brackets, reserved parameters, noise. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  field,
  fc.tuple(field, operator).map(([f, op]) => `${f}[${op}]`),
  fc.tuple(field, operator).map(([f, op]) => `${f}[${op}][]`),
  fc.tuple(field, operator, fc.nat(200)).map(([f, op, i]) => `${f}[${op}][${i}]`),
  fc.tuple(field, operator, operator).map(([f, a, b]) => `${f}[${a}][${b}]`),
  field.map((f) => `${f}[]`),
  operator,
  prototypeKey,
  fc.tuple(field, prototypeKey).map(([f, p]) => `${f}[${p}]`),
  fc.tuple(field, fc.integer({ min: 1, max: 14 })).map(([f, depth]) => f + '[x]'.repeat(depth)),
  reserved,
  reserved,
  fc
    .tuple(
      fc.constantFrom('__sort', 'select', 'populate', 'elemMatch', 'global_search'),
      fc.oneof(field, operator, prototypeKey),
    )
    .map(([param, inner]) => `${param}[${inner}]`),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);

/** A JSON value whose object keys come from fields, operators and prototype keys. */
const jsonFragment: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(
      fc.string({ maxLength: 10 }),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
      HEX,
      fc.constantFrom('2025-01-01', '2025-02-30', '0912345678', 'true', 'asc', 'desc', 'name', '', '$where'),
    ),
    fc.array(tie('value'), { maxLength: 4 }),
    fc
      .array(
        fc.tuple(
          fc.oneof(field, operator, prototypeKey, fc.constantFrom('property', 'parameters')),
          tie('value'),
        ),
        {
          maxLength: 4,
        },
      )
      .map((entries) => {
        const object: Record<string, unknown> = {};
        for (const [key, value] of entries) {
          // `__proto__` as an own key, as JSON.parse would create it.
          Object.defineProperty(object, key, { value, enumerable: true, configurable: true, writable: true });
        }
        return object;
      }),
  ),
})).value;

const jsonText = jsonFragment.map((value) => JSON.stringify(value) ?? 'null');

/** Shapes the reserved parameters expect, filled with random pieces. */
const reservedShapes: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.oneof(field, operator, prototypeKey), fc.constantFrom('asc', 'desc', '1', '-1', 'up', '0', ''))
    .map(([key, order]) => JSON.stringify({ [key]: order })),
  fc
    .tuple(
      fc.oneof(field, operator),
      fc.dictionary(fc.oneof(field, operator, prototypeKey), jsonFragment, { maxKeys: 3 }),
    )
    .map(([property, parameters]) => JSON.stringify({ property, parameters })),
  fc
    .array(
      fc.tuple(
        fc.oneof(field, operator),
        fc.dictionary(fc.oneof(field, operator), jsonFragment, { maxKeys: 2 }),
      ),
      {
        maxLength: 3,
      },
    )
    .map((entries) => JSON.stringify(entries.map(([property, parameters]) => ({ property, parameters })))),
  fc
    .dictionary(
      fc.oneof(
        field,
        fc.constantFrom('years.year', 'years.group', 'years.group.section', 'parents.school', 'school'),
      ),
      fc.oneof(
        fc.constantFrom('', 'name', 'name code', 'user.name', '_search', 'nope'),
        fc.string({ maxLength: 6 }),
      ),
      { maxKeys: 4 },
    )
    .map((spec) => JSON.stringify(spec)),
  fc
    .dictionary(fc.oneof(field, operator), fc.oneof(fc.constantFrom(0, 1, -1, true, '1'), jsonFragment), {
      maxKeys: 3,
    })
    .map((spec) => JSON.stringify(spec)),
  fc
    .array(
      fc.oneof(
        field,
        field.map((f) => `-${f}`),
        operator,
      ),
      { maxLength: 5 },
    )
    .map((parts) => parts.join(' ')),
  fc.array(fc.oneof(field, operator), { maxLength: 5 }).map((parts) => parts.join('+')),
);

/** Values: text of every kind, numbers, identifiers, literals, JSON, huge values, broken escapes. */
export const hostileValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.integer().map(String),
  fc.double().map(String),
  HEX,
  HEX.map((hex) => `"${hex}"`),
  fc.constantFrom(
    'true',
    'false',
    'null',
    '',
    '0912345678',
    '"0912345678"',
    '"unterminated',
    '""',
    '2025-01-01',
    '2025-02-30T25:61:00Z',
    '1e309',
    '-0',
    'NaN',
    'Infinity',
    '9007199254740993',
    '%',
    '%2',
    '%ZZ',
    '%E0%A4%A',
    '%00',
    '%F0%9F%98%80',
    '%25',
    '%26',
    '%3D',
    '%5B%5D',
    '%24where',
    '%7B%22%24where%22%3A1%7D',
    'Jos%C3%A9',
    '{',
    '[',
    '{"$where":"sleep(1000)"}',
    '{"$expr":{"$eq":["$a","$b"]}}',
    '{"$function":{"body":"x","args":[],"lang":"js"}}',
    '{"$regex":".*","$options":"i"}',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '["$where"]',
    '[{"$gt":""}]',
  ),
  jsonText,
  reservedShapes,
  fc.integer({ min: 1, max: 9000 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 1, max: 400 }).map((n) => '9'.repeat(n)),
  fc.integer({ min: 1, max: 40 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 1, max: 40 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
);

const pair: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(hostileKey, hostileValue, fc.boolean())
      .map(([k, v, encode]) => `${k}=${encode ? encodeURIComponent(v) : v}`),
  },
  { weight: 1, arbitrary: hostileKey },
  { weight: 2, arbitrary: fc.tuple(reserved, hostileValue).map(([k, v]) => `${k}=${v}`) },
);

/** A whole query string: 0–8 pairs, sometimes repeated, sometimes with a leading `?`. */
export const hostileQuery: fc.Arbitrary<string> = fc
  .tuple(fc.array(pair, { maxLength: 8 }), fc.nat(3), fc.boolean())
  .map(([pairs, repeat, question]) => {
    const repeated = pairs.length > 0 ? [...pairs, ...Array(repeat).fill(pairs[0])] : pairs;
    return (question ? '?' : '') + repeated.join('&');
  });

/** Any text at all as a query string. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
);

export const collectionName = fc.constantFrom(...COLLECTIONS);

const oid = (hex: string) => ObjectId.createFromHexString(hex);

/**
 * Base filters a host could pass: an object applied to every collection, or one per collection
 * (`schools` by `_id`, the others by `school`, some collections unscoped).
 */
export const baseFilterOption = fc.constantFrom(
  { name: 'one school', baseFilter: { school: oid(SCHOOL.andes) } },
  { name: 'two schools', baseFilter: { school: { $in: [oid(SCHOOL.andes), oid(SCHOOL.pacifico)] } } },
  { name: 'a school and active', baseFilter: { school: oid(SCHOOL.sierra), active: true } },
  {
    name: 'per collection',
    baseFilter: (collection: { name: string }) =>
      collection.name === 'schools' ? { _id: oid(SCHOOL.andes) } : { school: oid(SCHOOL.andes) },
  },
  {
    name: 'per collection, schools unscoped',
    baseFilter: (collection: { name: string }) =>
      collection.name === 'schools' ? undefined : { school: { $eq: oid(SCHOOL.pacifico) } },
  },
);

// ---------------------------------------------------------------------------------------------
// Plausible queries: valid parameters of `students`, filled with hostile text where text is
// allowed, so that most of them are accepted and reach the MongoDB builders.

const enc = encodeURIComponent;
const json = JSON.stringify;

const STRING_FIELDS = [
  'user.name',
  'user.surname',
  'user.id_card',
  'user.email',
  'citizenship',
  'addresses.name',
  'addresses.city',
  'emergency.contacts.name',
  'emergency.contacts.phones.mobile',
  'relational_data.all',
] as const;
const BOOLEAN_FIELDS = ['active', 'years.enrolled', 'years.registered'] as const;
const ID_FIELDS = [
  '_id',
  'school',
  'parents',
  'user._id',
  'years.year',
  'years.group',
  'addresses.city_zone',
] as const;
const SORTABLE = [...STRING_FIELDS, ...BOOLEAN_FIELDS, ...ID_FIELDS, 'created_at'] as const;
const SELECTABLE = [
  ...SORTABLE,
  'user',
  'years',
  'addresses',
  'emergency',
  'relational_data',
  'emergency.contacts',
] as const;
const COMPARISONS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte'] as const;

/** Text a user could type, including `$`-prefixed strings, regex characters and unicode. */
const userText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ maxLength: 10 }).map((text) => `$${text}`),
  fc.constantFrom(
    '$where',
    '$$ROOT',
    '$user.name',
    '$$item',
    '.*',
    '^a',
    'a|b',
    '(',
    '\\',
    'Ana',
    'José',
    '0912345678',
  ),
);
const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

const fieldValue = (kind: 'string' | 'boolean' | 'id' | 'date'): fc.Arbitrary<unknown> => {
  switch (kind) {
    case 'string':
      return userText;
    case 'boolean':
      return fc.boolean();
    case 'id':
      return HEX;
    case 'date':
      return isoDate;
  }
};

const typedField = fc.oneof(
  fc.constantFrom(...STRING_FIELDS).map((path) => ({ path, kind: 'string' as const })),
  fc.constantFrom(...BOOLEAN_FIELDS).map((path) => ({ path, kind: 'boolean' as const })),
  fc.constantFrom(...ID_FIELDS).map((path) => ({ path, kind: 'id' as const })),
  fc.constant({ path: 'created_at', kind: 'date' as const }),
);

/** One filter in one of the accepted forms. */
const plausibleFilter: fc.Arbitrary<string> = typedField.chain(({ path, kind }) => {
  const value = fieldValue(kind);
  const raw = value.map((v) => (kind === 'string' ? json(v) : String(v)));
  return fc.oneof(
    raw.map((v) => `${path}=${enc(v)}`),
    fc.tuple(fc.constantFrom(...COMPARISONS), raw).map(([op, v]) => `${path}[${op}]=${enc(v)}`),
    fc.tuple(fc.constantFrom(...COMPARISONS), value).map(([op, v]) => `${path}=${enc(json({ [op]: v }))}`),
    fc
      .tuple(fc.constantFrom('$in', '$nin'), fc.array(value, { minLength: 1, maxLength: 4 }))
      .map(([op, list]) => `${path}[${op}]=${enc(json(list))}`),
    fc
      .array(raw, { minLength: 2, maxLength: 3 })
      .map((list) => list.map((v) => `${path}=${enc(v)}`).join('&')),
    fc.boolean().map((exists) => `${path}[$exists]=${exists}`),
  );
});

/** Criteria on the elements of an array of subdocuments, as `elemMatch` and `select` take them. */
const ELEMENT_FIELDS: Record<string, ReadonlyArray<readonly [string, 'string' | 'boolean' | 'id']>> = {
  years: [
    ['year', 'id'],
    ['group', 'id'],
    ['enrolled', 'boolean'],
    ['registered', 'boolean'],
  ],
  addresses: [
    ['name', 'string'],
    ['city', 'string'],
    ['city_zone', 'id'],
  ],
  'emergency.contacts': [
    ['name', 'string'],
    ['phones.mobile', 'string'],
  ],
};

const elementCriteria = (property: string) =>
  fc
    .subarray([...ELEMENT_FIELDS[property]!], { minLength: 1 })
    .chain((fields) =>
      fc.tuple(
        ...fields.map(([name, kind]) =>
          fc
            .oneof(
              fieldValue(kind),
              fc.tuple(fc.constantFrom(...COMPARISONS), fieldValue(kind)).map(([op, v]) => ({ [op]: v })),
              fc.array(fieldValue(kind), { maxLength: 3 }).map((list) => ({ $in: list })),
              fc.array(fieldValue(kind), { maxLength: 3 }).map((list) => ({ $nin: list })),
              fc.boolean().map((exists) => ({ $exists: exists })),
              fc.constant(null),
            )
            .map((value) => [name, value] as const),
        ),
      ),
    )
    .map((entries) => Object.fromEntries(entries));

const arrayProperty = fc.constantFrom('years', 'addresses', 'emergency.contacts');

const plausibleElemMatch = fc
  .array(
    arrayProperty.chain((property) =>
      elementCriteria(property).map((parameters) => ({ property, parameters })),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((entries) => `elemMatch=${enc(json(entries.length === 1 ? entries[0] : entries))}`);

const plausibleSelect: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.subarray([...SELECTABLE], { minLength: 1, maxLength: 5 }), fc.constantFrom(' ', '+', '%2B'))
    .map(([paths, joiner]) => `select=${paths.map(enc).join(joiner === ' ' ? '%20' : joiner)}`),
  fc
    .subarray([...SELECTABLE], { minLength: 1, maxLength: 4 })
    .map((paths) => `select=${paths.map((p) => `-${p}`).join('%20')}`),
  fc
    .tuple(fc.subarray([...SELECTABLE], { maxLength: 4 }), fc.constantFrom(0, 1), fc.boolean())
    .map(([paths, flag, noId]) => {
      const spec: Record<string, unknown> = Object.fromEntries(paths.map((p) => [p, flag]));
      if (noId) spec._id = 0;
      return `select=${enc(json(spec))}`;
    }),
  fc
    .tuple(
      arrayProperty.chain((property) =>
        elementCriteria(property).map((criteria) => [property, criteria] as const),
      ),
      fc.subarray(['user.name', 'user', 'citizenship', 'school', 'created_at'], { maxLength: 2 }),
      fc.constantFrom(0, 1),
    )
    .map(([[property, criteria], paths, flag]) => {
      const spec: Record<string, unknown> = Object.fromEntries(paths.map((p) => [p, flag]));
      spec[property] = { $elemMatch: criteria };
      return `select=${enc(json(spec))}`;
    }),
);

const POPULATE_FIELDS: Record<string, readonly string[]> = {
  school: ['name', 'code', 'country', 'active'],
  'years.year': ['name', 'passing_score', 'school'],
  'years.group': ['name', 'code', 'section'],
  'years.group.section': ['name', 'code'],
  'years.group.section.school': ['name'],
  parents: [
    'user.name',
    'user',
    'user.surname',
    'school',
    'relational_data',
    'relational_data.all',
    'active',
  ],
  'parents.school': ['name', 'code'],
};

const plausiblePopulate: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .subarray(Object.keys(POPULATE_FIELDS), { minLength: 1 })
      .chain((paths) =>
        fc.tuple(
          ...paths.map((path) =>
            fc.subarray([...POPULATE_FIELDS[path]!]).map((fields) => [path, fields.join(' ')] as const),
          ),
        ),
      )
      .map((entries) => `populate=${enc(json(Object.fromEntries(entries)))}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('populate=true', 'populate=false') },
);

const plausibleSort = fc.oneof(
  fc
    .array(fc.tuple(fc.constantFrom(...SORTABLE), fc.constantFrom('asc', 'desc', '1', '-1')), {
      minLength: 1,
      maxLength: 3,
    })
    .map((keys) => keys.map(([path, order]) => `__sort[${path}]=${order}`).join('&')),
  fc
    .array(fc.tuple(fc.constantFrom(...SORTABLE), fc.constantFrom('asc', 'desc', 1, -1)), {
      minLength: 1,
      maxLength: 3,
    })
    .map((keys) => `__sort=${enc(json(Object.fromEntries(keys)))}`),
);

const plausibleSearch = fc
  .array(userText, { minLength: 1, maxLength: 4 })
  .map((words) => `global_search=${enc(words.join(' '))}`);

const plausiblePage = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 100 }))
    .map(([page, perPage]) => `__page=${page}&__per_page=${perPage}`),
  fc.constantFrom(
    '__include_totals=true',
    'include_totals=true',
    '__include_totals=false',
    '__page=9007199254740991',
  ),
);

/** A query on `students` made of 1–6 valid parameters with hostile text inside. */
export const plausibleQuery: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: plausibleFilter },
      { weight: 2, arbitrary: plausibleElemMatch },
      { weight: 2, arbitrary: plausibleSelect },
      { weight: 2, arbitrary: plausiblePopulate },
      { weight: 2, arbitrary: plausibleSort },
      { weight: 2, arbitrary: plausibleSearch },
      { weight: 2, arbitrary: plausiblePage },
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join('&'));

// ---------------------------------------------------------------------------------------------
// Query descriptions: the same valid parameters of `students`, as the data `buildQuery` takes.

/** What a field's value is, so a test can say what the parser must read it back as. */
export type ValueKind = 'string' | 'boolean' | 'id' | 'date';

interface SpecFilter {
  readonly path: string;
  readonly kind: ValueKind;
  /** A value, or `{ operator: value }`, as `buildQuery`'s `filter` takes it. */
  readonly condition: unknown;
}

interface SpecElemMatch {
  readonly property: string;
  readonly parameters: Record<string, unknown>;
  readonly kinds: Record<string, ValueKind>;
}

export interface DescribedQuery {
  readonly filters: readonly SpecFilter[];
  readonly elemMatch: readonly SpecElemMatch[];
  readonly search: readonly string[] | undefined;
  readonly select: readonly string[] | undefined;
  readonly populate: Readonly<Record<string, string>> | undefined;
  readonly sort: ReadonlyArray<readonly [string, 'asc' | 'desc' | 1 | -1]>;
  readonly page: number | undefined;
  readonly perPage: number | undefined;
  readonly includeTotals: boolean | undefined;
}

const specCondition = (kind: ValueKind): fc.Arbitrary<unknown> => {
  const value = fieldValue(kind);
  return fc.oneof(
    value,
    fc.constant(null),
    fc
      .tuple(fc.subarray([...COMPARISONS], { minLength: 1, maxLength: 2 }), value)
      .map(([ops, v]) => Object.fromEntries(ops.map((op) => [op, v]))),
    fc
      .tuple(fc.constantFrom('$in', '$nin'), fc.array(value, { minLength: 1, maxLength: 4 }))
      .map(([op, list]) => ({ [op]: list })),
    fc.boolean().map((exists) => ({ $exists: exists })),
  );
};

const specFilters = fc
  .uniqueArray(typedField, { maxLength: 4, selector: (field) => field.path })
  .chain(
    (fields): fc.Arbitrary<SpecFilter[]> =>
      fields.length === 0
        ? fc.constant([])
        : fc.tuple(
            ...fields.map(({ path, kind }) =>
              specCondition(kind).map((condition) => ({ path, kind, condition })),
            ),
          ),
  );

const specElemMatch = fc.subarray(['years', 'addresses', 'emergency.contacts'], { maxLength: 2 }).chain(
  (properties): fc.Arbitrary<SpecElemMatch[]> =>
    properties.length === 0
      ? fc.constant([])
      : fc.tuple(
          ...properties.map((property) =>
            elementCriteria(property).map((parameters) => ({
              property,
              parameters,
              kinds: Object.fromEntries(ELEMENT_FIELDS[property]!.map(([name, kind]) => [name, kind])),
            })),
          ),
        ),
);

/** Fields outside arrays: any of them sort together. */
const SCALAR_SORTABLE = [
  'user.name',
  'user.surname',
  'user.id_card',
  'citizenship',
  'active',
  'school',
  'created_at',
];
const TARGET_FIELDS: Record<string, readonly string[]> = {
  school: ['name', ''],
  'years.year': ['name', 'name country'],
  'years.group': ['name code', ''],
  parents: ['user.name', 'user.name user.email'],
};

/** A description of a valid request on `students`, using every convention. */
export const describedQuery: fc.Arbitrary<DescribedQuery> = fc.record({
  filters: specFilters,
  elemMatch: specElemMatch,
  search: fc.option(fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 1, maxLength: 3 }), {
    nil: undefined,
  }),
  select: fc.option(fc.subarray([...SELECTABLE], { minLength: 1, maxLength: 4 }), { nil: undefined }),
  populate: fc.option(
    fc
      .subarray(Object.keys(TARGET_FIELDS), { minLength: 1 })
      .chain((paths) =>
        fc.tuple(
          ...paths.map((path) =>
            fc.constantFrom(...TARGET_FIELDS[path]!).map((fields) => [path, fields] as const),
          ),
        ),
      )
      .map((entries) => Object.fromEntries(entries)),
    { nil: undefined },
  ),
  sort: fc
    .uniqueArray(fc.constantFrom(...SCALAR_SORTABLE), { maxLength: 3 })
    .chain(
      (paths): fc.Arbitrary<DescribedQuery['sort']> =>
        paths.length === 0
          ? fc.constant([])
          : fc.tuple(
              ...paths.map((path) =>
                fc
                  .constantFrom<'asc' | 'desc' | 1 | -1>('asc', 'desc', 1, -1)
                  .map((order) => [path, order] as const),
              ),
            ),
    ),
  page: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
  perPage: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
  includeTotals: fc.option(fc.boolean(), { nil: undefined }),
});

/** The description as `buildQuery` and `dsl.find` take it, for the untyped view of `students`. */
export function specOf(query: DescribedQuery): QuerySpec<Record<string, unknown>> {
  return {
    filter: Object.fromEntries(query.filters.map(({ path, condition }) => [path, condition])),
    elemMatch: query.elemMatch.map(({ property, parameters }) => ({ property, parameters })),
    search: query.search?.join(' '),
    select: query.select,
    populate: query.populate,
    sort: Object.fromEntries(query.sort),
    page: query.page,
    perPage: query.perPage,
    includeTotals: query.includeTotals,
  };
}
