/**
 * `$elemMatch` (value and object forms) over arrays and arrays of arrays, and `$regex` with its
 * options: jstests/core/query/elemmatch/elemmatch_value.js, elemmatch_object.js,
 * jstests/core/query/regex/regex.js, regex2.js, regex_options.js.
 */
import { BSONRegExp, type Document } from 'bson';
import { type Case, conformance, count, fails, find } from './harness.js';

const V = 'jstests/core/query/elemmatch/elemmatch_value.js';
const O = 'jstests/core/query/elemmatch/elemmatch_object.js';
const R = 'jstests/core/query/regex/regex.js';
const RO = 'jstests/core/query/regex/regex_options.js';
const R2 = 'jstests/core/query/regex/regex2.js';
const tests = [{ a: 'test' }, { a: 'Test' }];
const cyrillic = ['\u0442\u0435\u0441\u0442', '\u0422\u0435\u0441\u0442'] as const;
const russian = cyrillic.map((a) => ({ a }));

const valueDocs: Document[] = [
  { a: 5 },
  { a: [5] },
  { a: [3, 7] },
  { a: [[5]] },
  { a: [[3, 7]] },
  { a: [[[5]]] },
  { a: [[[3, 7]]] },
  { a: { b: 5 } },
  { a: { b: [5] } },
  { a: { b: [3, 7] } },
  { a: [{ b: 5 }] },
  { a: [{ b: 3 }, { b: 7 }] },
  { a: [{ b: [5] }] },
  { a: [{ b: [3, 7] }] },
  { a: [[{ b: 5 }]] },
  { a: [[{ b: 3 }, { b: 7 }]] },
  { a: [[{ b: [5] }]] },
  { a: [[{ b: [3, 7] }]] },
];
const noId = { projection: { _id: 0 } };

type Four = [number, number, number, number];
/**
 * elemmatch_object.js's documents of two object arrays: `b` holds two `{w, x}` objects, `c` two
 * `{y, z}` objects, given in that order (`[w, x, w, x]`, `[y, z, y, z]`).
 */
const twoArrays = ([w1, x1, w2, x2]: Four, [y1, z1, y2, z2]: Four) => ({
  a: [
    {
      b: [
        { w: w1, x: x1 },
        { w: w2, x: x2 },
      ],
      c: [
        { y: y1, z: z1 },
        { y: y2, z: z2 },
      ],
    },
  ],
});
const b1 = twoArrays([5, 6, 1, 2], [7, 8, 3, 4]);
const b2 = twoArrays([5, 2, 1, 6], [7, 4, 3, 8]);
const b3 = twoArrays([5, 6, 1, 2], [7, 4, 3, 8]);
const b4 = { a: [{ b: [{ w: [11, 1], x: [12, 2] }], c: [{ y: [13, 3], z: [14, 4] }] }] };
// The documents of elemmatch_object.js that more than one query finds, by their pairs of b and c.
const oneFour = { a: [{ b: 1, c: 4 }] };
const oneTwoThreeFour = {
  a: [
    { b: 1, c: 2 },
    { b: 3, c: 4 },
  ],
};
const oneTwoThreeFourOneFour = {
  a: [
    { b: 1, c: 2 },
    { b: 3, c: 4 },
    { b: 1, c: 4 },
  ],
};
const arraysOf1And4 = { a: [{ b: [11, 1], c: [14, 4] }] };
const objectDocs: Document[] = [
  { a: { b: 1, c: 4 } },
  oneFour,
  { a: [{ b: 2, c: 3 }] },
  oneTwoThreeFour,
  oneTwoThreeFourOneFour,
  { a: [{ b: [], c: [] }] },
  { a: [{ b: [12, 2], c: [13, 3] }] },
  arraysOf1And4,
  { a: [{ b: { w: 1, x: 2 }, c: { y: 3, z: 4 } }] },
  b1,
  b2,
  b3,
  b4,
];
/** The shapes of `a` an empty `$elemMatch` finds: an array holding a document or an array. */
const anyDocumentOrArray = [
  { a: [[]] },
  { a: [{}] },
  { a: [[1]] },
  { a: [1, []] },
  { a: [1, {}] },
  { a: [{ b: 1 }] },
];
const shapes: Document[] = [
  {},
  { a: 1 },
  { a: 'foo' },
  { a: [] },
  { a: {} },
  { a: [1] },
  { a: ['foo'] },
  ...anyDocumentOrArray,
];

const bcd = [{ a: 'bcd' }];
const abc = [{ x: ['abc'] }];
const hello = [{ txt: 'hello_test' }];

const cases: Case[] = [
  // An $elemMatch on values tests each element once: it does not reach into nested arrays.
  find(`${V}:37`, valueDocs, { a: { $elemMatch: { $lt: 6, $gt: 4 } } }, [{ a: [5] }], noId),
  find(
    `${V}:39`,
    valueDocs,
    { 'a.b': { $elemMatch: { $lt: 6, $gt: 4 } } },
    [{ a: { b: [5] } }, { a: [{ b: [5] }] }],
    noId,
  ),
  find(`${V}:44`, valueDocs, { a: { $elemMatch: { $elemMatch: { $lt: 6, $gt: 4 } } } }, [{ a: [[5]] }], noId),
  find(`${V}:48`, valueDocs, { a: { $elemMatch: { $type: 'number' } } }, [{ a: [5] }, { a: [3, 7] }], noId),
  find(
    `${V}:53`,
    valueDocs,
    { a: { $elemMatch: { $type: 'array' } } },
    [
      { a: [[5]] },
      { a: [[3, 7]] },
      { a: [[[5]]] },
      { a: [[[3, 7]]] },
      { a: [[{ b: 5 }]] },
      { a: [[{ b: 3 }, { b: 7 }]] },
      { a: [[{ b: [5] }]] },
      { a: [[{ b: [3, 7] }]] },
    ],
    noId,
  ),
  find(
    `${V}:64`,
    valueDocs,
    { a: { $elemMatch: { b: { $lt: 6, $gt: 4 } } } },
    [{ a: [{ b: 5 }] }, { a: [{ b: [5] }] }, { a: [{ b: [3, 7] }] }],
    noId,
  ),
  find(
    `${V}:70`,
    valueDocs,
    { a: { $elemMatch: { b: { $elemMatch: { $lt: 6, $gt: 4 } } } } },
    [{ a: [{ b: [5] }] }],
    noId,
  ),
  find(
    `${V}:75`,
    valueDocs,
    { a: { $elemMatch: { $elemMatch: { b: { $lt: 6, $gt: 4 } } } } },
    [{ a: [[{ b: 5 }]] }, { a: [[{ b: [5] }]] }, { a: [[{ b: [3, 7] }]] }],
    noId,
  ),

  // $elemMatch on documents.
  find(
    `${O}:80`,
    objectDocs,
    { a: { $elemMatch: { b: 2 } } },
    [{ a: [{ b: 2, c: 3 }] }, { a: [{ b: [12, 2], c: [13, 3] }] }],
    noId,
  ),
  find(
    `${O}:87`,
    objectDocs,
    { a: { $elemMatch: { b: 1 } } },
    [oneFour, oneTwoThreeFour, oneTwoThreeFourOneFour, arraysOf1And4],
    noId,
  ),
  find(
    `${O}:107`,
    objectDocs,
    { a: { $elemMatch: { b: 1, c: 4 } } },
    [oneFour, oneTwoThreeFourOneFour, arraysOf1And4],
    noId,
  ),
  find(
    `${O}:121`,
    objectDocs,
    { a: { $elemMatch: { b: { $elemMatch: {} }, c: { $elemMatch: {} } } } },
    [b1, b2, b3, b4],
    noId,
  ),
  find(
    `${O}:169`,
    objectDocs,
    { a: { $elemMatch: { b: { $elemMatch: { w: 1, x: 2 } }, c: { $elemMatch: {} } } } },
    [b1, b3, b4],
    noId,
  ),
  find(
    `${O}:203`,
    objectDocs,
    { a: { $elemMatch: { b: { $elemMatch: { w: 1, x: 2 } }, c: { $elemMatch: { y: 3, z: 4 } } } } },
    [b1, b4],
    noId,
  ),
  find(`${O}:248`, shapes, { a: { $elemMatch: {} } }, anyDocumentOrArray, noId),
  find(`${O}:259`, shapes, { a: { $elemMatch: { $or: [{}, {}] } } }, anyDocumentOrArray, noId),

  // $regex, through documents and arrays.
  count(`${R}:13`, bcd, { a: /b/ }, 1),
  count(`${R}:14`, bcd, { a: /bc/ }, 1),
  count(`${R}:15`, bcd, { a: /bcd/ }, 1),
  count(`${R}:16`, bcd, { a: /bcde/ }, 0),
  count(`${R}:20`, [{ a: { b: 'cde' } }], { 'a.b': /de/ }, 1),
  count(`${R}:24`, [{ a: { b: ['cde'] } }], { 'a.b': /de/ }, 1),
  count(`${R}:28`, [{ a: [{ b: 'cde' }] }], { 'a.b': /de/ }, 1),
  count(`${R}:32`, [{ a: [{ b: ['cde'] }] }], { 'a.b': /de/ }, 1),
  count(`${R}:43`, abc, { x: { $elemMatch: { $regex: 'ABC', $options: 'i' } } }, 1),
  fails(`${R}:56`, [], 'find {a: {$regex: "a\\0b", $options: "i"}}', (c) =>
    c.find({ a: { $regex: 'a\0b', $options: 'i' } }).toArray(),
  ),
  fails(`${R}:59`, [], 'find {a: {$regex: "ab", $options: "i\\0"}}', (c) =>
    c.find({ a: { $regex: 'ab', $options: 'i\0' } }).toArray(),
  ),
  fails(`${R}:62`, [], 'find {key: {$regex: "abcd\\0xyz"}}', (c) =>
    c.find({ key: { $regex: 'abcd\0xyz' } }).toArray(),
  ),
  // $options and the flags of a regex $regex are not to be given together.
  fails(
    `${R}:73`,
    abc,
    'find {x: {$regex: /ab/i, $options: "s"}}',
    (c) => c.find({ x: { $regex: /ab/i, $options: 's' } }).toArray(),
    51075,
  ),
  fails(
    `${R}:76`,
    abc,
    'find {x: {$options: "s", $regex: /ab/i}}',
    (c) => c.find({ x: { $options: 's', $regex: /ab/i } }).toArray(),
    51074,
  ),
  count(`${R}:81`, abc, { x: { $regex: /ABC/i } }, 1),
  count(`${R}:82`, abc, { x: { $regex: /ABC/, $options: 'i' } }, 1),
  count(`${R}:83`, abc, { x: { $options: 'i', $regex: /ABC/ } }, 1),

  count(`${RO}:11`, [{ a: 'foo' }], { a: { $regex: /O/i } }, 1),
  count(`${RO}:12`, [{ a: 'foo' }], { a: /O/i }, 1),
  count(`${RO}:13`, [{ a: 'foo' }], { a: { $regex: 'O', $options: 'i' } }, 1),
  count(`${RO}:21`, hello, { txt: { $regex: '^hello.*' } }, 1),
  count(`${RO}:22`, hello, { txt: { $regex: '^hello.*', $options: 'u' } }, 1),
  fails(
    `${RO}:23`,
    hello,
    "count {txt: {$regex: '^hello.*', $options: 'g'}}",
    (c) => c.countDocuments({ txt: { $regex: '^hello.*', $options: 'g' } }),
    51108,
  ),
  count(`${RO}:27`, hello, { txt: { $regex: /^hello.*/ } }, 1),
  // The shell's /^hello.*/u as a BSON regex (the driver does not send a JS RegExp's u flag). The
  // shell's /^hello.*/g (line 29) has no Node form: bson refuses to build a regex with the flag g.
  count(`${RO}:28`, hello, { txt: { $regex: new BSONRegExp('^hello.*', 'u') } }, 1),
  count(`${R2}:9`, tests, {}, 2),
  count(`${R2}:10`, tests, { a: 'Test' }, 1),
  count(`${R2}:11`, tests, { a: 'test' }, 1),
  count(`${R2}:12`, tests, { a: /Test/ }, 1),
  count(`${R2}:13`, tests, { a: /test/ }, 1),
  count(`${R2}:14`, tests, { a: /test/i }, 2),
  count(`${R2}:28`, russian, {}, 2),
  count(`${R2}:29`, russian, { a: cyrillic[0] }, 1),
  count(`${R2}:30`, russian, { a: cyrillic[1] }, 1),
  count(`${R2}:31`, russian, { a: new RegExp(cyrillic[0]) }, 1),
  count(`${R2}:32`, russian, { a: new RegExp(cyrillic[1]) }, 1),
  count(`${R2}:33`, russian, { a: new RegExp(cyrillic[0], 'i') }, 2),
  count(`${R2}:43`, tests, { a: { $regex: 'Test' } }, 1),
  count(`${R2}:44`, tests, { a: { $regex: 'test' } }, 1),
  count(`${R2}:45`, tests, { a: { $regex: 'test', $options: 'i' } }, 2),
  count(`${R2}:46`, tests, { a: { $options: 'i', $regex: 'test' } }, 2),
  count(`${R2}:58`, russian, { a: { $regex: cyrillic[0] } }, 1),
  count(`${R2}:59`, russian, { a: { $regex: cyrillic[1] } }, 1),
  count(`${R2}:60`, russian, { a: { $regex: cyrillic[0], $options: 'i' } }, 2),
  count(`${R2}:68`, [{ a: '1  2' }, { a: '1\n2' }], { a: { $regex: '1.*2' } }, 1),
  count(`${R2}:69`, [{ a: '1  2' }, { a: '1\n2' }], { a: { $regex: '1.*2', $options: 's' } }, 2),
];

await conformance('$elemMatch and $regex', cases);
