/**
 * Checks on the MongoDB a plan becomes (`toMongo(plan)`): every `$`-key is one the library itself
 * emits, every `$`-string in an aggregation expression is a reference the library made (user text
 * only ever appears as a literal), regexes are escaped prefixes, `$limit` is a positive integer,
 * and every filter keeps the caller's base filter first and unchanged.
 *
 * Each checker returns a list of violations (`where: what`), so a failing property shows them all.
 */
import { isDeepStrictEqual } from 'node:util';
import type { CollectionDefinition, MongoQuery } from '@school/query-dsl';

/** Query operators the library writes in find filters, `$match` and counts. */
const QUERY_OPERATORS: ReadonlySet<string> = new Set([
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$exists',
  '$and',
  '$elemMatch',
  '$regex',
]);

/** Aggregation stages the library writes. */
const STAGES: ReadonlySet<string> = new Set([
  '$match',
  '$sort',
  '$skip',
  '$limit',
  '$project',
  '$set',
  '$unset',
  '$lookup',
]);

/** Aggregation expression operators the library writes (`$elemMatch` projections, populate). */
const EXPRESSION_OPERATORS: ReadonlySet<string> = new Set([
  '$cond',
  '$isArray',
  '$filter',
  '$map',
  '$mergeObjects',
  '$ifNull',
  '$first',
  '$eq',
  '$ne',
  '$not',
  '$in',
  '$or',
  '$and',
  '$type',
  '$isNumber',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$literal',
]);

/** Field paths and variables the library writes inside expressions: `$years`, `$$item.year`, `$$REMOVE`, `$__populate_0`. */
const LIBRARY_REFERENCE =
  /^(?:\$\$(?:item|ref|doc)(?:\.[A-Za-z_][\w]*)*|\$\$REMOVE|\$__populate_\d+|\$[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)$/u;
const LOOKUP_KEYS: ReadonlySet<string> = new Set(['from', 'localField', 'foreignField', 'as', 'pipeline']);
const ESCAPED_PREFIX = /^\^(?:\\[\\^$.*+?()[\]{}|/-]|[^\\^$.*+?()[\]{}|/-])*$/u;

export type Violations = string[];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** Every `$`-key and `$`-string of the emitted MongoDB that the library would not write. */
export function unexpectedOperators(query: MongoQuery): Violations {
  const out: Violations = [];
  const { read, counts } = query;
  if (read.kind === 'find') {
    checkFilter(read.filter, 'filter', out);
    if (read.options.projection) checkProjection(read.options.projection, 'projection', out);
    checkSort(read.options.sort, 'sort', out);
  } else {
    read.pipeline.forEach((stage, index) => {
      checkStage(stage, `pipeline[${index}]`, out);
    });
  }
  if (counts) {
    checkFilter(counts.total, 'counts.total', out);
    checkFilter(counts.actualTotal, 'counts.actualTotal', out);
    checkFilter(counts.active, 'counts.active', out);
  }
  return out;
}

function checkFilter(value: unknown, where: string, out: Violations): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      checkFilter(item, `${where}[${index}]`, out);
    });
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (key.startsWith('$') && !QUERY_OPERATORS.has(key)) out.push(`${where}: query operator ${key}`);
    if (key === '$regex' && (typeof child !== 'string' || !ESCAPED_PREFIX.test(child))) {
      out.push(`${where}: $regex ${JSON.stringify(child)} is not an escaped prefix`);
    }
    checkFilter(child, `${where}.${key}`, out);
  }
}

function checkSort(sort: unknown, where: string, out: Violations): void {
  if (!isPlainObject(sort)) {
    out.push(`${where}: not an object`);
    return;
  }
  for (const [key, direction] of Object.entries(sort)) {
    if (key.startsWith('$')) out.push(`${where}: sort key ${key}`);
    if (direction !== 1 && direction !== -1) out.push(`${where}.${key}: direction ${String(direction)}`);
  }
}

function checkProjection(projection: unknown, where: string, out: Violations): void {
  if (!isPlainObject(projection)) {
    out.push(`${where}: not an object`);
    return;
  }
  for (const [key, value] of Object.entries(projection)) {
    if (key.startsWith('$')) out.push(`${where}: projected field ${key}`);
    if (value === 0 || value === 1 || value === true || value === false) continue;
    checkExpression(value, `${where}.${key}`, out);
  }
}

function checkExpression(value: unknown, where: string, out: Violations): void {
  if (typeof value === 'string') {
    if (value.startsWith('$') && !LIBRARY_REFERENCE.test(value)) out.push(`${where}: field path ${value}`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      checkExpression(item, `${where}[${index}]`, out);
    });
    return;
  }
  if (!isPlainObject(value)) return;
  const keys = Object.keys(value);
  const operators = keys.filter((key) => key.startsWith('$'));
  if (operators.length === 0) {
    // A document of fields (inside `$mergeObjects`): its values are expressions.
    for (const key of keys) checkExpression(value[key], `${where}.${key}`, out);
    return;
  }
  if (keys.length !== 1) out.push(`${where}: expression object with keys ${keys.join(', ')}`);
  for (const op of operators) {
    if (!EXPRESSION_OPERATORS.has(op)) out.push(`${where}: expression operator ${op}`);
    if (op === '$literal') continue;
    const argument = value[op];
    if ((op === '$filter' || op === '$map') && isPlainObject(argument)) {
      for (const [key, child] of Object.entries(argument)) {
        if (!['input', 'as', 'cond', 'in'].includes(key)) out.push(`${where}.${op}: argument ${key}`);
        if (key === 'as') {
          if (typeof child !== 'string' || child.startsWith('$'))
            out.push(`${where}.${op}.as: ${String(child)}`);
        } else checkExpression(child, `${where}.${op}.${key}`, out);
      }
      continue;
    }
    checkExpression(argument, `${where}.${op}`, out);
  }
}

function checkStage(stage: unknown, where: string, out: Violations): void {
  if (!isPlainObject(stage)) {
    out.push(`${where}: not a stage`);
    return;
  }
  const keys = Object.keys(stage);
  if (keys.length !== 1) {
    out.push(`${where}: stage with keys ${keys.join(', ')}`);
    return;
  }
  const name = keys[0]!;
  const body = stage[name];
  if (!STAGES.has(name)) {
    out.push(`${where}: stage ${name}`);
    return;
  }
  switch (name) {
    case '$match':
      checkFilter(body, `${where}.$match`, out);
      return;
    case '$sort':
      checkSort(body, `${where}.$sort`, out);
      return;
    case '$skip':
      if (!Number.isInteger(body) || (body as number) < 0) out.push(`${where}: $skip ${String(body)}`);
      return;
    case '$limit':
      if (!Number.isSafeInteger(body) || (body as number) < 1) out.push(`${where}: $limit ${String(body)}`);
      return;
    case '$project':
    case '$set':
      checkProjection(body, `${where}.${name}`, out);
      return;
    case '$unset': {
      const fields = Array.isArray(body) ? body : [body];
      for (const field of fields) {
        if (typeof field !== 'string' || field.startsWith('$')) out.push(`${where}: $unset ${String(field)}`);
      }
      return;
    }
    case '$lookup': {
      if (!isPlainObject(body)) {
        out.push(`${where}: $lookup is not an object`);
        return;
      }
      for (const [key, value] of Object.entries(body)) {
        if (!LOOKUP_KEYS.has(key)) out.push(`${where}.$lookup: argument ${key}`);
        if (key === 'pipeline') {
          if (!Array.isArray(value)) out.push(`${where}.$lookup.pipeline: not an array`);
          else
            value.forEach((inner, index) => {
              checkStage(inner, `${where}.$lookup.pipeline[${index}]`, out);
            });
        } else if (typeof value !== 'string' || value.startsWith('$')) {
          out.push(`${where}.$lookup.${key}: ${String(value)}`);
        }
      }
    }
  }
}

/** Whether `limit` of a find / `$limit` of a pipeline is a positive integer no larger than `max`. */
export function limitOf(query: MongoQuery): unknown {
  const { read } = query;
  if (read.kind === 'find') return read.options.limit;
  const stage = read.pipeline.find((item) => '$limit' in item);
  return stage?.$limit;
}

/** The base filter a read of `collection` must keep: the object, or what the function gives. */
export type Scope = (collection: CollectionDefinition) => Record<string, unknown> | undefined;

const keepsBase = (filter: unknown, base: Record<string, unknown>): boolean => {
  if (isDeepStrictEqual(filter, base)) return true;
  if (!isPlainObject(filter)) return false;
  const keys = Object.keys(filter);
  const clauses = filter.$and;
  return (
    keys.length === 1 && Array.isArray(clauses) && clauses.length >= 2 && isDeepStrictEqual(clauses[0], base)
  );
};

/**
 * Every filter of the query that does not keep the base filter of its collection as given, or as
 * the first clause of a top-level `$and`: the find filter, the pipeline's `$match`, each count,
 * and every `$lookup`'s sub-pipeline (which must start with its collection's `$match`).
 */
export function baseFilterViolations(
  query: MongoQuery,
  scope: Scope,
  collection: (name: string) => CollectionDefinition | undefined,
): Violations {
  const out: Violations = [];
  const root = collection(query.collection)!;
  const base = nonEmpty(scope(root));
  const check = (filter: unknown, where: string, expected: Record<string, unknown>) => {
    if (!keepsBase(filter, expected))
      out.push(`${where}: ${describe(filter)} does not keep ${describe(expected)}`);
  };
  const { read, counts } = query;
  if (base) {
    if (read.kind === 'find') check(read.filter, 'filter', base);
    else {
      const [first] = read.pipeline;
      if (!first || !('$match' in first)) out.push('pipeline: does not start with $match');
      read.pipeline.forEach((stage, index) => {
        if ('$match' in stage) check(stage.$match, `pipeline[${index}].$match`, base);
      });
    }
    if (counts) {
      check(counts.total, 'counts.total', base);
      check(counts.actualTotal, 'counts.actualTotal', base);
      check(counts.active, 'counts.active', base);
    }
  }
  if (read.kind === 'aggregate') checkLookups(read.pipeline, 'pipeline', scope, collection, out, check);
  return out;
}

function checkLookups(
  pipeline: readonly Record<string, unknown>[],
  where: string,
  scope: Scope,
  collection: (name: string) => CollectionDefinition | undefined,
  out: Violations,
  check: (filter: unknown, where: string, expected: Record<string, unknown>) => void,
): void {
  pipeline.forEach((stage, index) => {
    const lookup = stage.$lookup;
    if (!isPlainObject(lookup)) return;
    const at = `${where}[${index}].$lookup`;
    const target = typeof lookup.from === 'string' ? collection(lookup.from) : undefined;
    if (!target) {
      out.push(`${at}: unknown collection ${String(lookup.from)}`);
      return;
    }
    const inner = Array.isArray(lookup.pipeline) ? (lookup.pipeline as Record<string, unknown>[]) : [];
    const base = nonEmpty(scope(target));
    if (base) {
      const [first] = inner;
      if (!first || !('$match' in first))
        out.push(`${at}.pipeline: does not start with the scope of ${target.name}`);
      inner.forEach((innerStage, innerIndex) => {
        if ('$match' in innerStage) check(innerStage.$match, `${at}.pipeline[${innerIndex}].$match`, base);
      });
    }
    checkLookups(inner, `${at}.pipeline`, scope, collection, out, check);
  });
}

function nonEmpty(filter: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return filter && Object.keys(filter).length > 0 ? filter : undefined;
}

function describe(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
