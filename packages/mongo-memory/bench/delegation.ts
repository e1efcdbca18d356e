/**
 * Measures what delegating to mingo would cost: the same find (filter, sort, limit) and the same
 * aggregation ($match, $group) over 20,000 documents, on the engine's own code and on mingo 7.
 * Prints each mingo/engine time ratio (above 1: mingo is slower). Not a test: timings vary by
 * machine; the ratios are what docs record.
 */
import { Aggregator, Query } from 'mingo';
import { MemoryMongoClient } from '../src/index.js';

const N = 20_000;
const docs = Array.from({ length: N }, (_, i) => ({
  _id: i,
  school: i % 10,
  name: `student ${(i * 7919) % N}`,
  year: 2000 + (i % 12),
  marks: [i % 20, (i * 3) % 20, (i * 7) % 20],
  active: i % 3 !== 0,
}));

function timeIt(label: string, rounds: number, run: () => unknown): number {
  for (let i = 0; i < 3; i++) run();
  const start = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) run();
  const ms = Number(process.hrtime.bigint() - start) / 1e6 / rounds;
  console.info(`${label}: ${ms.toFixed(2)} ms`);
  return ms;
}

const client = new MemoryMongoClient();
const collection = client.db('bench').collection<(typeof docs)[number]>('students');
await collection.insertMany(docs.map((d) => ({ ...d })));

const filter = { school: 3, active: true, marks: { $gte: 15 } };
const sort = { name: 1 } as const;
const group = [
  { $match: { active: true } },
  { $group: { _id: '$year', n: { $sum: 1 }, best: { $max: '$marks' } } },
];

const results: Array<[string, number, number]> = [];
// The engine's cursor runs the whole query synchronously when toArray() is called.
const engineFind = timeIt(
  'engine find+sort+limit',
  30,
  () => void collection.find(filter).sort(sort).limit(20).toArray(),
);
const mingoFind = timeIt('mingo  find+sort+limit', 30, () =>
  new Query(filter).find(docs).sort(sort).limit(20).all(),
);
results.push(['find, sort, limit 20', engineFind, mingoFind]);
const engineGroup = timeIt('engine $match+$group', 30, () => void collection.aggregate(group).toArray());
const mingoGroup = timeIt('mingo  $match+$group', 30, () => new Aggregator(group).run(docs));
results.push(['$match, $group', engineGroup, mingoGroup]);
for (const [name, engine, mingo] of results) console.info(`| ${name} | ${(mingo / engine).toFixed(2)}x |`);
