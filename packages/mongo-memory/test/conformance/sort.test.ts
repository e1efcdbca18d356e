/**
 * Sorting and BSON order: jstests/core/query/sort/sort1.js, sort2.js, sort3.js, sort4.js, sort5.js,
 * sort6.js, sort8.js, sort_numeric.js. Each assertion is taken once (the jstests repeat them after
 * creating indexes, which change no order).
 */
import type { Document } from 'bson';
import { expect } from 'vitest';
import { type Case, conformance, find, refused, writes } from './harness.js';

const S = 'jstests/core/query/sort/sort';

/** `find().sort(sort)` (with `skip`/`limit`), checked by `check` on the documents. */
const sorted = (
  cite: string,
  docs: Document[],
  sort: Document,
  title: string,
  check: (out: Document[]) => void,
  options: { skip?: number; limit?: number } = {},
) =>
  writes(
    cite,
    docs,
    `sort ${JSON.stringify(sort)}${options.skip ? ` skip ${options.skip}` : ''}${options.limit ? ` limit ${options.limit}` : ''}: ${title}`,
    async () => undefined,
    async (_, c) => check(await c.find({}, { sort, ...options }).toArray()),
  );
const field = (name: string) => (docs: Document[]) => docs.map((d) => d[name]);

const xs = [3, 5, 2, 3, 1].map((x) => ({ x, z: 33 }));
const strings = ['a', 'aba', 'zed', 'foo'].map((x) => ({ x }));
const sort1: Case[] = [
  sorted(`${S}1.js:15`, xs, { x: 1 }, 'first x is 1', (out) => expect(out[0]?.x).toBe(1)),
  sorted(`${S}1.js:16`, xs, { x: 1 }, 'first x is 2', (out) => expect(out[0]?.x).toBe(2), { skip: 1 }),
  sorted(`${S}1.js:17`, xs, { x: -1 }, 'first x is 5', (out) => expect(out[0]?.x).toBe(5)),
  sorted(`${S}1.js:18`, xs, { x: -1 }, 'second x is 3', (out) => expect(out[1]?.x).toBe(3)),
  sorted(`${S}1.js:19`, xs, { x: -1 }, 'first x is 5', (out) => expect(out[0]?.x).toBe(5), { skip: 0 }),
  sorted(`${S}1.js:20`, xs, { x: -1 }, 'first x is 3', (out) => expect(out[0]?.x).toBe(3), { skip: 1 }),
  sorted(`${S}1.js:33`, strings, { x: 1 }, 'first is "a"', (out) => expect(out[0]?.x).toBe('a'), {
    limit: 1,
  }),
  sorted(`${S}1.js:34`, strings, { x: 1 }, 'first is "a"', (out) => expect(out[0]?.x).toBe('a')),
  sorted(`${S}1.js:35`, strings, { x: -1 }, 'first is "zed"', (out) => expect(out[0]?.x).toBe('zed'), {
    limit: 1,
  }),
  sorted(`${S}1.js:36`, strings, { x: -1 }, 'first is "zed"', (out) => expect(out[0]?.x).toBe('zed')),
  refused(
    'collation',
    find(
      `${S}1.js:50`,
      [
        { _id: 0, str: '1000' },
        { _id: 1, str: '5' },
        { _id: 2, str: '200' },
      ],
      {},
      [
        { _id: 0, str: '1000' },
        { _id: 2, str: '200' },
        { _id: 1, str: '5' },
      ],
      { sort: { str: -1 }, collation: { locale: 'en_US', numericOrdering: true } },
    ),
  ),
];

const ys = [
  { x: 1, y: { a: 5, b: 4 } },
  { x: 1, y: { a: 7, b: 3 } },
  { x: 1, y: { a: 2, b: 3 } },
  { x: 1, y: { a: 9, b: 3 } },
];
const sort2: Case[] = [
  sorted(`${S}2.js:15`, ys, { 'y.a': 1 }, 'first y.a is 2', (out) => expect(out[0]?.y.a).toBe(2)),
  sorted(`${S}2.js:16`, ys, { 'y.a': 1 }, 'second y.a is 5', (out) => expect(out[1]?.y.a).toBe(5)),
  sorted(`${S}2.js:17`, ys, { 'y.a': 1 }, '4 documents', (out) => expect(out).toHaveLength(4)),
  // NaN sorts below every other number.
  find(
    `${S}2.js:32`,
    [1, 5000000000, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY].map((x) => ({ x })),
    {},
    [Number.NaN, Number.NEGATIVE_INFINITY, 1, 5000000000, Number.POSITIVE_INFINITY].map((x) => ({ x })),
    { projection: { _id: 0 }, sort: { x: 1 } },
  ),
];

const threes = [{ a: 1 }, { a: 5 }, { a: 3 }];
const names = [
  { name: 'A', prename: 'B' },
  { name: 'A', prename: 'C' },
  { name: 'B', prename: 'B' },
  { name: 'B', prename: 'D' },
];
const nice = (docs: Document[]) => docs.map((z) => `${z.name}${z.prename ?? ''}`).join(',');
const compound = [
  { _id: 5, x: 1, y: { a: 5, b: 4 } },
  { _id: 7, x: 2, y: { a: 7, b: 3 } },
  { _id: 2, x: 3, y: { a: 2, b: 3 } },
  { _id: 9, x: 4, y: { a: 9, b: 3 } },
];
const others: Case[] = [
  sorted(`${S}3.js:12`, threes, { a: 1 }, '1, 3, 5', (out) => expect(field('a')(out)).toEqual([1, 3, 5])),
  sorted(`${S}3.js:21`, threes, { a: -1 }, '5, 3, 1', (out) => expect(field('a')(out)).toEqual([5, 3, 1])),
  sorted(`${S}4.js:27`, names, { name: 1, prename: 1 }, 'AB,AC,BB,BD', (out) =>
    expect(nice(out)).toBe('AB,AC,BB,BD'),
  ),
  sorted(`${S}4.js:28`, names, { prename: 1, name: 1 }, 'AB,BB,AC,BD', (out) =>
    expect(nice(out)).toBe('AB,BB,AC,BD'),
  ),
  sorted(
    `${S}4.js:31`,
    [...names, { name: 'A' }],
    { name: 1, prename: 1 },
    'a missing prename first',
    (out) => expect(nice(out)).toBe('A,AB,AC,BB,BD'),
  ),
  sorted(
    `${S}4.js:34`,
    [...names, { name: 'A' }, { name: 'C' }],
    { name: 1, prename: 1 },
    'A,AB,AC,BB,BD,C',
    (out) => expect(nice(out)).toBe('A,AB,AC,BB,BD,C'),
  ),
  sorted(`${S}5.js:13`, compound, { 'y.b': 1, 'y.a': -1 }, 'x: 4, 2, 3, 1', (out) =>
    expect(field('x')(out)).toEqual([4, 2, 3, 1]),
  ),
  sorted(
    `${S}5.js:19`,
    compound,
    { 'y.b': 1, 'y.a': -1 },
    'x: 4, 2, 3, 1',
    (out) => expect(field('x')(out)).toEqual([4, 2, 3, 1]),
    { limit: 500 },
  ),
  sorted(`${S}5.js:13`, compound, { 'y.b': 1, _id: -1 }, 'x: 4, 2, 3, 1', (out) =>
    expect(field('x')(out)).toEqual([4, 2, 3, 1]),
  ),
  sorted(
    `${S}5.js:19`,
    compound,
    { 'y.b': 1, _id: -1 },
    'x: 4, 2, 3, 1',
    (out) => expect(field('x')(out)).toEqual([4, 2, 3, 1]),
    { limit: 500 },
  ),
  find(
    `${S}5.js:39`,
    compound,
    {},
    [
      { _id: 2, y: { a: 2, b: 3 } },
      { _id: 5, y: { a: 5, b: 4 } },
      { _id: 7, y: { a: 7, b: 3 } },
      { _id: 9, y: { a: 9, b: 3 } },
    ],
    {
      projection: { 'y.a': 1, 'y.b': 1, _id: 1 },
      sort: { 'y.a': 1, 'y.b': 1, _id: 1 },
    },
  ),
  // null and missing sort below numbers, in both directions' ends.
  sorted(
    `${S}6.js:16`,
    [
      { _id: 1, c: null },
      { _id: 2, c: 1 },
      { _id: 3, c: 2 },
    ],
    { c: -1 },
    '_id: 3, 2, 1',
    (out) => expect(field('_id')(out)).toEqual([3, 2, 1]),
  ),
  sorted(
    `${S}6.js:17`,
    [
      { _id: 1, c: null },
      { _id: 2, c: 1 },
      { _id: 3, c: 2 },
    ],
    { c: 1 },
    '_id: 1, 2, 3',
    (out) => expect(field('_id')(out)).toEqual([1, 2, 3]),
  ),
  sorted(`${S}6.js:31`, [{ _id: 1 }, { _id: 2, c: 1 }, { _id: 3, c: 2 }], { c: -1 }, '_id: 3, 2, 1', (out) =>
    expect(field('_id')(out)).toEqual([3, 2, 1]),
  ),
  sorted(`${S}6.js:32`, [{ _id: 1 }, { _id: 2, c: 1 }, { _id: 3, c: 2 }], { c: 1 }, '_id: 1, 2, 3', (out) =>
    expect(field('_id')(out)).toEqual([1, 2, 3]),
  ),
  // An array sorts by its smallest element ascending, its largest descending.
  sorted(`${S}8.js:23`, [{ a: [1, 10] }, { a: 5 }], { a: 1 }, 'the array first', (out) =>
    expect(out[0]?.a).toEqual([1, 10]),
  ),
  sorted(`${S}8.js:24`, [{ a: [1, 10] }, { a: 5 }], { a: -1 }, 'the array first', (out) =>
    expect(out[0]?.a).toEqual([1, 10]),
  ),
  sorted(
    `${S}_numeric.js:22`,
    [3, 3.1, 2.9, 1, 1.9, 5, 4.9, 2.91].map((a) => ({ a })),
    { a: 1 },
    'ascending across int and double',
    (out) => expect(field('a')(out)).toEqual([1, 1.9, 2.9, 2.91, 3, 3.1, 4.9, 5]),
  ),
];

await conformance('sort', [...sort1, ...sort2, ...others]);
