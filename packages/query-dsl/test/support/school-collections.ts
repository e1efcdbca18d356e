/**
 * The test suite's model of a school-management service: eight collections with every feature the
 * library reads (references, arrays of subdocuments, hidden fields, search, default populates). The
 * README's query examples and the benchmarks run on them too. They belong to the tests: a host
 * defines its own collections, and the library never imports a host's. They model the host's
 * school (apps/api/src/collections/) without its limits, unique indexes and write bookkeeping; the
 * two cannot share one file, since the host must not import this test-only code at run time and
 * the library's tests read no host. Run on the host's collections, 38 of these tests in 9 files
 * answer otherwise (limits, indexes, default populates), so the library keeps its own model.
 */
import { createQueryDsl, defineCollection, type JsonSchema } from '@school/query-dsl';

const id = { type: 'string', format: 'objectid' } as const;
const ref = <const C extends string>(collection: C) =>
  ({ type: 'string', format: 'objectid', 'x-ref': collection }) as const;
const common = {
  _id: id,
  active: { type: 'boolean', default: true },
  created_at: { type: 'string', format: 'date-time', readOnly: true },
  updated_at: { type: 'string', format: 'date-time', readOnly: true },
} as const;
const scoped = { ...common, school: ref('schools') } as const;

// Schemas written `as const` (and checked with `satisfies JsonSchema`) keep their literal types,
// so each collection's record type is inferred from them.
const user = {
  type: 'object',
  required: ['name', 'surname'],
  properties: {
    _id: { ...id, readOnly: true },
    id_card: { type: 'string' },
    name: { type: 'string' },
    second_name: { type: 'string' },
    surname: { type: 'string' },
    second_surname: { type: 'string' },
    email: { type: 'string', format: 'email' },
  },
} as const satisfies JsonSchema;

const relationalData = {
  type: 'object',
  readOnly: true,
  properties: { all: { type: 'string' }, email: { type: 'string' } },
} as const satisfies JsonSchema;

const personSearch = {
  // The joined text lives in `relational_data.all`; search results always carry it and the user.
  textField: 'relational_data.all',
  resultFields: ['user', 'relational_data.all'],
  fields: {
    'user.name': 'text',
    'user.second_name': 'text',
    'user.surname': 'text',
    'user.second_surname': 'text',
    'user.email': 'email',
    'user.id_card': 'identifier',
  },
} as const;

const schools = defineCollection('schools', {
  schema: {
    type: 'object',
    properties: {
      ...common,
      name: { type: 'string' },
      code: { type: 'string' },
      country: { type: 'string' },
    },
  },
});

export const years = defineCollection('years', {
  schema: {
    type: 'object',
    properties: {
      ...scoped,
      name: { type: 'string' },
      country: { type: 'string' },
      passing_score: { type: 'number' },
      base_score: { type: 'number' },
      score_decimals: { type: 'integer' },
      weight_score: { type: 'number' },
      round: { type: 'boolean' },
      calculate_by_equivalences: { type: 'boolean' },
      new_promotion_logic: { type: 'boolean' },
      enable_custom_year: { type: 'boolean' },
    },
  },
});

const courses = defineCollection('courses', {
  schema: {
    type: 'object',
    properties: {
      ...scoped,
      name: { type: 'string' },
      reference_name: { type: 'string' },
      code: { type: 'string' },
      weight_in_subject: { type: 'number' },
    },
  },
});

const sections = defineCollection('sections', {
  schema: { type: 'object', properties: { ...scoped, name: { type: 'string' }, code: { type: 'string' } } },
});

export const grades = defineCollection('grades', {
  schema: {
    type: 'object',
    properties: { ...scoped, name: { type: 'string' }, code: { type: 'string' }, section: ref('sections') },
  },
  defaultPopulate: { section: 'name' },
});

export const students = defineCollection('students', {
  schema: {
    type: 'object',
    properties: {
      ...scoped,
      user,
      parents: { type: 'array', items: ref('parents') },
      years: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            year: ref('years'),
            enrolled: { type: 'boolean' },
            registered: { type: 'boolean' },
            group: ref('grades'),
          },
        },
      },
      addresses: {
        type: 'array',
        items: {
          type: 'object',
          properties: { name: { type: 'string' }, city: { type: 'string' }, city_zone: id },
        },
      },
      citizenship: { type: 'string' },
      emergency: {
        type: 'object',
        properties: {
          contacts: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                phones: { type: 'object', properties: { mobile: { type: 'string' } } },
              },
            },
          },
        },
      },
      relational_data: relationalData,
      _sync: { type: 'object', 'x-hidden': true, properties: { external_id: { type: 'string' } } },
    },
  },
  search: personSearch,
  defaultPopulate: { school: 'name', 'years.year': 'name', 'years.group': 'name' },
  // What a host would index: the school (its scope), each reference, the search tokens.
  indexes: [{ school: 1, _id: 1 }, { parents: 1 }, { 'years.year': 1 }, { 'years.group': 1 }, { _search: 1 }],
});

export const parents = defineCollection('parents', {
  schema: { type: 'object', properties: { ...scoped, user, relational_data: relationalData } },
  search: personSearch,
  defaultPopulate: { school: 'name' },
});

export const staff = defineCollection('staff', {
  schema: {
    type: 'object',
    properties: { ...scoped, user, role: { type: 'string' }, relational_data: relationalData },
  },
  search: personSearch,
});

export const collections = [schools, years, courses, sections, grades, students, parents, staff];

/** The name of one of the test collections. */
export type CollectionName = (typeof collections)[number]['name'];

/** The query reader for every test collection. */
export const dsl = createQueryDsl({ collections });
