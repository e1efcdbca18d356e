/**
 * The document of two object arrays that both jstests/core/query/elemmatch/elemmatch_projection.js
 * and jstests/core/query/project/positional_projection.js project: `x` with fields a–d, `y` with
 * aa–dd, so a projection of one array cannot be confused with the other.
 */
import type { Document } from 'bson';

export const xy: Document = {
  x: [
    { a: 1, b: 2 },
    { a: 2, c: 3 },
    { a: 1, d: 5 },
  ],
  y: [
    { aa: 1, bb: 2 },
    { aa: 2, cc: 3 },
    { aa: 1, dd: 5 },
  ],
};
