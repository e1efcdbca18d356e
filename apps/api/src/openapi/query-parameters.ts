/**
 * The query conventions as OpenAPI parameters, typed: every reserved parameter with its real
 * schema, and every filterable field of the collection as a parameter of its own, typed by the
 * collection's schema — so a client generated from the document knows `user.name` and rejects
 * `user.nmae`. Documentation only: the query DSL reads the raw query string itself, and its
 * errors (not a schema validator's) answer bad input.
 */
import { type CollectionDefinition, type FieldInfo, SUPPORTED_OPERATORS } from '@school/query-dsl';
import { objectIdString, type Schema } from './schemas.js';

export interface Parameter {
  readonly name: string;
  readonly in: 'query';
  readonly required: false;
  readonly description: string;
  readonly schema: Schema;
  readonly examples?: Readonly<Record<string, { readonly value: unknown }>>;
  readonly deprecated?: boolean;
}

const examples = (...values: unknown[]) =>
  Object.fromEntries(values.map((value, index) => [`example${index + 1}`, { value }]));

const OPERATORS = [...SUPPORTED_OPERATORS].join(' ');

/** The reserved parameters of a list (and, with `only`, of a single-record GET). */
export function reservedParameters(definition: CollectionDefinition, only?: readonly string[]): Parameter[] {
  const { defaultPerPage, maxPerPage } = definition.pagination;
  const all: Parameter[] = [
    {
      name: 'global_search',
      in: 'query',
      required: false,
      description:
        "Words that must all begin one of the record's names, e-mail (or its domain), identification number, or (students) grade and section. Case and accents don't matter.",
      schema: { type: 'string', maxLength: 1000 },
      examples: examples('jose 8vo', 'colegio.edu.ec', '1712'),
    },
    {
      name: 'select',
      in: 'query',
      required: false,
      description:
        'Fields to return: `user.name user.surname` (space- or plus-separated), `{"user.name":1}`, exclusion `-addresses`, or `{"years":{"$elemMatch":{"enrolled":true}}}` for the matching array elements only.',
      schema: { type: 'string' },
      examples: examples(
        'user.name user.surname',
        '{"user.name":1,"years":{"$elemMatch":{"enrolled":true}}}',
      ),
    },
    {
      name: 'populate',
      in: 'query',
      required: false,
      description:
        'Replace references by the records they point to: `{"school":"name","years.year":"name","parents":""}` (fields space-separated, "" for all), chains like `years.group.section`, or `true` for the default set.',
      schema: { type: 'string' },
      examples: examples('{"school":"name"}', 'true'),
    },
    {
      name: 'elemMatch',
      in: 'query',
      required: false,
      description:
        'Records with one array element that satisfies every parameter: `{"property":"years","parameters":{"enrolled":true}}`, or an array of such objects.',
      schema: { type: 'string' },
      examples: examples('{"property":"years","parameters":{"enrolled":true}}'),
    },
    {
      name: '__sort',
      in: 'query',
      required: false,
      description:
        'Sort keys and directions as JSON, `{"user.surname":"asc","created_at":"desc"}` (asc, desc, 1, -1); the bracket form `__sort[user.surname]=asc` works too. `_id` is the final tie-breaker.',
      schema: { type: 'string' },
      examples: examples('{"user.surname":"asc"}'),
    },
    {
      name: '__page',
      in: 'query',
      required: false,
      description: 'The page, from 1.',
      schema: { type: 'integer', minimum: 1, default: 1 },
      examples: examples(2),
    },
    {
      name: '__per_page',
      in: 'query',
      required: false,
      description: `Records per page, 1 to ${maxPerPage}.`,
      schema: { type: 'integer', minimum: 1, maximum: maxPerPage, default: defaultPerPage },
      examples: examples(defaultPerPage),
    },
    {
      name: '__include_totals',
      in: 'query',
      required: false,
      description:
        '`true` answers `{results, total, actual_total, active, inactive}` instead of the bare array of records.',
      schema: { type: 'boolean', default: false },
      examples: examples(true),
    },
    {
      name: 'include_totals',
      in: 'query',
      required: false,
      deprecated: true,
      description: 'The same as `__include_totals`.',
      schema: { type: 'boolean', default: false },
    },
  ];
  return only ? all.filter((parameter) => only.includes(parameter.name)) : all;
}

/** One parameter per field a filter can name: leaves of the record, dotted paths into objects and arrays. */
export function filterParameters(definition: CollectionDefinition): Parameter[] {
  const parameters: Parameter[] = [];
  for (const field of definition.fields.values()) {
    if (field.hidden || field.type === 'object') continue;
    const scalar = scalarSchema(field);
    parameters.push({
      name: field.path,
      in: 'query',
      required: false,
      description: describe(field),
      // A repeated key (`field=a&field=b`) means any of the values.
      schema: { anyOf: [scalar, { type: 'array', items: scalar, maxItems: 100 }] },
    });
  }
  return parameters;
}

function scalarSchema(field: FieldInfo): Schema {
  const base: Schema = (() => {
    switch (field.type) {
      case 'objectId':
        return { ...objectIdString };
      case 'boolean':
        return { type: 'boolean' };
      case 'integer':
        return { type: 'integer' };
      case 'number':
        return { type: 'number' };
      case 'date':
        return {
          type: 'string',
          description: 'A date (`2025-01-31`) or date-time (`2025-01-31T08:00:00Z`).',
        };
      default:
        return { type: 'string' };
    }
  })();
  return field.enum ? { ...base, enum: [...field.enum] } : base;
}

function describe(field: FieldInfo): string {
  const kind = field.ref
    ? `the id of a ${field.ref} record`
    : field.type === 'objectId'
      ? 'an id'
      : `a ${field.type}`;
  const where = field.arrayAncestor
    ? ` Matches records with an element of \`${field.arrayAncestor}\` that has it (use \`elemMatch\` to require one element to match several fields).`
    : field.isArray
      ? ' Matches records whose array holds it.'
      : '';
  return `Filter on \`${field.path}\` (${kind}).${where} A repeated key means any of the values. Operators: \`${field.path}[$gte]=…\` or \`${field.path}={"$gte":…}\` with ${OPERATORS}.`;
}
