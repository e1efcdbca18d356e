/**
 * The query conventions as OpenAPI parameters, typed, per operation: the reserved parameters a
 * collection really takes (./reserved-parameters.ts: `global_search` only where it has search,
 * `elemMatch` only where it has arrays of subdocuments, `populate` only where it has references),
 * each with examples valid for that collection, and every filterable field as a parameter of its
 * own, typed by the collection's schema, in its three forms: a value (`user.name=Ana`), a repeated
 * key (`user.name=Ana&user.name=Luis`) and operators in the bracket form
 * (`created_at[$gte]=2025-01-01`, declared `deepObject`, so a client generated from the document
 * sends them typed). The same list decides which query keys an operation accepts
 * (./declared-query.ts): what is not declared is refused.
 */
import { type CollectionDefinition, type FieldInfo, holdsText, SUPPORTED_OPERATORS } from '@school/query-dsl';
import { jsonList, jsonOperators, whole } from './json-patterns.js';
import { reservedParameters } from './reserved-parameters.js';
import { objectIdString, type Schema } from './schemas.js';

export interface Parameter {
  readonly name: string;
  readonly in: 'query';
  readonly required: false;
  readonly description: string;
  readonly schema: Schema;
  /** `deepObject`: the parameter also takes bracket keys one level deep (`name[key]=value`). */
  readonly style?: 'deepObject';
  readonly explode?: true;
  readonly examples?: Readonly<Record<string, { readonly value: unknown }>>;
  readonly deprecated?: boolean;
}

/** Where an operation takes the query conventions, and which parts of them. */
export interface QueryMark {
  /** The collection whose fields and reserved parameters apply. */
  readonly collection: string;
  /** Which reserved parameters (those the collection supports; all of them when left out). */
  readonly reserved?: readonly string[];
  /** Whether the fields filter. */
  readonly filters: boolean;
}

/** Every collection the document describes, by name (a populate example names a target's field). */
export type Definitions = ReadonlyMap<string, CollectionDefinition>;

const OPERATORS = [...SUPPORTED_OPERATORS].join(' ');

/** The parameters of one operation: its reserved parameters, then its filters. */
export function operationParameters(mark: QueryMark, definitions: Definitions): Parameter[] {
  const definition = definitions.get(mark.collection);
  if (!definition) throw new Error(`x-query names an unknown collection "${mark.collection}".`);
  return [
    ...reservedParameters(definition, definitions, mark.reserved),
    ...(mark.filters ? filterParameters(definition) : []),
  ];
}

/** One parameter per field a filter can name: leaves of the record, dotted paths into objects and arrays. */
function filterParameters(definition: CollectionDefinition): Parameter[] {
  return visibleFields(definition)
    .filter((field) => field.type !== 'object')
    .map((field) => {
      const value = valueSchema(field);
      return {
        name: field.path,
        in: 'query',
        required: false,
        description: describe(field),
        style: 'deepObject',
        explode: true,
        schema: {
          anyOf: [
            value,
            // A repeated key (`field=a&field=b`) means any of the values.
            {
              type: 'array',
              description: 'Any of the values (a repeated key).',
              items: value,
              maxItems: 100,
            },
            operatorsSchema(field),
          ],
        },
      } satisfies Parameter;
    });
}

/** The bracket form: `field[$op]=value`, one key per operator. */
function operatorsSchema(field: FieldInfo): Schema {
  const comparison = { anyOf: [scalarSchema(field), NULL_TEXT] };
  const list = {
    type: 'string',
    pattern: whole(jsonList(field)),
    description: 'A JSON array of values, e.g. `["a","b"]`.',
  };
  const properties: Record<string, Schema> = {};
  for (const op of SUPPORTED_OPERATORS) {
    properties[op] =
      op === '$in' || op === '$nin' ? list : op === '$exists' ? { type: 'boolean' } : comparison;
  }
  return {
    type: 'object',
    description: `Operators: ${OPERATORS}.`,
    minProperties: 1,
    additionalProperties: false,
    properties,
  };
}

/** `null` matches a missing field (`field=null`, `field[$ne]=null`). */
const NULL_TEXT: Schema = { const: 'null', description: '`null`: the field is missing or null.' };

/**
 * One value: the field's own type, or — for a field that does not hold any text — `null` or the
 * JSON form (`{"$gte":1}`, `["a","b"]`). A field that holds any text takes any text: text that is
 * not JSON is read as the text it is (docs/query-conventions.md, "Filters").
 */
function valueSchema(field: FieldInfo): Schema {
  const scalar = scalarSchema(field);
  if (holdsText(field)) {
    return {
      anyOf: [
        {
          ...scalar,
          // Text the reader takes as the JSON form opens with `[` or `{`; the document offers only
          // that JSON form, below, so every value it offers is one the reader accepts (text that
          // opens so without being JSON is read as text all the same).
          pattern: '^(?:$|[^\\[{])',
        },
        {
          type: 'string',
          pattern: whole(`${jsonOperators(field)}|${jsonList(field)}`),
          description: 'The JSON form: operators `{"$gte": …}`, or a list `["a","b"]` (any of them).',
        },
      ],
    };
  }
  return {
    anyOf: [
      scalar,
      {
        type: 'string',
        pattern: whole(`null|${jsonOperators(field)}|${jsonList(field)}`),
        description:
          '`null`, or the JSON form: operators `{"$gte": …}`, or a list `["a","b"]` (any of them).',
      },
    ],
  };
}

/**
 * A date (`2025-01-31`, midnight UTC) or a date-time, as the query reader takes them: seconds,
 * their fraction and the zone may be left out, and a space may stand for the `T`.
 */
const DATE: Schema = {
  anyOf: [
    { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    {
      type: 'string',
      format: 'date-time',
      pattern: '^\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2})?$',
    },
  ],
  description: 'A date (`2025-01-31`) or date-time (`2025-01-31T08:00:00Z`).',
};

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
        return DATE;
      case 'any':
        return { type: ['string', 'number', 'boolean'] };
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

/** The fields a query may name: every field that is not hidden. */
function visibleFields(definition: CollectionDefinition): FieldInfo[] {
  return [...definition.fields.values()].filter((field) => !field.hidden);
}
