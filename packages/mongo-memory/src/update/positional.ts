/**
 * The position a query matched, which an update path's `$` stands for. MongoDB records it while
 * matching (`MatchDetails::elemMatchKey`): the position, in the first array along a condition's
 * path, of the first element that satisfies the condition. Conditions under `$or`, `$nor`, `$not`,
 * `$ne`, `$nin`, `$exists: false` and `$size` record none; each condition of an implicit or
 * explicit `$and` (each operator of `{a: {$gte: 1, $lt: 5}}`, each value of `$all`) records its own,
 * the last one standing. Which one is last depends on how MongoDB orders the conditions, so when
 * two conditions name different positions the engine refuses by name rather than pick one.
 */
import type { Document } from '../bson/document.js';
import { isDocument } from '../bson/order.js';
import { withPath } from '../bson/paths.js';
import { MemoryEngineUnsupportedError } from '../errors/engine-errors.js';
import { compileFilter, type Predicate } from '../query/filter.js';
import { isOperatorObject } from '../query/predicates.js';

/** One condition of the query on one path, as a filter of its own. */
interface Condition {
  path: string;
  filter: Document;
  test?: Predicate;
}

const NO_POSITION = new Set(['$ne', '$nin', '$not', '$size', '$options']);

function conditionsOf(path: string, value: unknown, out: Condition[]): void {
  if (!isOperatorObject(value)) {
    out.push({ path, filter: { [path]: value } });
    return;
  }
  for (const [op, arg] of Object.entries(value)) {
    if (NO_POSITION.has(op) || (op === '$exists' && !arg)) continue;
    if (op === '$all' && Array.isArray(arg)) {
      for (const element of arg) out.push({ path, filter: { [path]: element } });
    } else if (op === '$regex' && value.$options !== undefined) {
      out.push({ path, filter: { [path]: { $regex: arg, $options: value.$options } } });
    } else out.push({ path, filter: { [path]: { [op]: arg } } });
  }
}

function split(filter: Document, out: Condition[]): Condition[] {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const clause of value) if (isDocument(clause)) split(clause, out);
    } else if (!key.startsWith('$')) conditionsOf(key, value, out);
  }
  return out;
}

/** The first array along `path` in `doc` and its path (`a` for `a.b` over `a: [...]`), if any. */
function firstArray(doc: Document, path: string): { prefix: string; array: unknown[] } | undefined {
  const parts = path.split('.');
  let value: unknown = doc;
  for (let i = 0; i < parts.length; i++) {
    if (!isDocument(value) || !Object.hasOwn(value, parts[i]!)) return undefined;
    value = value[parts[i]!];
    if (Array.isArray(value)) return { prefix: parts.slice(0, i + 1).join('.'), array: value };
  }
  return undefined;
}

/** The first position whose element alone (the array cut down to it) satisfies the condition. */
function positionFor(doc: Document, condition: Condition): string | undefined {
  const found = firstArray(doc, condition.path);
  if (found === undefined) return undefined;
  const { prefix, array } = found;
  condition.test ??= compileFilter(condition.filter);
  for (let i = 0; i < array.length; i++) {
    if (condition.test(withPath(doc, prefix, [array[i]]))) return String(i);
  }
  return undefined;
}

/** For a query, what `$` stands for in a document it matched (undefined: no array element matched). */
export function positionFinder(filter: Document): (doc: Document) => string | undefined {
  const conditions = split(filter, []);
  return (doc) => {
    let position: string | undefined;
    for (const condition of conditions) {
      const found = positionFor(doc, condition);
      if (found === undefined) continue;
      if (position !== undefined && found !== position) {
        throw new MemoryEngineUnsupportedError(
          "The positional operator '$' with query conditions that match different array elements",
        );
      }
      position = found;
    }
    return position;
  };
}
