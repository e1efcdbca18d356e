/**
 * The reserved parameters of the query conventions (`global_search`, `select`, `populate`,
 * `elemMatch`, `__sort`, `__page`, `__per_page`, `__include_totals`), each as a collection takes it:
 * only those it supports, with examples valid for it.
 */
import { type CollectionDefinition, type FieldInfo, maxPage } from '@school/query-dsl';
import { jsonEntries, jsonObject, literally, whole } from './json-patterns.js';
import type { Definitions, Parameter } from './query-parameters.js';
import type { Schema } from './schemas.js';

const examples = (...values: unknown[]) =>
  Object.fromEntries(values.map((value, index) => [`example${index + 1}`, { value }]));

/** What the reserved parameters of one collection are built from, read once. */
interface Collection {
  readonly definition: CollectionDefinition;
  readonly definitions: Definitions;
  /** The fields a query may name (none is hidden) that hold a value (not an object), `_id` left out. */
  readonly leaves: readonly FieldInfo[];
  readonly subdocumentArrays: readonly FieldInfo[];
  readonly references: readonly FieldInfo[];
  /** An `elemMatch` any record may be asked, when the collection has arrays of subdocuments. */
  readonly elemMatch: ElemMatch | undefined;
}

interface ElemMatch {
  readonly property: string;
  readonly parameters: Record<string, unknown>;
}

/** The reserved parameters, in the order the document lists them; `undefined` where the collection has none. */
const RESERVED: ReadonlyArray<(collection: Collection) => Parameter | undefined> = [
  globalSearch,
  select,
  populate,
  elemMatch,
  sort,
  page,
  perPage,
  includeTotals,
  includeTotalsDeprecated,
];

/** The reserved parameters a collection supports (and, with `only`, those of them an operation takes). */
export function reservedParameters(
  definition: CollectionDefinition,
  definitions: Definitions,
  only?: readonly string[],
): Parameter[] {
  const collection = readCollection(definition, definitions);
  const all = RESERVED.flatMap((build) => build(collection) ?? []);
  return only ? all.filter((parameter) => only.includes(parameter.name)) : all;
}

function readCollection(definition: CollectionDefinition, definitions: Definitions): Collection {
  const fields = [...definition.fields.values()].filter((field) => !field.hidden);
  const subdocumentArrays = fields.filter((field) => field.type === 'object' && field.isArray);
  return {
    definition,
    definitions,
    leaves: fields.filter((field) => field.type !== 'object' && field.path !== '_id'),
    subdocumentArrays,
    references: fields.filter((field) => field.ref !== undefined),
    elemMatch: subdocumentArrays.map((array) => elemMatchOf(definition, array)).find(Boolean),
  };
}

/**
 * The white space of a JavaScript regex's `\s`, as the characters themselves (generators misread
 * the escape inside a class): it separates search words.
 */
const WHITE_SPACE = ' \t\n\v\f\r\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF';

/**
 * What `global_search` takes, as the query reader checks it: words of anything but white space and
 * control characters, at most 10 (of at most 64 characters each) separated by spaces. A word is
 * counted as written; the reader also takes tabs and line breaks between words.
 */
const SEARCH_WORD = `[^${WHITE_SPACE}\u0000-\u001F\u007F-\u009F]{1,64}`;
const SEARCH_TEXT = `^ *(?:${SEARCH_WORD}(?: +${SEARCH_WORD}){0,9})? *$`;

function globalSearch({ definition }: Collection): Parameter | undefined {
  if (!definition.search) return undefined;
  return {
    name: 'global_search',
    in: 'query',
    required: false,
    description:
      "Words that must all begin one of the record's searchable words (names, e-mail or its domain, identification number, …). Case and accents don't matter. At most 10 words of at most 64 characters, separated by spaces; a control character (U+0000–U+001F other than tab and line breaks, U+007F–U+009F) is refused.",
    schema: { type: 'string', maxLength: 1000, pattern: SEARCH_TEXT },
    examples: examples('jose 8vo', 'colegio.edu.ec', '1712'),
  };
}

function select({ leaves, elemMatch }: Collection): Parameter {
  const [first, second] = leaves;
  return {
    name: 'select',
    in: 'query',
    required: false,
    description:
      'Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only.',
    schema: { type: 'string', pattern: selectPattern(leaves, elemMatch) },
    examples: examples(
      ...(first && second ? [`${first.path} ${second.path}`] : []),
      ...(first ? [JSON.stringify({ [first.path]: 1 }), `-${first.path}`] : []),
      ...(elemMatch ? [JSON.stringify({ [elemMatch.property]: { $elemMatch: elemMatch.parameters } })] : []),
    ),
  };
}

function populate({ references, definitions }: Collection): Parameter | undefined {
  if (references.length === 0) return undefined;
  // Each reference with every field (`""`) or one field of the record it points to.
  const entries = references.map((field) => {
    const one = fieldOf(definitions, field);
    return [field.path, one === '' ? '""' : `""|"${literally(one)}"`] as const;
  });
  return {
    name: 'populate',
    in: 'query',
    required: false,
    description: `Replace references (${references.map((field) => `\`${field.path}\``).join(', ')}) by the records they point to: \`{"<reference>":"<fields, space-separated>"}\` (\`""\` for every field), chains across references (\`a.b\`), \`true\` for the default set, \`false\` for none.`,
    schema: { type: 'string', pattern: whole(`true|false|${jsonEntries(entries)}`) },
    examples: examples(
      ...references.slice(0, 2).map((field) => JSON.stringify({ [field.path]: fieldOf(definitions, field) })),
      'true',
    ),
  };
}

function elemMatch({ elemMatch: example, subdocumentArrays }: Collection): Parameter | undefined {
  if (!example) return undefined;
  return {
    name: 'elemMatch',
    in: 'query',
    required: false,
    description: `Records with one array element (of ${subdocumentArrays.map((field) => `\`${field.path}\``).join(', ')}) that satisfies every parameter: \`{"property":"<array>","parameters":{…}}\`, or an array of such objects.`,
    // The pattern states the example's form only: the parameters' own forms are the filters'.
    schema: { type: 'string', pattern: whole(literally(JSON.stringify(example))) },
    examples: examples(JSON.stringify(example)),
  };
}

const SORT_DIRECTION: Schema = { enum: ['asc', 'desc', 1, -1] };

function sort({ leaves: sortable }: Collection): Parameter {
  const last = sortable.at(-1)?.path ?? '_id';
  return {
    name: '__sort',
    in: 'query',
    required: false,
    description:
      'Sort keys and directions (asc, desc, 1, -1) as JSON, `{"a":"asc","b":"desc"}`, or in the bracket form `__sort[a]=asc&__sort[b]=desc`. `_id` is the final tie-breaker.',
    style: 'deepObject',
    explode: true,
    schema: {
      anyOf: [
        {
          type: 'string',
          pattern: whole(
            jsonObject(
              sortable.map((field) => field.path),
              '"asc"|"desc"|1|-1',
            ),
          ),
          description: 'The JSON form.',
        },
        {
          type: 'object',
          description: 'The bracket form.',
          minProperties: 1,
          additionalProperties: false,
          properties: Object.fromEntries(sortable.map((field) => [field.path, SORT_DIRECTION])),
        },
      ],
    },
    examples: examples(JSON.stringify({ [last]: 'desc' }), { [last]: 'asc' }),
  };
}

function page({ definition }: Collection): Parameter {
  const last = maxPage(definition.pagination);
  return {
    name: '__page',
    in: 'query',
    required: false,
    description: `The page, from 1 (the default) to ${last} (the last page whose skip stays exact at the largest page size).`,
    schema: { type: 'integer', minimum: 1, maximum: last },
    examples: examples(2),
  };
}

function perPage({ definition }: Collection): Parameter {
  const { defaultPerPage, maxPerPage } = definition.pagination;
  return {
    name: '__per_page',
    in: 'query',
    required: false,
    description: `Records per page, 1 to ${maxPerPage} (default ${defaultPerPage}).`,
    schema: { type: 'integer', minimum: 1, maximum: maxPerPage },
    examples: examples(defaultPerPage),
  };
}

function includeTotals(): Parameter {
  return {
    name: '__include_totals',
    in: 'query',
    required: false,
    description:
      '`true` answers `{results, total, actual_total, …}` instead of the bare array of records (default `false`).',
    schema: { type: 'boolean' },
    examples: examples(true),
  };
}

function includeTotalsDeprecated(): Parameter {
  return {
    name: 'include_totals',
    in: 'query',
    required: false,
    deprecated: true,
    description: 'The same as `__include_totals`.',
    schema: { type: 'boolean' },
  };
}

/** An `elemMatch` that any record of the collection may be asked: the array's first boolean or text field. */
function elemMatchOf(definition: CollectionDefinition, array: FieldInfo): ElemMatch | undefined {
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

/**
 * The `select` forms every collection takes: up to 10 fields that hold a value, all included or
 * all excluded (`-a`), space-separated or as a JSON object of 1s or of 0s; and the example's
 * `$elemMatch` form.
 */
function selectPattern(leaves: readonly FieldInfo[], elemMatch: ElemMatch | undefined): string {
  const paths = leaves.map((field) => field.path);
  const one = `(?:${paths.map(literally).join('|')})`;
  const forms = [
    `${one}(?: ${one}){0,9}`,
    `-${one}(?: -${one}){0,9}`,
    jsonObject(paths, '1'),
    jsonObject(paths, '0'),
    ...(elemMatch
      ? [literally(JSON.stringify({ [elemMatch.property]: { $elemMatch: elemMatch.parameters } }))]
      : []),
  ];
  return whole(forms.join('|'));
}
