/**
 * Query operators on scalars, documents and arrays: `$exists`, `$in`, `$all`, `$type`.
 * jstests/core/query/exists/exists.js, exists2.js … exists9.js, jstests/core/query/in/in.js,
 * jstests/core/query/all/all.js (the MongoDB 8.0 version), all2.js,
 * jstests/core/query/type/type1.js, type_operator_on_missing_values.js. Each assertion is taken
 * once (the jstests repeat them after creating indexes, which change no answer).
 */
import type { Document } from 'bson';
import { type Case, conformance, count, fails, find } from './harness.js';

const E = 'jstests/core/query/exists/exists';
const counts = (file: string, docs: Document[], rows: Array<[number, number, Document]>): Case[] =>
  rows.map(([line, n, filter]) => count(`${file}:${line}`, docs, filter, n));

const existsDocs = [{}, { a: 1 }, { a: { b: 1 } }, { a: { b: { c: 1 } } }, { a: { b: { c: { d: null } } } }];
const visits = (() => {
  const date = new Date('2010-08-27T00:00:00Z');
  return {
    date,
    docs: [
      { date, tot_visit: 100 },
      { date, country_code: 'IT', tot_visit: 77 },
      { date, country_code: 'ES', tot_visit: 23 },
      { date, country_code: 'ES', user_id: 'and...@spacca.org', tot_visit: 11 },
      { date, country_code: 'ES', user_id: 'andrea.spa...@gmail.com', tot_visit: 5 },
      { date, country_code: 'ES', user_id: 'andrea.spa...@progloedizioni.com', tot_visit: 7 },
    ],
  };
})();

const exists: Case[] = [
  ...counts(`${E}.js`, existsDocs, [
    [15, 5, {}],
    [16, 1, { a: null }],
    [17, 2, { 'a.b': null }],
    [18, 3, { 'a.b.c': null }],
    [19, 5, { 'a.b.c.d': null }],
    [22, 4, { a: { $ne: null } }],
    [23, 3, { 'a.b': { $ne: null } }],
    [24, 2, { 'a.b.c': { $ne: null } }],
    [25, 0, { 'a.b.c.d': { $ne: null } }],
    [27, 4, { a: { $exists: true } }],
    [28, 3, { 'a.b': { $exists: true } }],
    [29, 2, { 'a.b.c': { $exists: true } }],
    [30, 1, { 'a.b.c.d': { $exists: true } }],
    [32, 1, { a: { $exists: false } }],
    [33, 2, { 'a.b': { $exists: false } }],
    [34, 3, { 'a.b.c': { $exists: false } }],
    [35, 4, { 'a.b.c.d': { $exists: false } }],
  ]),
  ...counts(
    `${E}.js`,
    [{ r: [{ s: 1 }] }],
    [
      [49, 1, { 'r.s': { $exists: true } }],
      [50, 0, { 'r.s': { $exists: false } }],
      [51, 0, { 'r.t': { $exists: true } }],
      [52, 1, { 'r.t': { $exists: false } }],
    ],
  ),
  ...counts(
    `${E}2.js`,
    [
      { a: 1, b: 1 },
      { a: 1, b: 1, c: 1 },
    ],
    [
      [7, 2, {}],
      [8, 2, { a: 1, b: 1 }],
      [9, 1, { a: 1, b: 1, c: { $exists: true } }],
      [10, 1, { a: 1, b: 1, c: { $exists: false } }],
    ],
  ),
  find(`${E}3.js:8`, [{ a: 1, b: 2 }], {}, [{ a: 1, b: 2 }], { sort: { c: -1 } }),
  count(`${E}3.js:9`, [{ a: 1, b: 2 }], { c: { $exists: false } }, 1),
  find(`${E}3.js:11`, [{ a: 1, b: 2 }], { c: { $exists: false } }, [{ a: 1, b: 2 }], { sort: { c: -1 } }),
  find(`${E}3.js:21`, [{ a: 1, b: 2 }], { c: { $not: { $exists: true } } }, [{ a: 1, b: 2 }], {
    sort: { c: -1 },
  }),
  ...counts(`${E}4.js`, visits.docs, [
    [29, 6, { date: visits.date }],
    [30, 5, { date: visits.date, country_code: { $exists: true } }],
    [31, 1, { date: visits.date, country_code: { $exists: false } }],
    [32, 1, { date: visits.date, country_code: null }],
    [33, 3, { date: visits.date, country_code: { $exists: true }, user_id: { $exists: true } }],
    [37, 2, { date: visits.date, country_code: { $exists: true }, user_id: { $exists: false } }],
    [41, 2, { date: visits.date, country_code: { $exists: true }, user_id: null }],
  ]),
  ...counts(
    `${E}5.js`,
    [{ a: 1 }],
    [
      [7, 1, { 'a.b': { $exists: false } }],
      [8, 1, { 'a.b': { $not: { $exists: true } } }],
      [9, 1, { 'c.d': { $not: { $exists: true } } }],
      [10, 0, { 'a.b': { $exists: true } }],
      [11, 0, { 'a.b': { $not: { $exists: false } } }],
      [12, 0, { 'c.d': { $not: { $exists: false } } }],
    ],
  ),
  ...counts(
    `${E}5.js`,
    [{ a: { b: 1 } }],
    [
      [16, 1, { 'a.b': { $exists: true } }],
      [17, 1, { 'a.b': { $not: { $exists: false } } }],
      [18, 0, { 'a.b': { $exists: false } }],
      [19, 0, { 'a.b': { $not: { $exists: true } } }],
    ],
  ),
  ...counts(
    `${E}5.js`,
    [{ a: [1] }],
    [
      [23, 1, { 'a.b': { $exists: false } }],
      [24, 1, { 'a.b': { $not: { $exists: true } } }],
      [25, 0, { 'a.b': { $exists: true } }],
      [26, 0, { 'a.b': { $not: { $exists: false } } }],
    ],
  ),
  ...counts(
    `${E}5.js`,
    [{ a: [{ b: 1 }] }],
    [
      [30, 1, { 'a.b': { $exists: true } }],
      [31, 1, { 'a.b': { $not: { $exists: false } } }],
      [32, 0, { 'a.b': { $exists: false } }],
      [33, 0, { 'a.b': { $not: { $exists: true } } }],
    ],
  ),
  ...counts(
    `${E}6.js`,
    [{}, { b: 1 }, { b: null }],
    [
      [11, 2, { b: { $exists: true } }],
      [12, 2, { b: { $not: { $exists: false } } }],
      [13, 1, { b: { $exists: false } }],
      [14, 1, { b: { $not: { $exists: true } } }],
    ],
  ),
  ...counts(
    `${E}6.js`,
    [{}, { b: 1 }, { b: null }, { a: 1 }, { a: 1, b: 1 }, { a: 1, b: null }],
    [
      [22, 2, { a: 1, b: { $exists: true } }],
      [23, 2, { a: 1, b: { $not: { $exists: false } } }],
      [24, 1, { a: 1, b: { $exists: false } }],
      [25, 1, { a: 1, b: { $not: { $exists: true } } }],
    ],
  ),
  ...counts(
    `${E}7.js`,
    [{}, { a: 1 }, { a: 2 }, { a: 3, b: 3 }, { a: 4, b: 4 }],
    [
      [16, 2, { b: { $exists: 1 } }],
      [17, 3, { b: { $exists: 0 } }],
    ],
  ),
  // Numeric path parts name array positions, through nested arrays too.
  ...(
    [
      [
        [1],
        [
          [9, 1, 'a.0', true],
          [10, 1, 'a.1', false],
          [11, 0, 'a.0', false],
          [12, 0, 'a.1', true],
        ],
      ],
      [
        [1, 2],
        [
          [16, 1, 'a.0', true],
          [17, 0, 'a.1', false],
          [18, 0, 'a.0', false],
          [19, 1, 'a.1', true],
        ],
      ],
      [
        [{}],
        [
          [23, 1, 'a.0', true],
          [24, 1, 'a.1', false],
          [25, 0, 'a.0', false],
          [26, 0, 'a.1', true],
        ],
      ],
      [
        [{}, {}],
        [
          [30, 1, 'a.0', true],
          [31, 0, 'a.1', false],
          [32, 0, 'a.0', false],
          [33, 1, 'a.1', true],
        ],
      ],
      [
        [{ b: 2 }, { a: 1 }],
        [
          [37, 1, 'a.a', true],
          [38, 1, 'a.1.a', true],
          [39, 1, 'a.0.a', false],
        ],
      ],
      [
        [[1]],
        [
          [43, 1, 'a.0', true],
          [44, 1, 'a.0.0', true],
          [45, 0, 'a.0.0', false],
          [46, 0, 'a.0.0.0', true],
          [47, 1, 'a.0.0.0', false],
        ],
      ],
      [[[[1]]], [[51, 1, 'a.0.0.0', true]]],
      [
        [[{ b: 1 }]],
        [
          [55, 0, 'a.b', true],
          [56, 1, 'a.b', false],
          [57, 1, 'a.0.b', true],
          [58, 0, 'a.0.b', false],
        ],
      ],
      [
        [[], [{ b: 1 }]],
        [
          [62, 0, 'a.0.b', true],
          [63, 1, 'a.0.b', false],
          [67, 1, 'a.1.b', true],
          [68, 0, 'a.1.b', false],
          [72, 1, 'a.1.0.b', true],
          [73, 0, 'a.1.0.b', false],
          [77, 0, 'a.1.1.b', true],
          [78, 1, 'a.1.1.b', false],
        ],
      ],
    ] as Array<[unknown[], Array<[number, number, string, boolean]>]>
  ).flatMap(([a, rows]) =>
    rows.map(([line, n, path, exists]) =>
      count(`${E}8.js:${line}`, [{ a }], { [path]: { $exists: exists } }, n),
    ),
  ),
  ...counts(
    `${E}9.js`,
    [{ a: {} }],
    [
      [13, 1, { 'a.b': { $exists: false } }],
      [14, 0, { 'a.b': { $exists: true } }],
    ],
  ),
  ...counts(
    `${E}9.js`,
    [{}, { a: [] }],
    [
      [38, 1, { a: { $exists: true } }],
      [39, 1, { a: { $exists: false } }],
    ],
  ),
  ...counts(
    `${E}9.js`,
    [{ a: { '0': 1 } }, { a: [] }],
    [
      [63, 1, { 'a.0': { $exists: true } }],
      [64, 1, { 'a.0': { $exists: false } }],
    ],
  ),
];

const I = 'jstests/core/query/in/in.js';
const inDocs = [{ a: 1 }, { a: 2 }];
const ins: Case[] = [
  fails(`${I}:9`, inDocs, 'find {a: {$in: {x: 1}}}', (c) => c.find({ a: { $in: { x: 1 } } }).toArray()),
  fails(`${I}:12`, inDocs, 'find {a: {$in: 1}}', (c) => c.find({ a: { $in: 1 } }).toArray()),
  ...counts(I, inDocs, [
    [16, 1, { a: { $in: [1] } }],
    [17, 1, { a: { $in: [2] } }],
    [18, 2, { a: { $in: [1, 2] } }],
    [26, 0, { a: { $in: [] } }],
    [28, 1, { a: { $gt: 1, $in: [2] } }],
  ]),
];

const A = 'jstests/core/query/all/all.js';
const allDocs: Document[] = [
  { a: [1, 2, 3] },
  { a: [1, 2, 4] },
  { a: [1, 8, 5] },
  { a: [1, 8, 6] },
  { a: [1, 9, 7] },
  { a: [] },
  {},
];
const all22 = [...allDocs, { a: [2, 2] }];
const all24 = [...all22, { a: [[2]] }];
const all27 = [...all24, { a: [{ b: [10, 11] }, 11] }];
const all31 = [...all27, { a: { b: [20, 30] } }];
const A2 = 'jstests/core/query/all/all2.js';
const xs = [{ a: [{ x: 1 }, { x: 2 }] }, { a: [{ x: 2 }, { x: 3 }] }, { a: [{ x: 3 }, { x: 4 }] }];
const plain = [{ a: [1, 2] }, { a: [2, 3] }, { a: [3, 4] }];
const alls: Case[] = [
  ...counts(A, allDocs, [
    [13, 5, { a: { $all: [1] } }],
    [14, 2, { a: { $all: [1, 2] } }],
    [15, 2, { a: { $all: [1, 8] } }],
    [16, 1, { a: { $all: [1, 3] } }],
    [17, 2, { a: { $all: [2] } }],
    [18, 1, { a: { $all: [2, 3] } }],
    [19, 2, { a: { $all: [2, 1] } }],
  ]),
  count(`${A}:22`, all22, { a: { $all: [2, 2] } }, 3),
  count(`${A}:25`, all24, { a: { $all: [2] } }, 3),
  count(`${A}:28`, all27, { 'a.b': { $all: [10] } }, 1),
  count(`${A}:29`, all27, { a: { $all: [11] } }, 1),
  ...counts(A, all31, [
    [32, 1, { 'a.b': { $all: [20] } }],
    [33, 1, { 'a.b': { $all: [20, 30] } }],
    [35, 5, { a: { $all: [1] } }],
    [36, 0, { a: { $all: [19] } }],
    [37, 0, { a: { $all: [] } }],
  ]),
  ...counts(A2, xs, [
    [15, 1, { 'a.x': { $in: [1] } }],
    [16, 2, { 'a.x': { $in: [2] } }],
    [18, 2, { 'a.x': { $in: [1, 2] } }],
    [19, 3, { 'a.x': { $in: [2, 3] } }],
    [20, 3, { 'a.x': { $in: [1, 3] } }],
    [22, 1, { 'a.x': { $all: [1, 2] } }],
    [23, 1, { 'a.x': { $all: [2, 3] } }],
    [24, 0, { 'a.x': { $all: [1, 3] } }],
  ]),
  ...counts(A2, plain, [
    [50, 1, { a: { $in: [1] } }],
    [51, 2, { a: { $in: [2] } }],
    [53, 2, { a: { $in: [1, 2] } }],
    [54, 3, { a: { $in: [2, 3] } }],
    [55, 3, { a: { $in: [1, 3] } }],
    [57, 1, { a: { $all: [1, 2] } }],
    [58, 1, { a: { $all: [2, 3] } }],
    [59, 0, { a: { $all: [1, 3] } }],
  ]),
  count(`${A2}:81`, [{ name: ['harry', 'jack', 'tom'] }], { name: { $all: ['harry', 'john'] } }, 0),
];

const T1 = 'jstests/core/query/type/type1.js';
const TM = 'jstests/core/query/type/type_operator_on_missing_values.js';
const typeDocs = [{ x: 1.1 }, { x: '3' }, { x: 'asd' }, { x: 'foo' }];
const missingDocs = [{ _id: 0 }, { _id: 1, b: 123 }];
const bsonTypes = [
  'double',
  'string',
  'object',
  'array',
  'binData',
  'undefined',
  'objectId',
  'bool',
  'date',
  'null',
  'regex',
  'dbPointer',
  'javascript',
  'symbol',
  'javascriptWithScope',
  'int',
  'timestamp',
  'long',
  'decimal',
  'minKey',
  'maxKey',
];
const types: Case[] = [
  ...counts(T1, typeDocs, [
    [11, 4, {}],
    [12, 1, { x: { $type: 1 } }],
    [13, 3, { x: { $type: 2 } }],
    [14, 0, { x: { $type: 3 } }],
    [22, 1, { x: { $regex: 'f', $type: 2 } }],
  ]),
  ...bsonTypes.flatMap((type) => [
    find(`${TM}:25`, missingDocs, { a: { $type: type } }, [], { sort: { _id: 1 } }),
    find(`${TM}:28`, missingDocs, { a: { $not: { $type: type } } }, missingDocs, { sort: { _id: 1 } }),
  ]),
];

await conformance('query operators', [...exists, ...ins, ...alls, ...types]);
