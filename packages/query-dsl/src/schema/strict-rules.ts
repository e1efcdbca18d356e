import { SCHEMA_FORMATS } from './json-schema.js';

/**
 * The rules of Ajv's strict mode that a schema well formed by the meta-schema can still break:
 * keywords that would be ignored (a `minimum` on a string, `if` without `then`), types that rule
 * each other out, `required` fields that are no property, tuples of open length, unknown formats,
 * patterns that are no regular expression and references to nothing. Ajv checks them while it
 * generates a validator; they are written out here so that checking a schema generates no code.
 * The messages are Ajv's.
 */
export function strictProblems(schema: object): string[] {
  const problems: string[] = [];
  visit(schema, { path: '#', types: [], properties: new Set(), root: schema, problems });
  return problems;
}

interface Visit {
  /** Where the node is, as a JSON Pointer fragment (`#/properties/name`). */
  readonly path: string;
  /** The types the enclosing schemas allow for the same value (none said: any). */
  readonly types: readonly string[];
  /** Properties the enclosing schemas of the same value define (for `required`). */
  readonly properties: ReadonlySet<string>;
  readonly root: object;
  readonly problems: string[];
}

type Node = Readonly<Record<string, unknown>>;

/** The type each keyword applies to (the keywords not listed apply to any value). */
const KEYWORD_TYPES: Readonly<Record<string, readonly string[]>> = {
  maximum: ['number'],
  minimum: ['number'],
  exclusiveMaximum: ['number'],
  exclusiveMinimum: ['number'],
  multipleOf: ['number'],
  maxLength: ['string'],
  minLength: ['string'],
  pattern: ['string'],
  maxProperties: ['object'],
  minProperties: ['object'],
  required: ['object'],
  maxItems: ['array'],
  minItems: ['array'],
  uniqueItems: ['array'],
  propertyNames: ['object'],
  additionalProperties: ['object'],
  dependencies: ['object'],
  properties: ['object'],
  patternProperties: ['object'],
  additionalItems: ['array'],
  items: ['array'],
  contains: ['array'],
  format: ['number', 'string'],
};

const SAME_VALUE = ['not', 'if', 'then', 'else'];
const SAME_VALUE_LISTS = ['anyOf', 'oneOf', 'allOf'];
const KNOWN_FORMATS: ReadonlySet<string> = new Set(SCHEMA_FORMATS);

const isNode = (value: unknown): value is Node =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function visit(node: unknown, at: Visit): void {
  if (!isNode(node)) return;
  if (typeof node.$ref === 'string') {
    if (resolve(at.root, node.$ref) === undefined) {
      at.problems.push(`can't resolve reference ${node.$ref} from id #`);
    }
    return;
  }
  const types = contextTypes(node, at);
  const properties = new Set([
    ...at.properties,
    ...Object.keys(isNode(node.properties) ? node.properties : {}),
  ]);
  keywordTypes(node, types, at);
  ignoredKeywords(node, at);
  valueRules(node, properties, at);
  const same = { ...at, types, properties };
  for (const keyword of SAME_VALUE) visit(node[keyword], { ...same, path: `${at.path}/${keyword}` });
  for (const keyword of SAME_VALUE_LISTS) {
    const list = node[keyword];
    if (!Array.isArray(list)) continue;
    for (const [i, child] of list.entries()) visit(child, { ...same, path: `${at.path}/${keyword}/${i}` });
  }
  if (isNode(node.dependencies)) {
    for (const [name, child] of Object.entries(node.dependencies)) {
      visit(child, { ...same, path: `${at.path}/dependencies/${escapePointer(name)}` });
    }
  }
  visitOtherValues(node, at);
}

/** Subschemas of another value (a property, an item, a key): the context starts afresh. */
function visitOtherValues(node: Node, at: Visit): void {
  const fresh = (path: string, types: readonly string[] = []): Visit => ({
    ...at,
    path: `${at.path}/${path}`,
    types,
    properties: new Set(),
  });
  for (const keyword of ['properties', 'patternProperties']) {
    const map = node[keyword];
    if (!isNode(map)) continue;
    for (const [name, child] of Object.entries(map)) visit(child, fresh(`${keyword}/${escapePointer(name)}`));
  }
  for (const keyword of ['additionalProperties', 'additionalItems', 'contains'])
    visit(node[keyword], fresh(keyword));
  visit(node.propertyNames, fresh('propertyNames', ['string']));
  if (Array.isArray(node.items))
    for (const [i, child] of node.items.entries()) visit(child, fresh(`items/${i}`));
  else visit(node.items, fresh('items'));
}

/** The types this node allows, within those of its context; a type the context rules out is a problem. */
function contextTypes(node: Node, at: Visit): readonly string[] {
  const own =
    typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type.map(String) : [];
  if (own.length === 0) return at.types;
  if (at.types.length === 0) return own;
  for (const type of own) {
    if (!includesType(at.types, type)) {
      at.problems.push(
        `strict mode: type "${type}" not allowed by context "${at.types.join(',')}" at "${at.path}" (strictTypes)`,
      );
    }
  }
  return at.types.flatMap((type) =>
    includesType(own, type) ? [type] : type === 'number' && own.includes('integer') ? ['integer'] : [],
  );
}

const includesType = (types: readonly string[], type: string) =>
  types.includes(type) || (type === 'integer' && types.includes('number'));

/** Each keyword that applies to one type needs that type declared (here or by the context). */
function keywordTypes(node: Node, types: readonly string[], at: Visit): void {
  for (const [keyword, applies] of Object.entries(KEYWORD_TYPES)) {
    if (node[keyword] === undefined) continue;
    const declared = applies.some(
      (type) => types.includes(type) || (type === 'number' && types.includes('integer')),
    );
    if (!declared) {
      at.problems.push(
        `strict mode: missing type "${applies.join(',')}" for keyword "${keyword}" at "${at.path}" (strictTypes)`,
      );
    }
  }
}

/** Keywords that mean nothing without another beside them. */
function ignoredKeywords(node: Node, at: Visit): void {
  if (node.if !== undefined && node.then === undefined && node.else === undefined) {
    at.problems.push('strict mode: "if" without "then" and "else" is ignored');
  }
  for (const keyword of ['then', 'else']) {
    if (node[keyword] !== undefined && node.if === undefined) {
      at.problems.push(`strict mode: "${keyword}" without "if" is ignored`);
    }
  }
  if (node.additionalItems !== undefined && !Array.isArray(node.items)) {
    at.problems.push('strict mode: "additionalItems" is ignored when "items" is not an array of schemas');
  }
  if (Array.isArray(node.items)) {
    const length = node.items.length;
    const { minItems, maxItems } = node;
    const full =
      typeof minItems === 'number' &&
      minItems >= length &&
      ((typeof maxItems === 'number' && maxItems <= length) || node.additionalItems === false);
    if (!full) {
      at.problems.push(
        `strict mode: "items" is ${length}-tuple, but minItems or maxItems/additionalItems are not specified or different at path "${at.path}"`,
      );
    }
  }
}

/** `required` names properties, `format` a known format, `pattern` a regular expression. */
function valueRules(node: Node, properties: ReadonlySet<string>, at: Visit): void {
  if (Array.isArray(node.required)) {
    for (const name of node.required) {
      if (!properties.has(String(name))) {
        at.problems.push(
          `strict mode: required property "${name}" is not defined at "${at.path}" (strictRequired)`,
        );
      }
    }
  }
  if (typeof node.format === 'string' && !KNOWN_FORMATS.has(node.format)) {
    at.problems.push(`unknown format "${node.format}" ignored in schema at path "${at.path}"`);
  }
  const patterns = [
    node.pattern,
    ...Object.keys(isNode(node.patternProperties) ? node.patternProperties : {}),
  ];
  for (const pattern of patterns) {
    if (typeof pattern !== 'string') continue;
    try {
      new RegExp(pattern, 'u');
    } catch (error) {
      at.problems.push(error instanceof Error ? error.message : String(error));
    }
  }
}

/** The node a local reference (`#`, `#/definitions/x`) names, if there is one. */
function resolve(root: object, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const segment of ref.slice(1).split('/').slice(1)) {
    const key = decodeSegment(segment);
    if (!isNode(node) && !Array.isArray(node)) return undefined;
    node = Object.hasOwn(node, key) ? (node as Node)[key] : undefined;
  }
  return node;
}

function decodeSegment(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // A malformed escape names no key: kept as written, it resolves to nothing.
  }
  return text.replace(/~1/g, '/').replace(/~0/g, '~');
}

export const escapePointer = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');
