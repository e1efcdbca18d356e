/**
 * How the host's queries grow with the data: two schools of 1,000, 10,000 and 100,000 students
 * each, and a small third school of 500, with the host's indexes ({school, _id}, the partial
 * unique {school, user.id_card}, the search tokens). Prints each query's time at each size and its
 * growth per 10× (the goal: at most 2× for a query an index serves; a count grows with its matches).
 * Not a test: timings vary by machine; the growth factors are what docs/indexes.md records.
 */
import { ObjectId } from 'bson';
import { type Document, MemoryMongoClient } from '../src/index.js';

const SIZES = [1_000, 10_000, 100_000];
const SMALL = 500;
const FIRST = ['ana', 'ben', 'cleo', 'dan', 'eva', 'finn', 'gus', 'hana', 'ivo', 'jan'];
const LAST = Array.from(
  { length: 20 },
  (_, i) => `fam${String.fromCharCode(97 + i)}${String.fromCharCode(97 + ((i * 7) % 26))}`,
);

function student(school: ObjectId, i: number, tag: string): Document {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[(i * 13) % LAST.length]!;
  const card = `${tag}-${i}`;
  return {
    school,
    name: `${first} ${last}`,
    user: { id_card: card },
    active: i % 4 !== 0,
    _search: [first, last, card.toLowerCase()],
  };
}

async function load(perSchool: number) {
  const schools = { a: new ObjectId(), b: new ObjectId(), c: new ObjectId() };
  const collection = new MemoryMongoClient().db('growth').collection('students');
  await collection.createIndex({ school: 1, _id: 1 });
  await collection.createIndex(
    { school: 1, 'user.id_card': 1 },
    { unique: true, partialFilterExpression: { 'user.id_card': { $type: 'string' } } },
  );
  await collection.createIndex({ _search: 1 });
  const sizes: Array<[ObjectId, number, string]> = [
    [schools.a, perSchool, 'A'],
    [schools.b, perSchool, 'B'],
    [schools.c, SMALL, 'C'],
  ];
  for (const [school, n, tag] of sizes) {
    for (let from = 0; from < n; from += 5_000) {
      const batch = Array.from({ length: Math.min(5_000, n - from) }, (_, k) =>
        student(school, from + k, tag),
      );
      await collection.insertMany(batch);
    }
  }
  const someId = (await collection.findOne({ school: schools.a, 'user.id_card': 'A-77' }))!._id;
  return { collection, schools, someId };
}

type Loaded = Awaited<ReturnType<typeof load>>;
const scope = (school: ObjectId): Document => ({ school: { $in: [school] } });
const prefix = { $elemMatch: { $gte: 'ana', $lt: 'anb' } };

/** The host-shaped queries: a name and how to run it once. */
const QUERIES: Array<[string, (l: Loaded) => Promise<unknown>]> = [
  [
    'A: `{$and: [scope, {user.id_card}]}`',
    (l) => l.collection.find({ $and: [scope(l.schools.a), { 'user.id_card': 'A-500' }] }).toArray(),
  ],
  [
    'A: `{$and: [{_id}, scope]}` (GET /:id)',
    (l) => l.collection.findOne({ $and: [{ _id: l.someId }, scope(l.schools.a)] }),
  ],
  [
    'A: page 1, sort `_id`, limit 20',
    (l) => l.collection.find(scope(l.schools.a)).sort({ _id: 1 }).limit(20).toArray(),
  ],
  [
    'A: prefix range on the tokens, page 1',
    (l) =>
      l.collection
        .find({ $and: [scope(l.schools.a), { _search: prefix }] })
        .sort({ _id: 1 })
        .limit(20)
        .toArray(),
  ],
  [
    'A: count of the prefix filter (totals)',
    (l) => l.collection.countDocuments({ $and: [scope(l.schools.a), { _search: prefix }] }),
  ],
  [
    'C (500): `{$and: [scope, {user.id_card}]}`',
    (l) => l.collection.find({ $and: [scope(l.schools.c), { 'user.id_card': 'C-50' }] }).toArray(),
  ],
  [
    'C (500): page 1, sort `_id`, limit 20',
    (l) => l.collection.find(scope(l.schools.c)).sort({ _id: 1 }).limit(20).toArray(),
  ],
  ['C (500): count of its school', (l) => l.collection.countDocuments(scope(l.schools.c))],
];

/** The median of `rounds` runs, in milliseconds. */
async function time(run: () => Promise<unknown>, rounds: number): Promise<number> {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const results = new Map<string, number[]>();
for (const size of SIZES) {
  const loaded = await load(size);
  for (const [name, run] of QUERIES) {
    const ms = await time(() => run(loaded), 31);
    results.set(name, [...(results.get(name) ?? []), ms]);
  }
  console.info(`loaded and measured ${size} per school`);
}
const ms = (value: number): string => (value < 0.1 ? value.toFixed(3) : value.toFixed(2));
console.info(
  `| query | ${SIZES.map((s) => `${s / 1000}k ms`).join(' | ')} | growth 1k→10k | growth 10k→100k |`,
);
console.info(`| --- | ${SIZES.map(() => '---').join(' | ')} | --- | --- |`);
for (const [name, times] of results) {
  const growth = times.slice(1).map((t, i) => `${(t / times[i]!).toFixed(1)}×`);
  console.info(`| ${name} | ${times.map(ms).join(' | ')} | ${growth.join(' | ')} |`);
}
