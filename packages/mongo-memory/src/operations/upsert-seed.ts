/**
 * The document an upsert starts from, as MongoDB builds it (src/mongo/db/update/update_driver.cpp,
 * `populateDocumentWithQueryFields`, over `pathsupport::extractEqualityMatches`): the query's
 * equalities — a field's value, `$eq`, a one-value `$in`, each value of `$all` — through `$and` and
 * one-clause `$or`; never a regex (unless under `$eq`), `$nor`, or several `$or` clauses. A
 * replacement takes `_id` only. Two equalities on one path, or on a path and its prefix, are refused
 * (code 54), and so is a replacement's `_id` given by parts (code 111).
 */

import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { isDocument } from '../bson/order.js';
import { serverError } from '../errors/engine-errors.js';
import { isOperatorObject, isRegex } from '../query/predicates.js';

type Equality = readonly [path: string, value: unknown];

function collect(filter: Document, out: Equality[]): void {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const part of value) if (isDocument(part)) collect(part, out);
    } else if (key === '$or' && Array.isArray(value) && value.length === 1 && isDocument(value[0])) {
      collect(value[0], out);
    } else if (key.startsWith('$')) {
      // $nor, $or of several clauses, $expr, $comment: nothing to seed.
    } else if (isOperatorObject(value)) {
      for (const [op, arg] of Object.entries(value)) {
        if (op === '$eq') out.push([key, arg]);
        else if (op === '$in' && Array.isArray(arg) && arg.length === 1 && !isRegex(arg[0]))
          out.push([key, arg[0]]);
        else if (op === '$all' && Array.isArray(arg)) {
          for (const element of arg) {
            if (!isRegex(element) && !isOperatorObject(element)) out.push([key, element]);
          }
        }
      }
    } else if (!isRegex(value)) out.push([key, value]);
  }
}

const within = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}.`);

function setPath(doc: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = doc;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (isDocument(next)) node = next;
    else {
      const created: Document = {};
      node[part] = created;
      node = created;
    }
  }
  node[parts[parts.length - 1]!] = cloneValue(value);
}

export function upsertSeed(filter: Document, replacement: boolean): Document {
  const all: Equality[] = [];
  collect(filter, all);
  const equalities = replacement ? all.filter(([path]) => within(path, '_id')) : all;
  for (let i = 0; i < equalities.length; i++) {
    const a = equalities[i]![0];
    for (let j = i + 1; j < equalities.length; j++) {
      const b = equalities[j]![0];
      if (a === b) throw serverError(54, `cannot infer query fields to set, path '${a}' is matched twice`);
      if (within(a, b) || within(b, a)) {
        throw serverError(54, `cannot infer query fields to set, both paths '${a}' and '${b}' are matched`);
      }
    }
  }
  const seed: Document = {};
  for (const [path, value] of equalities) {
    if (replacement && path !== '_id') {
      throw serverError(111, `field at '_id' must be exactly specified, field at sub-path '${path}' found`);
    }
    setPath(seed, path, value);
  }
  return seed;
}
