/**
 * The order of an index's entries, as MongoDB's btree orders them: by the key values in BSON order
 * (each field ascending or descending as the key pattern says, a path ending at an empty array
 * below null), then by the record. The record here is the document's rank in natural order, so
 * entries with one key come out in natural order. Bounds are written with edges: before or after
 * every value of one BSON type (`$gt: 5` reads to the end of the numbers), and before or after
 * every key at all (the fields a bound leaves open).
 */
import sortedBtree from 'sorted-btree';
import type { Document } from '../bson/document.js';
import { compareValues, RANK, typeRank } from '../bson/order.js';
import { EMPTY_ARRAY } from './key-generator.js';

/** Before or after every value of one BSON type class (`rank`, as `typeRank` gives it). */
export class TypeEdge {
  constructor(
    readonly edge: 'before' | 'after',
    readonly rank: number,
  ) {}
}

/** Before (`LOW`) or after (`HIGH`) every key in the index's own order, whatever the direction. */
export const LOW: unique symbol = Symbol('low');
export const HIGH: unique symbol = Symbol('high');

/** One entry of an index: a key tuple (values, `EMPTY_ARRAY` for an empty array) and its record. */
export interface EntryKey {
  readonly values: readonly unknown[];
  readonly rank: number;
}

// sorted-btree is CommonJS with `exports.default`: Node's own loader gives the whole exports object
// as the default import, bundlers and TypeScript give the class.
const BTree: typeof sortedBtree =
  typeof sortedBtree === 'function' ? sortedBtree : (sortedBtree as { default: typeof sortedBtree }).default;

export type IndexTree = sortedBtree<EntryKey, Document>;

export const isTypeEdge = (value: unknown): value is TypeEdge => value instanceof TypeEdge;

function rankOf(value: unknown): number {
  return value === EMPTY_ARRAY ? RANK.emptyArraySortKey : typeRank(value);
}

/**
 * BSON order of two key values, an empty array below null and above MinKey (as sorts order it,
 * sort/sort-documents.ts), and a `TypeEdge` before or after its type's values.
 */
export function compareKeyValues(a: unknown, b: unknown): number {
  if (a === EMPTY_ARRAY || b === EMPTY_ARRAY) {
    if (a === b) return 0;
    return a === EMPTY_ARRAY ? (rankOf(b) <= RANK.minKey ? 1 : -1) : rankOf(a) <= RANK.minKey ? -1 : 1;
  }
  if (a instanceof TypeEdge) return -compareWithEdge(b, a);
  if (b instanceof TypeEdge) return compareWithEdge(a, b);
  return compareValues(a, b);
}

function compareWithEdge(value: unknown, edge: TypeEdge): number {
  const rank = rankOf(value);
  if (rank !== edge.rank) return rank < edge.rank ? -1 : 1;
  return edge.edge === 'before' ? 1 : -1;
}

/** The comparator of an index's entries, for its key pattern's directions. */
function entryOrder(directions: ReadonlyArray<1 | -1>): (x: EntryKey, y: EntryKey) => number {
  return (x, y) => {
    for (let i = 0; i < directions.length; i++) {
      const a = x.values[i];
      const b = y.values[i];
      if (a === LOW || b === HIGH) {
        if (a !== b) return -1;
        continue;
      }
      if (a === HIGH || b === LOW) {
        if (a !== b) return 1;
        continue;
      }
      const c = compareKeyValues(a, b);
      if (c !== 0) return c * directions[i]!;
    }
    return x.rank < y.rank ? -1 : x.rank > y.rank ? 1 : 0;
  };
}

/** An empty tree for a key pattern whose directions are `directions`. */
export function makeTree(directions: ReadonlyArray<1 | -1>): IndexTree {
  return new BTree<EntryKey, Document>(undefined, entryOrder(directions));
}
