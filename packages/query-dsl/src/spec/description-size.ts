import { ObjectId } from 'bson';
import type { QuerySpec } from '../build/build-query.js';
import { conditionForm, elemMatchOf, operandOf, selectionsOf } from '../build/spec-parts.js';
import { OPERATORS } from '../core/operators.js';

/**
 * The size of a typed description (`dsl.find`), counted in one walk without writing anything: how
 * many parameters its query string would have, and a lower bound of that string's length. Every
 * key, path and text counts its percent-encoded length (1 for an unreserved ASCII character, 3 for
 * any other, 3 a byte beyond ASCII: `é` counts 6), text given as a value 2 more for its quotes, a
 * date or an identifier 24 (the length of its text form), `null` 4, and any other value 1; each
 * parameter its name, `=` and `&`. JSON punctuation and escapes are not counted, so the count never
 * exceeds the query string `buildQuery` writes: a description over `maxQueryLength` by this count
 * has a query string over it too. Every filter term, search word, `select` and `__sort` entry counts
 * at least 1, which the read cost budget's shortcut relies on (see `budgetIssue`).
 */
export interface DescriptionSize {
  readonly length: number;
  readonly parameters: number;
}

type AnySpec = QuerySpec<Record<string, unknown>>;

export function descriptionSize(spec: AnySpec, maxDepth: number): DescriptionSize {
  const counter = new SizeCounter(maxDepth + 1);
  for (const [path, condition] of Object.entries(spec.filter ?? {})) {
    switch (conditionForm(condition)) {
      case 'none':
        break;
      case 'operators':
        for (const operator of OPERATORS) {
          const operand = operandOf(condition, operator);
          // `path[$op]`: brackets and `$` stay as they are in a key.
          if (operand !== undefined) counter.parameter(keyLength(path) + operator.length + 2, operand);
        }
        break;
      default:
        counter.parameter(keyLength(path), condition);
    }
  }
  const elemMatch = elemMatchOf(spec);
  if (elemMatch !== undefined) counter.parameter('elemMatch'.length, elemMatch);
  if (spec.search !== undefined) {
    // Search words are written as they are, unquoted.
    const words = typeof spec.search === 'string' ? encodedLength(spec.search) : 1;
    counter.parameter('global_search'.length, 0, words);
  }
  // `select` and `exclude` that are not lists are refused before they stand for anything.
  if (
    (spec.select === undefined || Array.isArray(spec.select)) &&
    (spec.exclude === undefined || Array.isArray(spec.exclude))
  ) {
    for (const selection of selectionsOf(spec)) counter.parameter('select'.length, selection);
  }
  if (spec.populate === true) counter.parameter('populate'.length, 0, 'true'.length);
  else if (isObject(spec.populate)) counter.parameter('populate'.length, 0, populateLength(spec.populate));
  if (spec.sort !== undefined) counter.parameter('__sort'.length, spec.sort);
  if (spec.page !== undefined) counter.parameter('__page'.length, spec.page);
  if (spec.perPage !== undefined) counter.parameter('__per_page'.length, spec.perPage);
  if (spec.includeTotals !== undefined) counter.parameter('__include_totals'.length, spec.includeTotals);
  return { length: counter.length, parameters: counter.parameters };
}

class SizeCounter {
  length = 0;
  parameters = 0;

  constructor(private readonly maxDepth: number) {}

  /** One parameter: its key's length, `=`, its value and the `&` before it (none before the first). */
  parameter(keyLength: number, value: unknown, valueLength = this.valueLength(value, 0)): void {
    this.length += (this.parameters > 0 ? 1 : 0) + keyLength + 1 + valueLength;
    this.parameters++;
  }

  private valueLength(value: unknown, depth: number): number {
    if (typeof value === 'string') return encodedLength(value) + 2;
    if (droppedByJson(value)) return 0;
    if (value === null) return 4;
    if (typeof value !== 'object') return 1;
    if (value instanceof Date || value instanceof ObjectId) return 24;
    // Deeper than the depth limit is refused whatever its size (and a cycle is never walked round).
    if (depth > this.maxDepth) return 0;
    let length = 0;
    if (Array.isArray(value)) {
      for (const item of value) length += this.valueLength(item, depth + 1);
      return length;
    }
    for (const [key, item] of Object.entries(value)) {
      if (!droppedByJson(item)) length += encodedLength(key) + 2 + this.valueLength(item, depth + 1);
    }
    return length;
  }
}

/** `{"<path>":"<fields>",...}` with a list of fields joined by spaces (each `%20`), as `populateOf` joins it. */
function populateLength(populate: object): number {
  let length = 0;
  for (const [path, fields] of Object.entries(populate)) {
    if (droppedByJson(fields)) continue;
    length += encodedLength(path) + 2;
    if (!Array.isArray(fields)) length += typeof fields === 'string' ? encodedLength(fields) + 2 : 1;
    else {
      length += 2 + 3 * Math.max(0, fields.length - 1);
      // `join` writes nothing for null and undefined.
      for (const name of fields)
        length += typeof name === 'string' ? encodedLength(name) : name == null ? 0 : 1;
    }
  }
  return length;
}

/** What JSON leaves out of an object (and writes as `null` in a list). */
function droppedByJson(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}

/** `encodeURIComponent` leaves these as they are: A–Z a–z 0–9 - _ . ! ~ * ' ( ). */
const UNRESERVED = new Uint8Array(128);
for (const character of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()") {
  UNRESERVED[character.charCodeAt(0)] = 1;
}

/** `encodeURIComponent(text).length`, counted (a lone surrogate, which it refuses, as half a pair). */
function encodedLength(text: string): number {
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) length += UNRESERVED[code] === 1 ? 1 : 3;
    else if (code < 0x800) length += 6;
    // Each half of a surrogate pair: the pair is one 4-byte character, 12 characters encoded.
    else if (code >= 0xd800 && code <= 0xdfff) length += 6;
    else length += 9;
  }
  return length;
}

/** A key's encoded length: `buildQuery` keeps `[`, `]` and `$` as they are in keys. */
function keyLength(key: string): number {
  let kept = 0;
  for (let index = 0; index < key.length; index++) {
    const code = key.charCodeAt(index);
    if (code === 0x5b || code === 0x5d || code === 0x24) kept++;
  }
  return encodedLength(key) - 2 * kept;
}
