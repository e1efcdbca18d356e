/**
 * The query conventions as OpenAPI parameters, typed, per operation: the reserved parameters a
 * collection really takes (`global_search` only where it has search, `elemMatch` only where it has
 * arrays of subdocuments, `populate` only where it has references), each with examples valid for
 * that collection, and every filterable field as a parameter of its own, typed by the collection's
 * schema, in its three forms: a value (`user.name=Ana`), a repeated key (`user.name=Ana&user.name=Luis`)
 * and operators in the bracket form (`created_at[$gte]=2025-01-01`, declared `deepObject`, so a
 * client generated from the document sends them typed). The same list decides which query keys an
 * operation accepts (./declared-query.ts): what is not declared is refused.
 */
import { type CollectionDefinition, type FieldInfo, maxPage, SUPPORTED_OPERATORS } from '@school/query-dsl';
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

const examples = (...values: unknown[]) =>
  Object.fromEntries(values.map((value, index) => [`example${index + 1}`, { value }]));

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

/** The reserved parameters a collection supports (and, with `only`, those of them an operation takes). */
export function reservedParameters(
  definition: CollectionDefinition,
  definitions: Definitions,
  only?: readonly string[],
): Parameter[] {
  const { defaultPerPage, maxPerPage } = definition.pagination;
  const fields = visibleFields(definition);
  const leaves = fields.filter((field) => field.type !== 'object' && field.path !== '_id');
  const [first, second] = leaves;
  const subdocumentArrays = fields.filter((field) => field.type === 'object' && field.isArray);
  const references = fields.filter((field) => field.ref !== undefined);
  const all: Parameter[] = [];

  if (definition.search) {
    all.push({
      name: 'global_search',
      in: 'query',
      required: false,
      description:
        "Words that must all begin one of the record's searchable words (names, e-mail or its domain, identification number, …). Case and accents don't matter.",
      schema: { type: 'string', maxLength: 1000 },
      examples: examples('jose 8vo', 'colegio.edu.ec', '1712'),
    });
  }
  const elemMatchExample = subdocumentArrays.map((array) => elemMatchOf(definition, array)).find(Boolean);
  all.push({
    name: 'select',
    in: 'query',
    required: false,
    description:
      'Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only.',
    schema: { type: 'string' },
    examples: examples(
      ...(first && second ? [`${first.path} ${second.path}`] : []),
      ...(first ? [JSON.stringify({ [first.path]: 1 }), `-${first.path}`] : []),
      ...(elemMatchExample
        ? [JSON.stringify({ [elemMatchExample.property]: { $elemMatch: elemMatchExample.parameters } })]
        : []),
    ),
  });
  if (references.length > 0) {
    all.push({
      name: 'populate',
      in: 'query',
      required: false,
      description: `Replace references (${references.map((field) => `\`${field.path}\``).join(', ')}) by the records they point to: \`{"<reference>":"<fields, space-separated>"}\` (\`""\` for every field), chains across references (\`a.b\`), \`true\` for the default set, \`false\` for none.`,
      schema: { type: 'string' },
      examples: examples(
        ...references
          .slice(0, 2)
          .map((field) => JSON.stringify({ [field.path]: fieldOf(definitions, field) })),
        'true',
      ),
    });
  }
  if (elemMatchExample) {
    all.push({
      name: 'elemMatch',
      in: 'query',
      required: false,
      description: `Records with one array element (of ${subdocumentArrays.map((field) => `\`${field.path}\``).join(', ')}) that satisfies every parameter: \`{"property":"<array>","parameters":{…}}\`, or an array of such objects.`,
      schema: { type: 'string' },
      examples: examples(JSON.stringify(elemMatchExample)),
    });
  }
  const sortable = leaves.filter((field) => !field.hidden);
  all.push({
    name: '__sort',
    in: 'query',
    required: false,
    description:
      'Sort keys and directions (asc, desc, 1, -1) as JSON, `{"a":"asc","b":"desc"}`, or in the bracket form `__sort[a]=asc&__sort[b]=desc`. `_id` is the final tie-breaker.',
    style: 'deepObject',
    explode: true,
    schema: {
      anyOf: [
        { type: 'string', pattern: '^\\s*\\{', description: 'The JSON form.' },
        {
          type: 'object',
          description: 'The bracket form.',
          minProperties: 1,
          additionalProperties: false,
          properties: Object.fromEntries(sortable.map((field) => [field.path, SORT_DIRECTION])),
        },
      ],
    },
    examples: examples(JSON.stringify({ [sortable.at(-1)?.path ?? '_id']: 'desc' }), {
      [sortable.at(-1)?.path ?? '_id']: 'asc',
    }),
  });
  all.push(
    {
      name: '__page',
      in: 'query',
      required: false,
      description: `The page, from 1 (the default) to ${maxPage(definition.pagination)} (the last page whose skip stays exact at the largest page size).`,
      schema: { type: 'integer', minimum: 1, maximum: maxPage(definition.pagination) },
      examples: examples(2),
    },
    {
      name: '__per_page',
      in: 'query',
      required: false,
      description: `Records per page, 1 to ${maxPerPage} (default ${defaultPerPage}).`,
      schema: { type: 'integer', minimum: 1, maximum: maxPerPage },
      examples: examples(defaultPerPage),
    },
    {
      name: '__include_totals',
      in: 'query',
      required: false,
      description:
        '`true` answers `{results, total, actual_total, …}` instead of the bare array of records (default `false`).',
      schema: { type: 'boolean' },
      examples: examples(true),
    },
    {
      name: 'include_totals',
      in: 'query',
      required: false,
      deprecated: true,
      description: 'The same as `__include_totals`.',
      schema: { type: 'boolean' },
    },
  );
  return only ? all.filter((parameter) => only.includes(parameter.name)) : all;
}

const SORT_DIRECTION: Schema = { enum: ['asc', 'desc', 1, -1] };

/** One parameter per field a filter can name: leaves of the record, dotted paths into objects and arrays. */
export function filterParameters(definition: CollectionDefinition): Parameter[] {
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
    pattern: '^\\s*\\[',
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
 * One value: the field's own type, or — for a field that is not free text — `null` or the JSON
 * form (`{"$gte":1}`, `["a","b"]`, a quoted JSON string), which a free-text field takes as text.
 */
function valueSchema(field: FieldInfo): Schema {
  const scalar = scalarSchema(field);
  if (field.type === 'string' && !field.enum) return scalar;
  if (field.type === 'any') return scalar;
  return {
    anyOf: [
      scalar,
      {
        type: 'string',
        pattern: '^(null|[\\[{"][\\s\\S]*)$',
        description:
          '`null`, or the JSON form: operators `{"$gte": …}`, a list `["a","b"]` (any of them), or a JSON string.',
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

/** An `elemMatch` that any record of the collection may be asked: the array's first boolean or text field. */
function elemMatchOf(
  definition: CollectionDefinition,
  array: FieldInfo,
): { property: string; parameters: Record<string, unknown> } | undefined {
  const child = array.children
    .map((path) => definition.fields.get(path))
    .find((field) => field && !field.isArray && (field.type === 'boolean' || field.type === 'string'));
  if (!child) return undefined;
  const key = child.path.slice(array.path.length + 1);
  return {
    property: array.path,
    parameters: { [key]: child.type === 'boolean' ? true : (child.enum?.[0] ?? 'A') },
  };
}

/** A field of the record a reference points to, for a populate example (its first text field). */
function fieldOf(definitions: Definitions, reference: FieldInfo): string {
  const target = reference.ref ? definitions.get(reference.ref) : undefined;
  const text = [...(target?.fields.values() ?? [])].find(
    (field) => !field.hidden && field.type === 'string' && !field.path.includes('.'),
  );
  return text?.path ?? '';
}
