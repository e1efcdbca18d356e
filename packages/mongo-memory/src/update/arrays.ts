/** The array update operators: `$push` (with `$each`, `$position`, `$slice`, `$sort`), `$addToSet`, `$pull` and `$pullAll`. */

import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { canonicalKey, compareValues, isDocument, toNumber, typeName, valuesEqual } from '../bson/order.js';
import { serverError } from '../errors/engine-errors.js';
import { compileFilter } from '../query/filter.js';
import { normalizeSort, sortDocuments } from '../sort/sort-documents.js';
import { describe } from './check.js';
import { idOf, type Slot, write } from './slots.js';

function eachArg(arg: unknown): { values: unknown[]; mods: Document } {
  if (isDocument(arg) && Object.hasOwn(arg, '$each')) {
    const { $each, ...mods } = arg;
    if (!Array.isArray($each))
      throw serverError(
        2,
        `The argument to $each in $push must be an array but it was of type: ${typeName($each)}`,
      );
    return { values: $each, mods };
  }
  return { values: [arg], mods: {} };
}

export function push(doc: Document, slot: Slot, arg: unknown): void {
  const current = slot.exists ? slot.value : [];
  if (!Array.isArray(current)) {
    throw serverError(
      2,
      `The field '${slot.key}' must be an array but is of type ${typeName(current)} in document {_id: ${idOf(doc)}}`,
    );
  }
  const { values, mods } = eachArg(arg);
  for (const key of Object.keys(mods)) {
    if (!['$slice', '$sort', '$position'].includes(key))
      throw serverError(2, `Unrecognized clause in $push: ${key}`);
  }
  let array = [...current];
  const items = values.map((v) => cloneValue(v));
  if (mods.$position !== undefined) {
    const p = toNumber(mods.$position);
    if (!Number.isInteger(p)) throw serverError(2, 'The value for $position must be an integer value');
    const at = p < 0 ? Math.max(0, array.length + p) : Math.min(p, array.length);
    array.splice(at, 0, ...items);
  } else array.push(...items);
  if (mods.$sort !== undefined) {
    const s = mods.$sort;
    if (s === 1 || s === -1) {
      array = array
        .map((v, i) => ({ v, i }))
        .sort((x, y) => compareValues(x.v, y.v) * s || x.i - y.i)
        .map((x) => x.v);
    } else if (isDocument(s)) {
      const spec = normalizeSort(s, true);
      array = sortDocuments(array.map((v) => (isDocument(v) ? v : { '': v })) as Document[], spec).map((v) =>
        Object.keys(v).length === 1 && Object.hasOwn(v, '') ? v[''] : v,
      );
    } else
      throw serverError(
        2,
        'The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields',
      );
  }
  if (mods.$slice !== undefined) {
    const n = toNumber(mods.$slice);
    if (!Number.isInteger(n)) throw serverError(2, 'The value for $slice must be an integer value');
    array = n >= 0 ? array.slice(0, n) : array.slice(Math.max(0, array.length + n));
  }
  write(slot, array);
}

export function addToSet(slot: Slot, arg: unknown): void {
  const current = slot.exists ? slot.value : [];
  if (!Array.isArray(current)) {
    throw serverError(
      2,
      `Cannot apply $addToSet to non-array field. Field named '${slot.key}' has non-array type ${typeName(current)}`,
    );
  }
  const { values, mods } = eachArg(arg);
  if (Object.keys(mods).length > 0)
    throw serverError(2, `Found unexpected fields after $each in $addToSet: ${describe(mods)}`);
  const array = [...current];
  const keys = new Set(array.map(canonicalKey));
  for (const v of values) {
    const key = canonicalKey(v);
    if (!keys.has(key)) {
      keys.add(key);
      array.push(cloneValue(v));
    }
  }
  write(slot, array);
}

export function pull(slot: Slot, arg: unknown, all: boolean): void {
  if (!slot.exists) return;
  if (!Array.isArray(slot.value))
    throw serverError(2, `Cannot apply ${all ? '$pullAll' : '$pull'} to a non-array value`);
  let remove: (e: unknown) => boolean;
  if (all) {
    if (!Array.isArray(arg))
      throw serverError(2, `$pullAll requires an array argument but was given a ${typeName(arg)}`);
    remove = (e) => arg.some((v) => valuesEqual(v, e));
  } else if (isDocument(arg)) {
    const first = Object.keys(arg)[0];
    if (first?.startsWith('$') && !['$and', '$or', '$nor', '$expr'].includes(first)) {
      const test = compileFilter({ v: arg });
      remove = (e) => test({ v: e });
    } else {
      const test = compileFilter(arg);
      remove = (e) => isDocument(e) && test(e);
    }
  } else if (arg instanceof RegExp) {
    const test = compileFilter({ v: arg });
    remove = (e) => test({ v: e }) && !Array.isArray(e);
  } else remove = (e) => valuesEqual(e, arg);
  write(
    slot,
    slot.value.filter((e) => !remove(e)),
  );
}
