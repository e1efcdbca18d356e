import { Ajv } from 'ajv';
import { editDistance } from '../core/edit-distance.js';
import { type JsonSchema, SCHEMA_FORMATS } from './json-schema.js';

let instance: Ajv | undefined;

/**
 * Ajv in strict mode, taught the library's vocabulary: `x-ref` takes a collection name, `x-hidden`
 * a boolean, and the formats of `SCHEMA_FORMATS` are known. It is only asked whether a schema is
 * well formed — collection records are never validated with it — so formats need no checker.
 */
function ajv(): Ajv {
  if (instance) return instance;
  const created = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
  created.addKeyword({
    keyword: 'x-ref',
    schemaType: 'string',
    metaSchema: { type: 'string', minLength: 1 },
  });
  created.addKeyword({ keyword: 'x-hidden', schemaType: 'boolean', metaSchema: { type: 'boolean' } });
  for (const format of SCHEMA_FORMATS) created.addFormat(format, true);
  instance = created;
  return created;
}

/**
 * Checks a collection schema when it is defined: against the JSON Schema (draft-07) meta-schema,
 * then by Ajv's strict mode (unknown keywords and formats, `required` without `properties`…).
 * Returns every problem as a sentence naming where it is; an empty list means the schema is good.
 */
export function schemaProblems(schema: JsonSchema): string[] {
  const checker = ajv();
  const unknown = unknownKeywords(schema, '#', checker);
  if (unknown.length > 0) return unknown;
  if (!checker.validateSchema(schema)) {
    return (checker.errors ?? []).map(
      (error) => `${error.instancePath ? `#${error.instancePath}` : '#'} ${error.message ?? 'is invalid'}`,
    );
  }
  try {
    checker.compile(schema);
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
  return [];
}

/** Keys that are no keyword Ajv knows, with their JSON Pointer: Ajv's own error names no place. */
function unknownKeywords(node: unknown, pointer: string, checker: Ajv): string[] {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return [];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (!isKeyword(key, checker)) {
      problems.push(`${pointer} has unknown keyword "${key}"${suggestion(key, checker)}`);
      continue;
    }
    const at = `${pointer}/${key}`;
    if (SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object') {
      for (const [name, child] of Object.entries(value)) {
        problems.push(...unknownKeywords(child, `${at}/${escapePointer(name)}`, checker));
      }
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      for (const [index, child] of value.entries()) {
        problems.push(...unknownKeywords(child, `${at}/${index}`, checker));
      }
    } else if (SUBSCHEMAS.has(key)) {
      problems.push(...unknownKeywords(value, at, checker));
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

/** Validation keywords and annotations (`default`, `readOnly`…) alike: every key Ajv's strict mode accepts. */
const isKeyword = (key: string, checker: Ajv) => Object.hasOwn(checker.RULES.keywords, key);

const escapePointer = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

function suggestion(key: string, checker: Ajv): string {
  const known = [...KNOWN_KEYWORDS].filter((keyword) => isKeyword(keyword, checker));
  const close = known.find((keyword) => editDistance(keyword.toLowerCase(), key.toLowerCase(), 3) < 3);
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
