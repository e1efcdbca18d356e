/**
 * The `$elemMatch` form of `select` is rewritten as aggregation expressions (MongoDB has no
 * `$elemMatch` expression); the `elemMatch` filter stays in the query language. Both must mean
 * the same: a record has at least one element kept by the projection exactly when the filter
 * selects it, for any criteria on the data set's arrays.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { conformanceEngines, records } from '../support/conformance.js';
import { GRADE, seed, YEAR, ZONE } from '../support/dataset.js';
import { dsl } from '../support/school-collections.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const json = JSON.stringify;

/** Values that occur in the data set (and a few that don't), per element field. */
const VALUES: Record<string, Record<string, fc.Arbitrary<unknown>>> = {
  years: {
    year: fc.constantFrom(...Object.values(YEAR), '5b0000000000000000000099'),
    group: fc.constantFrom(...Object.values(GRADE)),
    enrolled: fc.boolean(),
    registered: fc.boolean(),
  },
  addresses: {
    name: fc.constantFrom('Casa', 'Trabajo', 'Abuelos', 'casa', ''),
    city: fc.constantFrom('Quito', 'Cumbayá', 'Manta', 'Guayaquil', 'Riobamba', 'Portoviejo', 'Cumbaya'),
    city_zone: fc.constantFrom(...Object.values(ZONE)),
  },
  'emergency.contacts': {
    name: fc.constantFrom('Klaus Müller', 'Lucía Vega', 'Rosa Gómez', 'Contacto 5', 'Contacto 29'),
    'phones.mobile': fc.constantFrom('0990000003', '0980000003', '0990000001', '0990000017', '0990000030'),
  },
};

const condition = (value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof(
    value,
    fc.constant(null),
    fc
      .tuple(fc.constantFrom('$eq', '$ne', '$gt', '$gte', '$lt', '$lte'), value)
      .map(([op, v]) => ({ [op]: v })),
    fc.tuple(fc.constantFrom('$gt', '$lt'), value, value).map(([op, a, b]) => ({ [op]: a, $ne: b })),
    fc
      .tuple(fc.constantFrom('$in', '$nin'), fc.array(fc.oneof(value, fc.constant(null)), { maxLength: 3 }))
      .map(([op, list]) => ({ [op]: list })),
    fc.boolean().map((exists) => ({ $exists: exists })),
  );

const criteria = fc.constantFrom(...Object.keys(VALUES)).chain((property) =>
  fc
    .subarray(Object.keys(VALUES[property]!), { minLength: 1 })
    .chain((fields) =>
      fc.tuple(...fields.map((name) => condition(VALUES[property]![name]!).map((c) => [name, c] as const))),
    )
    .map((entries) => ({ property, parameters: Object.fromEntries(entries) })),
);

/** The array at a dotted path of a record. */
const arrayAt = (doc: Record<string, unknown>, path: string): unknown => {
  let value: unknown = doc;
  for (const key of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
};

const engines = await conformanceEngines('elem_match_agreement');

describe.each(engines)('elemMatch projection and filter on $name', ({ db }) => {
  beforeAll(() => seed(db));

  it(
    'keep elements of exactly the records the elemMatch filter selects',
    async () => {
      await fc.assert(
        fc.asyncProperty(criteria, async ({ property, parameters }) => {
          const filtered = await records(
            db,
            `elemMatch=${encodeURIComponent(json({ property, parameters }))}&select=user.name&__per_page=100`,
          );
          const projected = await records(
            db,
            `select=${encodeURIComponent(json({ [property]: { $elemMatch: parameters } }))}&__per_page=100`,
          );
          const withElements = projected
            .filter((doc) => {
              const kept = arrayAt(doc, property);
              return Array.isArray(kept) && kept.length > 0;
            })
            .map((doc) => String(doc._id));
          expect(withElements).toEqual(filtered.map((doc) => String(doc._id)));
        }),
        { numRuns: Math.ceil(RUNS / 2) },
      );
    },
    Math.max(10_000, RUNS * 30),
  );

  it('every criteria the filter accepts, the projection accepts too', () => {
    fc.assert(
      fc.property(criteria, ({ property, parameters }) => {
        const filter = dsl.parse(
          'students',
          `elemMatch=${encodeURIComponent(json({ property, parameters }))}`,
        );
        const select = dsl.parse(
          'students',
          `select=${encodeURIComponent(json({ [property]: { $elemMatch: parameters } }))}`,
        );
        expect(select.ok).toBe(filter.ok);
      }),
      { numRuns: RUNS },
    );
  });
});
