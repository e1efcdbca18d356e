import { editDistance } from '../core/edit-distance.js';
import type { JsonSchema } from './json-schema.js';
import { collectionSchema } from './meta-schema.generated.js';
import { escapePointer, strictProblems } from './strict-rules.js';

/**
 * Checks a collection schema when it is defined: its keywords, then against the JSON Schema
 * (draft-07) meta-schema taught the library's vocabulary (`x-ref` takes a collection name,
 * `x-hidden` a boolean), then by the rules of Ajv's strict mode (unknown formats, `required`
 * without `properties`…). The meta-schema's validator was compiled when the package was built
 * (scripts/generate-validators.ts): checking a schema generates no code at run time. Returns every
 * problem as a sentence naming where it is; an empty list means the schema is good.
 */
export function schemaProblems(schema: JsonSchema): string[] {
  const unknown = unknownKeywords(schema, '#');
  if (unknown.length > 0) return unknown;
  const draft = schemaDraft(schema);
  if (draft) return [draft];
  if (!collectionSchema(schema)) {
    return (collectionSchema.errors ?? []).map(
      (error) => `${error.instancePath ? `#${error.instancePath}` : '#'} ${error.message ?? 'is invalid'}`,
    );
  }
  return strictProblems(schema);
}

const DRAFT_07 = new Set([
  'http://json-schema.org/draft-07/schema#',
  'http://json-schema.org/draft-07/schema',
]);

/** A `$schema` naming another draft: its keywords would mean something else. */
function schemaDraft(schema: JsonSchema): string | undefined {
  const named = schema.$schema;
  if (named === undefined || DRAFT_07.has(named)) return undefined;
  return `#/$schema is "${named}": collection schemas are JSON Schema draft-07 ("http://json-schema.org/draft-07/schema#")`;
}

/** Keys that are no keyword Ajv knows, with their JSON Pointer: Ajv's own error names no place. */
function unknownKeywords(node: unknown, pointer: string): string[] {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return [];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (!SCHEMA_KEYWORDS.has(key)) {
      problems.push(`${pointer} has unknown keyword "${key}"${suggestion(key)}`);
      continue;
    }
    const at = `${pointer}/${key}`;
    if (SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object') {
      for (const [name, child] of Object.entries(value)) {
        problems.push(...unknownKeywords(child, `${at}/${escapePointer(name)}`));
      }
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      for (const [index, child] of value.entries()) {
        problems.push(...unknownKeywords(child, `${at}/${index}`));
      }
    } else if (SUBSCHEMAS.has(key)) {
      problems.push(...unknownKeywords(value, at));
    }
  }
  return problems;
}

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', 'dependencies']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'items']);
const SUBSCHEMAS = new Set([
  'items',
  'additionalItems',
  'contains',
  'additionalProperties',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
]);

/**
 * Validation keywords and annotations (`default`, `readOnly`…) alike: every key Ajv's strict mode
 * accepts in a draft-07 schema, and the library's vocabulary (a test compares the list with Ajv's).
 */
export const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  '$async',
  '$schema',
  '$id',
  '$defs',
  '$vocabulary',
  '$comment',
  'definitions',
  'id',
  '$ref',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'multipleOf',
  'maxLength',
  'minLength',
  'pattern',
  'maxProperties',
  'minProperties',
  'required',
  'maxItems',
  'minItems',
  'uniqueItems',
  'type',
  'nullable',
  'const',
  'enum',
  'not',
  'anyOf',
  'oneOf',
  'allOf',
  'if',
  'then',
  'else',
  'propertyNames',
  'additionalProperties',
  'dependencies',
  'properties',
  'patternProperties',
  'additionalItems',
  'items',
  'contains',
  'format',
  'title',
  'description',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'examples',
  'contentMediaType',
  'contentEncoding',
  'contentSchema',
  'x-ref',
  'x-hidden',
]);

function suggestion(key: string): string {
  const close = KNOWN_KEYWORDS.find(
    (keyword) => editDistance(keyword.toLowerCase(), key.toLowerCase(), 3) < 3,
  );
  return close ? ` (did you mean "${close}"?)` : '';
}

const KNOWN_KEYWORDS = [
  'type',
  'format',
  'properties',
  'required',
  'items',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  'additionalProperties',
  'description',
  'default',
  'readOnly',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'x-ref',
  'x-hidden',
];
