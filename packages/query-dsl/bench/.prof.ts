import { toMongo } from '@school/query-dsl';
import { dsl } from '../examples/school-collections.js';
import { corpus } from './corpus.js';
const only = process.argv[2];
const cases = corpus.filter((c) => !only || c.name.includes(only));
let sink: unknown;
const t = Date.now();
while (Date.now() - t < 4000) {
  for (const c of cases) {
    for (let i = 0; i < 200; i++) {
      const r = dsl.parse('students', c.ours);
      if (r.ok) sink = toMongo(r.plan);
    }
  }
}
console.log(typeof sink);
