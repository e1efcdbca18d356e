import type { JsonSchema, SearchOptions } from '@school/query-dsl';
import { TEXT_LIMITS } from '../config/limits.js';
import { EMAIL_PATTERN } from '../config/patterns.js';

// Literal types (`as const`): the record types of the collections that share these are inferred from them.

/** The `user` of students, parents and staff. */
export const user = {
  type: 'object',
  required: ['name', 'surname'],
  properties: {
    id_card: {
      type: 'string',
      minLength: 1,
      maxLength: TEXT_LIMITS.identifier,
      description: 'Identification number (keeps leading zeros).',
    },
    name: { type: 'string', minLength: 1, maxLength: TEXT_LIMITS.name },
    second_name: { type: 'string', maxLength: TEXT_LIMITS.name },
    surname: { type: 'string', minLength: 1, maxLength: TEXT_LIMITS.name },
    second_surname: { type: 'string', maxLength: TEXT_LIMITS.name },
    email: { type: 'string', format: 'email', pattern: EMAIL_PATTERN, maxLength: TEXT_LIMITS.email },
  },
} as const satisfies JsonSchema;

const relationalData = {
  type: 'object',
  readOnly: true,
  description: 'Maintained by the service: the searchable text of the record.',
  properties: {
    all: { type: 'string', description: 'Names, e-mail and identification number joined by spaces.' },
    email: { type: 'string' },
  },
} as const satisfies JsonSchema;

/**
 * `global_search` on people: their names, e-mail and identification number; the joined text is
 * kept in `relational_data.all`, and every search result carries it and the `user`.
 */
const personSearch = {
  tokensField: '_search',
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
} as const satisfies SearchOptions;

/** The search tokens are stored on the record, never shown. */
const personHidden = {
  [personSearch.tokensField]: { type: 'array', items: { type: 'string' } },
} as const satisfies Record<string, JsonSchema>;

/** One identification number per school. */
const uniqueIdCard = [
  { name: 'school_id_card_unique', keys: { school: 1, 'user.id_card': 1 }, field: 'user.id_card' },
] as const;

/**
 * `user.id_card=` by a token of every school: the unique index leads with `school`, which that
 * token's filter does not name, so without this one the read scans the collection.
 */
const idCardIndex = [
  {
    keys: { 'user.id_card': 1 },
    reason: '`user.id_card=` filters by a token of every school (the unique index needs the school)',
  },
] as const;

/**
 * What students, parents and staff share besides their `user`: the service generates `user._id`,
 * keeps the searchable text, stores the search tokens hidden and holds one identification number per school.
 */
export const personSpec = {
  person: true,
  required: ['user'],
  readOnlyProperties: { relational_data: relationalData },
  hiddenProperties: personHidden,
  search: personSearch,
  unique: uniqueIdCard,
  indexes: idCardIndex,
} as const;
