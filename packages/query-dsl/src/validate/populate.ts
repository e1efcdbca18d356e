import type { CollectionDefinition } from '../collection/define-collection.js';
import { IssueList } from '../core/issue-list.js';
import { MAX_POPULATE_DEPTH } from '../core/limits.js';
import type { MongoFilter, PopulateNode } from '../plan/types.js';
import type { FieldInfo } from '../schema/fields.js';
import type { ValidationContext } from './context.js';
import { readObjectParam } from './json.js';
import { withoutAncestorDuplicates } from './select.js';

const PARAM = 'populate';

export interface PopulateEnvironment {
  /** The collection a reference points to. */
  readonly collection: (name: string) => CollectionDefinition | undefined;
  /** The caller's base filter for a collection, applied inside every lookup into it. */
  readonly scope: (collection: CollectionDefinition) => MongoFilter | undefined;
  /**
   * Checked populate specs by collection and text (a typed description's object by its JSON text):
   * clients send few distinct ones, and checking a spec is the costly part of a populated request.
   * Scopes are attached per request.
   */
  readonly populateCache: PopulateCache;
}

/** A populate node as checked, before the caller's scope is attached. */
type PopulateShape = Omit<PopulateNode, 'scope' | 'children'> & {
  readonly children: readonly PopulateShape[];
};

interface CachedPopulate {
  readonly shapes: readonly PopulateShape[];
  readonly issues: IssueList;
}

/** Checked populate specs by collection, then by their text. */
export type PopulateCache = Map<CollectionDefinition, Map<string, CachedPopulate>>;

const MAX_CACHED_SPECS = 1000;

interface MutableNode {
  path: string;
  field: FieldInfo;
  target: CollectionDefinition;
  fields: 'all' | string[];
  children: Map<string, MutableNode>;
}

/**
 * `populate={"school": "name", "years.year": "name", "parents": ""}` or `populate=true` (the
 * collection's default). A dotted key may cross up to `MAX_POPULATE_DEPTH` references
 * (`years.group.section`). `key` names it in the cache: a query string's text, or a typed
 * object's JSON text (see `describeSpec`); a spec without one is read each time.
 */
export function readPopulate(
  collection: CollectionDefinition,
  raw: unknown,
  environment: PopulateEnvironment,
  context: ValidationContext,
  fromText: boolean,
  typedKey: string | undefined,
): PopulateNode[] {
  const key = fromText ? (typeof raw === 'string' ? raw : undefined) : typedKey;
  const byKey = environment.populateCache.get(collection);
  let entry = key === undefined ? undefined : byKey?.get(key);
  if (!entry) {
    const local = new IssueList();
    const shapes = readShapes(
      collection,
      raw,
      environment,
      { issues: local, limits: context.limits },
      fromText,
    );
    entry = { shapes, issues: local };
    if (key !== undefined) remember(environment.populateCache, collection, key, entry);
  }
  context.issues.absorb(entry.issues);
  return entry.shapes.map((shape) => withScope(shape, environment));
}

/** Keeps a checked spec, emptying its collection's entries first when they reach the bound (memory only). */
function remember(
  cache: PopulateCache,
  collection: CollectionDefinition,
  key: string,
  entry: CachedPopulate,
) {
  const byKey = cache.get(collection) ?? new Map<string, CachedPopulate>();
  if (byKey.size >= MAX_CACHED_SPECS) byKey.clear();
  cache.set(collection, byKey.set(key, entry));
}

function withScope(shape: PopulateShape, environment: PopulateEnvironment): PopulateNode {
  const children: PopulateNode[] = [];
  for (const child of shape.children) children.push(withScope(child, environment));
  return {
    path: shape.path,
    target: shape.target,
    arrayPath: shape.arrayPath,
    many: shape.many,
    fields: shape.fields,
    scope: environment.scope(shape.target),
    children,
  };
}

function readShapes(
  collection: CollectionDefinition,
  raw: unknown,
  environment: PopulateEnvironment,
  context: ValidationContext,
  fromText: boolean,
): PopulateShape[] {
  const spec = populateSpec(collection, raw, environment, context, fromText);
  if (!spec) return [];
  const entries = Object.entries(spec);
  if (entries.length > context.limits.maxPopulatePaths) {
    context.issues.add(
      'QUERY_TOO_COMPLEX',
      PARAM,
      `populate names ${entries.length} paths; at most ${context.limits.maxPopulatePaths} are allowed.`,
    );
    return [];
  }
  const roots = new Map<string, MutableNode>();
  for (const [key, fieldList] of entries) {
    addPath(collection, key, fieldList, roots, environment, context);
  }
  return [...roots.values()].map(freeze);
}

function populateSpec(
  collection: CollectionDefinition,
  raw: unknown,
  environment: PopulateEnvironment,
  context: ValidationContext,
  fromText: boolean,
): Record<string, unknown> | undefined {
  if (raw === 'false' || raw === '') return undefined;
  if (raw === 'true') return collection.defaultPopulate;
  const hint = populateHint(collection, environment);
  return readObjectParam(raw, PARAM, context, 'INVALID_POPULATE', hint, fromText);
}

/**
 * How to write `populate`, with an example made of the collection's own first reference and a
 * field of the collection it points to: `{"book": "title"}` on loans, never another domain's words.
 */
function populateHint(collection: CollectionDefinition, environment: PopulateEnvironment): string {
  const usage = 'populate takes true, or a JSON object of reference paths to field lists';
  const reference = referencePaths(collection)[0];
  if (reference === undefined) return `${usage}; ${collection.name} has no references to populate.`;
  const target = environment.collection(collection.fields.get(reference)?.ref ?? '');
  const field = target ? exampleFields(target) : '';
  return `${usage} ("" for every field), e.g. ${JSON.stringify({ [reference]: field })}.`;
}

/** A visible field of `collection` other than `_id`, for examples ('' when it has none). */
function exampleFields(collection: CollectionDefinition): string {
  for (const field of collection.fields.values()) {
    if (!field.hidden && field.path !== '_id' && !field.path.includes('.')) return field.path;
  }
  return '';
}

function addPath(
  root: CollectionDefinition,
  key: string,
  fieldList: unknown,
  roots: Map<string, MutableNode>,
  environment: PopulateEnvironment,
  context: ValidationContext,
): void {
  const param = `${PARAM}.${key}`;
  const hops = referenceHops(root, key, param, environment, context);
  if (typeof fieldList !== 'string') {
    const target = hops?.at(-1)?.target;
    const example = target ? exampleFields(target) : '';
    context.issues.add(
      'INVALID_POPULATE',
      param,
      `The field list for ${key} must be a string of field names separated by spaces` +
        (example ? `, such as "${example}"` : '') +
        ' ("" for every field).',
    );
    return;
  }
  if (!hops) return;
  let level = roots;
  let node: MutableNode | undefined;
  for (const hop of hops) {
    node = level.get(hop.field.path);
    if (!node) {
      node = {
        path: hop.field.path,
        field: hop.field,
        target: hop.target,
        fields: 'all',
        children: new Map(),
      };
      level.set(hop.field.path, node);
    }
    level = node.children;
  }
  const names = fieldList.split(/[\s+]+/u).filter((name) => name.length > 0);
  if (!node || names.length === 0) return;
  // One issue per unknown name, as `select` reports them: the issue list caps and de-duplicates.
  const before = context.issues.reported;
  for (const name of names) {
    const field = node.target.fields.get(name);
    if (!field || field.hidden) {
      context.issues.add('INVALID_POPULATE', param, `${node.target.name} has no field "${name}".`);
    }
  }
  if (context.issues.reported > before) return;
  node.fields = withoutAncestorDuplicates(names);
}

interface Hop {
  readonly field: FieldInfo;
  readonly target: CollectionDefinition;
}

/** Splits `years.group.section` into the references it crosses: students.years.group → grades.section. */
function referenceHops(
  root: CollectionDefinition,
  key: string,
  param: string,
  environment: PopulateEnvironment,
  context: ValidationContext,
): Hop[] | undefined {
  const hops: Hop[] = [];
  let collection = root;
  let segments = key.split('.');
  while (segments.length > 0) {
    const hop = firstReference(collection, segments, environment);
    if (!hop) {
      const rest = segments.join('.');
      const references = referencePaths(collection);
      context.issues.add(
        'INVALID_POPULATE',
        param,
        `${rest} is not a reference of ${collection.name}` +
          (references.length > 0 ? `; references: ${references.join(', ')}.` : '.'),
      );
      return undefined;
    }
    if (hop.field.arrayAncestor && collection.fields.get(hop.field.arrayAncestor)?.arrayAncestor) {
      context.issues.add(
        'INVALID_POPULATE',
        param,
        `${hop.field.path} lies inside nested arrays, which populate does not reach.`,
      );
      return undefined;
    }
    hops.push(hop);
    if (hops.length > MAX_POPULATE_DEPTH) {
      context.issues.add(
        'INVALID_POPULATE',
        param,
        `populate crosses at most ${MAX_POPULATE_DEPTH} references; ${key} crosses more.`,
      );
      return undefined;
    }
    segments = segments.slice(hop.field.path.split('.').length);
    collection = hop.target;
  }
  return hops;
}

function firstReference(
  collection: CollectionDefinition,
  segments: readonly string[],
  environment: PopulateEnvironment,
): Hop | undefined {
  for (let length = 1; length <= segments.length; length++) {
    const field = collection.fields.get(segments.slice(0, length).join('.'));
    if (!field || field.hidden) return undefined;
    if (field.ref) {
      const target = environment.collection(field.ref);
      return target ? { field, target } : undefined;
    }
  }
  return undefined;
}

function referencePaths(collection: CollectionDefinition): string[] {
  return [...collection.fields.values()]
    .filter((field) => field.ref && !field.hidden)
    .map((field) => field.path);
}

function freeze(node: MutableNode): PopulateShape {
  const children = [...node.children.values()].map(freeze);
  const fields =
    node.fields === 'all' ? 'all' : [...new Set([...node.fields, ...children.map((child) => child.path)])];
  return {
    path: node.path,
    target: node.target,
    arrayPath: node.field.arrayAncestor,
    many: node.field.isArray,
    fields,
    children,
  };
}
