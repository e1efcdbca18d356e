import { isPrototypeKey } from '../parse/prototype-keys.js';
import type { JsonSchema, JsonSchemaType } from './json-schema.js';

/** The type a stored leaf value has, which decides how query values are coerced. */
export type ScalarType = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'objectId';

export interface FieldInfo {
  /** Dotted path from the record's root, e.g. `renewals.desk`. */
  readonly path: string;
  /** `object` for subdocuments (or arrays of them); `any` when the schema does not say. */
  readonly type: ScalarType | 'object' | 'any';
  /** The value at this path is an array (of `type` elements). */
  readonly isArray: boolean;
  /** The nearest ancestor that is an array of subdocuments (`renewals` for `renewals.desk`), if any. */
  readonly arrayAncestor: string | undefined;
  /** For identifiers: the collection they point to. */
  readonly ref: string | undefined;
  /** The field or one of its ancestors is hidden: never returned, selected, filtered or sorted on. */
  readonly hidden: boolean;
  readonly enum: readonly unknown[] | undefined;
  /** Direct children of a subdocument field (full paths). */
  readonly children: readonly string[];
}

export type FieldCatalog = ReadonlyMap<string, FieldInfo>;

/**
 * Whether any text is a value of the field (a string field without `enum`, or a field of any
 * type): there a value that is not valid JSON is the text it is, whatever its first character, so
 * every text a client sends reads as something and none is refused as broken JSON.
 */
export function holdsText(field: FieldInfo): boolean {
  return (field.type === 'string' && field.enum === undefined) || field.type === 'any';
}

interface WalkContext {
  readonly fields: Map<string, FieldInfo>;
  readonly references: Readonly<Record<string, string>>;
  readonly hidden: ReadonlySet<string>;
}

/** Walks a collection's JSON Schema once and lists every addressable path with its type. */
export function catalogFields(
  schema: JsonSchema,
  references: Readonly<Record<string, string>> = {},
  hidden: readonly string[] = [],
): FieldCatalog {
  const context: WalkContext = { fields: new Map(), references, hidden: new Set(hidden) };
  const root = nonNullBranch(schema);
  if (schemaType(root) !== 'object' || !root.properties) {
    throw new TypeError('A collection schema must be an object schema with `properties`.');
  }
  walkProperties(root, '', undefined, false, context);
  if (!context.fields.has('_id')) {
    context.fields.set('_id', leaf('_id', 'objectId', false, undefined, undefined, false, undefined));
  }
  for (const path of Object.keys(references)) {
    if (!context.fields.has(path)) throw new TypeError(`references: "${path}" is not a field of the schema.`);
  }
  for (const path of hidden) {
    if (!context.fields.has(path)) throw new TypeError(`hidden: "${path}" is not a field of the schema.`);
  }
  return context.fields;
}

function walkProperties(
  node: JsonSchema,
  prefix: string,
  arrayAncestor: string | undefined,
  parentHidden: boolean,
  context: WalkContext,
): string[] {
  const children: string[] = [];
  for (const [name, raw] of Object.entries(node.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (isPrototypeKey(name)) {
      throw new TypeError(`"${path}": "${name}" cannot be a field name (queries refuse it as a key).`);
    }
    children.push(path);
    walkField(nonNullBranch(raw), path, arrayAncestor, parentHidden, context);
  }
  return children;
}

function walkField(
  node: JsonSchema,
  path: string,
  arrayAncestor: string | undefined,
  parentHidden: boolean,
  context: WalkContext,
): void {
  const hidden = parentHidden || node['x-hidden'] === true || context.hidden.has(path);
  const type = schemaType(node);
  if (type === 'array') {
    const item = nonNullBranch(node.items ?? {});
    if (schemaType(item) === 'object') {
      const children = walkProperties(item, path, path, hidden, context);
      context.fields.set(path, { ...objectField(path, arrayAncestor, hidden, children), isArray: true });
      return;
    }
    context.fields.set(path, schemaLeaf(item, path, true, arrayAncestor, hidden, context));
    return;
  }
  if (type === 'object') {
    const children = walkProperties(node, path, arrayAncestor, hidden, context);
    context.fields.set(path, objectField(path, arrayAncestor, hidden, children));
    return;
  }
  context.fields.set(path, schemaLeaf(node, path, false, arrayAncestor, hidden, context));
}

function objectField(
  path: string,
  arrayAncestor: string | undefined,
  hidden: boolean,
  children: readonly string[],
): FieldInfo {
  return {
    path,
    type: 'object',
    isArray: false,
    arrayAncestor,
    ref: undefined,
    hidden,
    enum: undefined,
    children,
  };
}

/** A field with nothing below it, read from its schema (the element's, for an array of scalars). */
function schemaLeaf(
  node: JsonSchema,
  path: string,
  isArray: boolean,
  arrayAncestor: string | undefined,
  hidden: boolean,
  context: WalkContext,
): FieldInfo {
  const type = scalarType(node, path, context);
  return leaf(path, type, isArray, arrayAncestor, refOf(node, path, context), hidden, node.enum);
}

function leaf(
  path: string,
  type: FieldInfo['type'],
  isArray: boolean,
  arrayAncestor: string | undefined,
  ref: string | undefined,
  hidden: boolean,
  enumValues: readonly unknown[] | undefined,
): FieldInfo {
  return { path, type, isArray, arrayAncestor, ref, hidden, enum: enumValues, children: [] };
}

function refOf(node: JsonSchema, path: string, context: WalkContext): string | undefined {
  return context.references[path] ?? (typeof node['x-ref'] === 'string' ? node['x-ref'] : undefined);
}

function scalarType(node: JsonSchema, path: string, context: WalkContext): FieldInfo['type'] {
  if (refOf(node, path, context) !== undefined || node.format === 'objectid' || path === '_id')
    return 'objectId';
  const type = schemaType(node);
  if (type === 'string') return node.format === 'date-time' || node.format === 'date' ? 'date' : 'string';
  if (type === 'number' || type === 'integer' || type === 'boolean') return type;
  return 'any';
}

function schemaType(node: JsonSchema): JsonSchemaType | undefined {
  const { type } = node;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return (type as readonly JsonSchemaType[]).find((t) => t !== 'null');
  if (node.properties) return 'object';
  if (node.items) return 'array';
  return undefined;
}

/** `anyOf: [X, {type: 'null'}]` (a nullable field) is read as X. */
function nonNullBranch(node: JsonSchema): JsonSchema {
  const branches = node.anyOf ?? node.oneOf;
  if (!branches) return node;
  const nonNull = branches.filter((branch) => branch.type !== 'null');
  return nonNull.length === 1 && nonNull[0] ? { ...nonNull[0], ...withoutBranches(node) } : node;
}

function withoutBranches(node: JsonSchema): JsonSchema {
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = node;
  return rest;
}
