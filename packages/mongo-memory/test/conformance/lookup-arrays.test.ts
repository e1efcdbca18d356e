/**
 * `$lookup` with arrays on either side: jstests/aggregation/sources/lookup/lookup_array_semantics.js.
 * Its "undefined in foreign" test (line 261) is left out: the driver stores `undefined` as null,
 * which makes it the null test of line 223.
 */
import type { Document } from 'bson';
import { expect } from 'vitest';
import type { DbLike } from '../support/engines.js';
import { fresh } from '../support/helpers.js';
import { type Case, conformance } from './harness.js';

const LA = 'jstests/aggregation/sources/lookup/lookup_array_semantics.js';

/** lookup_array_semantics.js's `runTest`: which local documents find the one foreign record. */
function arrays(
  line: number,
  localData: Document[],
  localField: string,
  foreignRecord: Document,
  foreignField: string,
  ids: number[],
): Case {
  return {
    cite: `${LA}:${line}`,
    title: `$lookup ${localField} = ${foreignField} of ${JSON.stringify(foreignRecord)} matches ${JSON.stringify(ids)}`,
    docs: localData,
    async run(c, engine) {
      const from = await fresh(engine.db satisfies DbLike, [foreignRecord]);
      const results = await c
        .aggregate([{ $lookup: { from: from.collectionName, localField, foreignField, as: 'matched' } }])
        .toArray();
      const matched = results.filter((x) => x.matched.length > 0).map((x) => x._id);
      expect([...matched].sort()).toEqual([...ids].sort());
    },
  };
}

const arraySemantics: Case[] = [
  arrays(
    53,
    [
      { _id: 0, a: 1 },
      { _id: 1, a: [1] },
      { _id: 2, a: [1, 2, 3] },
      { _id: 3, a: [1, [2, 3]] },
      { _id: 4, a: [1, [1, 2]] },
      { _id: 5, a: [1, 2, 1] },
      { _id: 10, a: [[1]] },
      { _id: 11, a: [[1, 2], 3] },
      { _id: 12, a: 3 },
      { _id: 13, a: [2, 3] },
      { _id: 14, a: { b: 1 } },
    ],
    'a',
    { _id: 0, b: 1 },
    'b',
    [0, 1, 2, 3, 4, 5],
  ),
  arrays(
    77,
    [
      { _id: 0, a: 1 },
      { _id: 1, a: 2 },
      { _id: 2, a: [1] },
      { _id: 3, a: [1, 3] },
      { _id: 4, a: [3, 2] },
      { _id: 10, a: 3 },
      { _id: 11, a: [[1]] },
      { _id: 12, a: [3, 4] },
    ],
    'a',
    { _id: 0, b: [1, 2] },
    'b',
    [0, 1, 2, 3, 4],
  ),
  arrays(
    98,
    [
      { _id: 0, a: [[1, 2], 4] },
      { _id: 1, a: [[1, 2]] },
      { _id: 10, a: [1, 2] },
      { _id: 11, a: [[[1, 2]]] },
      { _id: 12, a: [[1, 2, 3]] },
    ],
    'a',
    { _id: 0, b: [[1, 2], 3] },
    'b',
    [0, 1],
  ),
  arrays(
    116,
    [
      { _id: 0, a: [{ x: 1 }, { x: 2 }] },
      { _id: 1, a: [{ x: [1, 2] }] },
      { _id: 2, a: { x: 1 } },
      { _id: 3, a: { x: [1, 2] } },
      { _id: 10, a: [{ x: 2 }, { x: 3 }] },
      { _id: 11, a: 1 },
      { _id: 12, a: [1] },
      { _id: 13, a: [[1]] },
      { _id: 14, a: [{ y: 1 }] },
    ],
    'a.x',
    { _id: 0, b: 1 },
    'b',
    [0, 1, 2, 3],
  ),
  arrays(
    138,
    [
      { _id: 0, a: [{ x: 1 }, { x: 3 }] },
      { _id: 1, a: [{ x: [1, 3] }] },
      { _id: 2, a: { x: 1 } },
      { _id: 3, a: { x: [1, 2] } },
      { _id: 10, a: 1 },
      { _id: 11, a: [1] },
      { _id: 12, a: [{ x: 3 }] },
      { _id: 13, a: [{ y: 1 }] },
    ],
    'a.x',
    { _id: 0, b: [1, 2] },
    'b',
    [0, 1, 2, 3],
  ),
  arrays(
    159,
    [
      { _id: 10, a: [{ x: 1 }, { x: 2 }] },
      { _id: 11, a: [{ x: [1, 2] }] },
      { _id: 12, a: { x: [1, 2] } },
      { _id: 13, a: [1, 2] },
    ],
    'a.x',
    { _id: 0, b: [[1, 2], 3] },
    'b',
    [],
  ),
  arrays(
    176,
    [
      { _id: 0, a: 1 },
      { _id: 1, a: 2 },
      { _id: 2, a: [1] },
      { _id: 3, a: [1, 3] },
      { _id: 4, a: [3, 2] },
      { _id: 5, a: [[1, 2], 3] },
      { _id: 10, a: 4 },
      { _id: 11, a: [[1]] },
      { _id: 12, a: [3, 4] },
    ],
    'a',
    { _id: 0, b: [{ x: 1 }, { x: 2 }] },
    'b.x',
    [0, 1, 2, 3, 4],
  ),
  arrays(
    198,
    [
      { _id: 0, a: [[]] },
      { _id: 1, a: [[], 1] },
      { _id: 10 },
      { _id: 11, a: null },
      { _id: 12, a: [] },
      { _id: 13, a: [null] },
      { _id: 14, a: [null, 1] },
      { _id: 15, a: 1 },
      { _id: 16, a: [[[]]] },
      { _id: 17, a: [1, 2] },
    ],
    'a',
    { _id: 0, b: [] },
    'b',
    [0, 1],
  ),
  arrays(
    223,
    [
      { _id: 0, a: [] },
      { _id: 10, a: [[]] },
      { _id: 11, a: [[], 1] },
      { _id: 12, a: [1] },
    ],
    'a',
    { _id: 0, b: null },
    'b',
    [0],
  ),
  arrays(
    242,
    [
      { _id: 0, a: [] },
      { _id: 10, a: [[]] },
      { _id: 11, a: [[], 1] },
      { _id: 12, a: [1] },
    ],
    'a',
    { _id: 0, no_b: true },
    'b',
    [0],
  ),
  arrays(
    278,
    [
      { _id: 0, a: [{ x: [[]] }] },
      { _id: 10, a: [{ y: 1 }, { y: 2 }] },
      { _id: 11, a: [[]] },
      { _id: 12, a: [{ x: [] }] },
      { _id: 13, a: [] },
    ],
    'a.x',
    { _id: 0, b: [] },
    'b',
    [0],
  ),
  // Elements of `a` without `x` add no null: only when no value at all is found is null looked up.
  arrays(
    295,
    [
      { _id: 0, a: [{ y: 1 }, { y: 2 }] },
      { _id: 1, a: [{ x: [] }] },
      { _id: 2, a: [] },
      { _id: 3, a: [[]] },
      { _id: 4, a: { x: [] } },
      { _id: 5, x: [1, 2] },
      { _id: 10, a: [{ x: 1 }, { y: 2 }] },
      { _id: 11, a: [{ x: [] }, { x: 1 }] },
      { _id: 12, a: [{ x: [[]] }] },
    ],
    'a.x',
    { _id: 0, b: null },
    'b',
    [0, 1, 2, 3, 4, 5],
  ),
  arrays(
    316,
    [
      { _id: 0, a: [{ x: 1 }, { x: 2 }] },
      { _id: 1, a: [{ x: [2, 3, 1] }] },
      { _id: 10, a: [{ x: 2 }, { x: 1 }] },
      { _id: 11, a: [{ x: [2, 3] }] },
      { _id: 12, a: { x: 1 } },
      { _id: 13, a: { x: [1, 2] } },
      { _id: 14, a: [{ y: 1 }, { x: 1 }] },
    ],
    'a.0.x',
    { _id: 0, b: 1 },
    'b',
    [0, 1],
  ),
  arrays(
    335,
    [
      { _id: 0, a: { x: 1 } },
      { _id: 1, a: { x: [1, 2] } },
      { _id: 2, a: [{ y: 1 }, { x: 1 }] },
      { _id: 3, a: [] },
      { _id: 4, a: [[]] },
      { _id: 5, x: [1, 2] },
      { _id: 10, a: [{ x: 1 }, { x: 2 }] },
      { _id: 11, a: [{ x: [1, 2] }] },
    ],
    'a.0.x',
    { _id: 0, b: null },
    'b',
    [0, 1, 2, 3, 4, 5],
  ),
];

await conformance('$lookup over arrays', arraySemantics);
