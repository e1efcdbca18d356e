/**
 * `$and` and `$not`: jstests/core/query/and/and.js (its `$where` cases refused by name here),
 * jstests/core/query/not/not1.js, not2.js.
 */
import type { Document } from 'bson';
import { expect } from 'vitest';
import { type Case, conformance, count, fails, refused, writes } from './harness.js';

const A = 'jstests/core/query/and/and.js';
const N1 = 'jstests/core/query/not/not1.js';
const N2 = 'jstests/core/query/not/not2.js';

const andDocs = [{ a: [1, 2] }, { a: 'foo' }];
const counts = (file: string, docs: Document[], rows: Array<[number, number, Document]>): Case[] =>
  rows.map(([line, n, filter]) => count(`${file}:${line}`, docs, filter, n));
const where = 'this.a=="foo"';

const ands: Case[] = [
  fails(`${A}:18`, andDocs, 'find {$and: 4}', (c) => c.find({ $and: 4 }).toArray()),
  fails(`${A}:22`, andDocs, 'find {$and: []}', (c) => c.find({ $and: [] }).toArray()),
  fails(`${A}:26`, andDocs, 'find {$and: [4]}', (c) => c.find({ $and: [4] }).toArray()),
  ...counts(A, andDocs, [
    [31, 1, { $and: [{ a: 1 }] }],
    [32, 1, { $and: [{ a: 1 }, { a: 2 }] }],
    [33, 0, { $and: [{ a: 1 }, { a: 3 }] }],
    [34, 0, { $and: [{ a: 1 }, { a: 2 }, { a: 3 }] }],
    [35, 1, { $and: [{ a: 'foo' }] }],
    [36, 0, { $and: [{ a: 'foo' }, { a: 'g' }] }],
    [39, 1, { a: 2, $and: [{ a: 1 }] }],
    [40, 0, { a: 0, $and: [{ a: 1 }] }],
    [41, 0, { a: 2, $and: [{ a: 0 }] }],
    [42, 1, { a: 1, $and: [{ a: 1 }] }],
    [45, 1, { a: 2, $and: [{ $and: [{ a: 1 }] }] }],
    [46, 0, { a: 0, $and: [{ $and: [{ a: 1 }] }] }],
    [47, 0, { a: 2, $and: [{ $and: [{ a: 0 }] }] }],
    [48, 1, { a: 1, $and: [{ $and: [{ a: 1 }] }] }],
    [50, 1, { $and: [{ a: 2 }, { $and: [{ a: 1 }] }] }],
    [51, 0, { $and: [{ a: 0 }, { $and: [{ a: 1 }] }] }],
    [52, 0, { $and: [{ a: 2 }, { $and: [{ a: 0 }] }] }],
    [53, 1, { $and: [{ a: 1 }, { $and: [{ a: 1 }] }] }],
    [59, 1, { $and: [{ a: /foo/ }] }],
    [61, 1, { $and: [{ a: /foo/ }, { a: /^f/ }, { a: /o/ }] }],
    [62, 0, { $and: [{ a: /foo/ }, { a: /^g/ }] }],
    [63, 1, { $and: [{ a: /^f/ }, { a: 'foo' }] }],
    [65, 0, { $and: [{ a: /^F/ }, { a: 'foo' }] }],
    [66, 1, { $and: [{ a: /^F/i }, { a: 'foo' }] }],
    [69, 1, { $and: [{ a: { $gt: 0 } }] }],
    [86, 1, { a: 1, $and: [{ a: 2 }] }],
    [87, 1, { $and: [{ a: 1 }, { a: 2 }] }],
  ]),
  ...(
    [
      [72, { a: 'foo', $where: where }],
      [73, { $and: [{ a: 'foo' }], $where: where }],
      [77, { $and: [{ $where: where }] }],
      [78, { $and: [{ a: 'foo' }, { $where: where }] }],
      [79, { $and: [{ $where: where }], $where: where }],
    ] as const
  ).map(([line, filter]) => refused('$where', count(`${A}:${line}`, andDocs, filter, 1))),
];

/** not2.js's `check`: the `i` values found, sorted by `i`. */
const check = (line: number, docs: Document[], query: Document, expected: unknown[]) =>
  writes(
    `${N2}:${line}`,
    docs,
    `find ${JSON.stringify(query)} is ${JSON.stringify(expected)}`,
    async () => undefined,
    async (_, c) => expect((await c.find(query).sort({ i: 1 }).toArray()).map((d) => d.i)).toEqual(expected),
  );
const notFails = (line: number, query: Document) =>
  fails(`${N2}:${line}`, ab, `find ${JSON.stringify(query)}`, (c) => c.find(query).toArray());
const ab = [{ i: 'a' }, { i: 'b' }];
const one = [{ i: 1 }];
const pair = [{ i: ['a', 'b'] }];
const js = [{ i: [{ j: 'a' }] }, { i: [{ j: 'b' }] }];

const nots: Case[] = [
  ...counts(
    N1,
    [{ a: 1 }, { a: 2 }, {}],
    [
      [11, 3, {}],
      [12, 1, { a: 1 }],
      [13, 2, { a: { $ne: 1 } }],
      [14, 1, { a: { $in: [1] } }],
      [15, 2, { a: { $nin: [1] } }],
    ],
  ),
  notFails(31, { i: { $not: { $not: 'a' } } }),
  check(32, ab, { i: { $not: { $not: { $gt: 'a' } } } }, ['b']),
  notFails(34, { i: { $not: 'a' } }),
  notFails(35, { i: { $not: { $ref: 'foo' } } }),
  notFails(36, { i: { $not: {} } }),
  check(37, ab, { i: { $gt: 'a' } }, ['b']),
  check(38, ab, { i: { $not: { $gt: 'a' } } }, ['a']),
  check(39, ab, { i: { $not: { $ne: 'a' } } }, ['a']),
  check(40, ab, { i: { $not: { $gte: 'b' } } }, ['a']),
  check(41, ab, { i: { $exists: true } }, ['a', 'b']),
  check(42, ab, { i: { $not: { $exists: true } } }, []),
  check(43, ab, { j: { $not: { $exists: false } } }, []),
  check(44, ab, { j: { $not: { $exists: true } } }, ['a', 'b']),
  check(45, ab, { i: { $not: { $in: ['a'] } } }, ['b']),
  check(46, ab, { i: { $not: { $in: ['a', 'b'] } } }, []),
  check(47, ab, { i: { $not: { $in: ['g'] } } }, ['a', 'b']),
  check(48, ab, { i: { $not: { $nin: ['a'] } } }, ['a']),
  check(49, ab, { i: { $not: /a/ } }, ['b']),
  check(50, ab, { i: { $not: /(a|b)/ } }, []),
  check(51, ab, { i: { $not: /a/, $regex: 'a' } }, []),
  check(52, ab, { i: { $not: /aa/ } }, ['a', 'b']),
  check(53, ab, { i: { $not: { $regex: 'a' } } }, ['b']),
  check(54, ab, { i: { $not: { $regex: 'A', $options: 'i' } } }, ['b']),
  check(55, ab, { i: { $not: { $regex: '[ab]' } } }, []),
  check(56, ab, { i: { $not: { $regex: '^foo' } } }, ['a', 'b']),
  notFails(57, { i: { $not: { $options: 'a' } } }),
  check(58, ab, { i: { $type: 2 } }, ['a', 'b']),
  check(59, ab, { i: { $not: { $type: 1 } } }, ['a', 'b']),
  check(60, ab, { i: { $not: { $type: 2 } } }, []),
  check(64, one, { i: { $not: { $mod: [5, 1] } } }, []),
  check(65, one, { i: { $mod: [5, 2] } }, []),
  check(66, one, { i: { $not: { $mod: [5, 2] } } }, [1]),
  check(70, pair, { i: { $not: { $size: 2 } } }, []),
  check(71, pair, { i: { $not: { $size: 3 } } }, [['a', 'b']]),
  check(72, pair, { i: { $not: { $gt: 'a' } } }, []),
  check(73, pair, { i: { $not: { $gt: 'c' } } }, [['a', 'b']]),
  check(74, pair, { i: { $not: { $all: ['a', 'b'] } } }, []),
  check(75, pair, { i: { $not: { $all: ['c'] } } }, [['a', 'b']]),
  check(80, js, { i: { $not: { $elemMatch: { j: 'a' } } } }, [[{ j: 'b' }]]),
  check(81, js, { i: { $not: { $elemMatch: { j: 'f' } } } }, [[{ j: 'a' }], [{ j: 'b' }]]),
];

await conformance('$and and $not', [...ands, ...nots]);
