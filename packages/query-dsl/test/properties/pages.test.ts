/**
 * Pages and the two ways a query runs, on the data set:
 * - for any sort (nested fields, fields inside arrays, many ties) and any page size, the pages
 *   one after the other are exactly the records of one big page: none twice, none missing;
 * - a query run as `find` and the same query run as a pipeline (a populate forces it) return the
 *   same records in the same order, with the same totals.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseFilterOption, plausibleQuery } from '../support/arbitraries.js';
import { conformanceEngines, records } from '../support/conformance.js';
import { seed } from '../support/dataset.js';
import { dsl } from '../support/school-collections.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

const SORTABLE = [
  'user.surname',
  'user.name',
  'user.id_card',
  'active',
  'citizenship',
  'created_at',
  'school',
  'years.year',
  'years.enrolled',
  'years.group',
  'addresses.city',
  'emergency.contacts.phones.mobile',
  '_id',
];

/** The array a sortable path goes through, if any: MongoDB refuses to sort on two different ones. */
const arrayOf = (path: string) =>
  ['years', 'addresses', 'emergency.contacts'].find((array) => path.startsWith(`${array}.`));

const sortSpec = fc
  .uniqueArray(fc.constantFrom(...SORTABLE), { minLength: 1, maxLength: 3 })
  .filter((paths) => new Set(paths.map(arrayOf).filter(Boolean)).size <= 1)
  .chain((paths) =>
    fc.tuple(...paths.map((path) => fc.constantFrom('asc', 'desc').map((order) => [path, order] as const))),
  )
  .map((keys) => `__sort=${encodeURIComponent(JSON.stringify(Object.fromEntries(keys)))}`);

const engines = await conformanceEngines('pages');

describe.each(engines)('pages and pipelines on $name', ({ db }) => {
  beforeAll(() => seed(db));

  const ids = async (query: string, options = {}) =>
    (await records(db, query, options)).map((doc) => String(doc._id));

  it(
    'the pages of any sort are the big page cut in pieces',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          sortSpec,
          fc.integer({ min: 1, max: 12 }),
          fc.option(baseFilterOption),
          async (sort, perPage, option) => {
            const options = option ? { baseFilter: option.baseFilter } : {};
            const all = await ids(`${sort}&__per_page=100`, options);
            const pages: string[] = [];
            for (let page = 1; page <= Math.ceil(all.length / perPage) + 1; page++) {
              pages.push(...(await ids(`${sort}&__per_page=${perPage}&__page=${page}`, options)));
            }
            expect(pages).toEqual(all);
          },
        ),
        { numRuns: Math.ceil(RUNS / 3) },
      );
    },
    Math.max(10_000, RUNS * 60),
  );

  it(
    'find and the pipeline return the same records in the same order',
    async () => {
      await fc.assert(
        fc.asyncProperty(plausibleQuery, fc.option(baseFilterOption), async (query, option) => {
          const options = option ? { baseFilter: option.baseFilter } : {};
          const withPopulate = `${query}&populate=${encodeURIComponent('{"school":"name"}')}`;
          const plain = await dsl.run(db, 'students', query, options);
          const piped = await dsl.run(db, 'students', withPopulate, options);
          fc.pre(plain.ok && piped.ok && plain.query.read.kind === 'find');
          if (!plain.ok || !piped.ok) return;
          expect(piped.query.read.kind).toBe('aggregate');
          const idsOf = (response: typeof plain.response) =>
            (Array.isArray(response) ? response : response.results).map((doc) => String(doc._id));
          expect(idsOf(piped.response)).toEqual(idsOf(plain.response));
          if (!Array.isArray(plain.response) && !Array.isArray(piped.response)) {
            const { results: _a, ...plainCounts } = plain.response;
            const { results: _b, ...pipedCounts } = piped.response;
            expect(pipedCounts).toEqual(plainCounts);
          }
        }),
        { numRuns: Math.ceil(RUNS / 2) },
      );
    },
    Math.max(10_000, RUNS * 30),
  );
});
