/**
 * Typed descriptions for `dsl.find`: the valid requests of `describedQuery` with their values as a
 * TypeScript caller holds them (ObjectIds and Dates besides their text forms, field lists as
 * arrays, `exclude` and `withoutId`), numbers on the number fields of `years`, and descriptions
 * a type checker would refuse (what a JS caller can still pass).
 */
import type { QuerySpec } from '@school/query-dsl';
import { ObjectId } from 'bson';
import fc from 'fast-check';
import { type DescribedQuery, describedQuery, specOf, type ValueKind } from '../support/arbitraries.js';

type AnySpec = QuerySpec<Record<string, unknown>>;

/** Which of the three forms carries the described `select`. */
type SelectForm = 'select' | 'exclude' | 'withoutId';

function typedSpecOf(query: DescribedQuery, coins: readonly boolean[], selectForm: SelectForm): AnySpec {
  let next = 0;
  const coin = () => coins[next++ % coins.length] === true;
  const typed = (kind: ValueKind, value: unknown): unknown => {
    if (typeof value !== 'string' || !coin()) return value;
    if (kind === 'id') return ObjectId.createFromHexString(value);
    return kind === 'date' ? new Date(value) : value;
  };
  const condition = (kind: ValueKind, value: unknown): unknown =>
    value === null || typeof value !== 'object'
      ? typed(kind, value)
      : Object.fromEntries(
          Object.entries(value).map(([op, operand]) => [
            op,
            Array.isArray(operand) ? operand.map((item) => typed(kind, item)) : typed(kind, operand),
          ]),
        );
  const spec = specOf(query);
  const selection =
    query.select === undefined
      ? {}
      : selectForm === 'exclude'
        ? { select: undefined, exclude: query.select }
        : { select: query.select, withoutId: selectForm === 'withoutId' };
  return {
    ...spec,
    ...selection,
    filter: Object.fromEntries(
      query.filters.map(({ path, kind, condition: c }) => [path, condition(kind, c)]),
    ),
    elemMatch: query.elemMatch.map(({ property, parameters, kinds }) => ({
      property,
      parameters: Object.fromEntries(
        Object.entries(parameters).map(([name, c]) => [name, condition(kinds[name]!, c)]),
      ),
    })),
    populate:
      query.populate &&
      Object.fromEntries(
        Object.entries(query.populate).map(([path, fields]) => [
          path,
          coin() ? fields.split(' ').filter((name) => name !== '') : fields,
        ]),
      ),
  };
}

/** A valid request on `students` as a typed caller describes it. */
export const typedDescribedSpec: fc.Arbitrary<AnySpec> = fc
  .tuple(
    describedQuery,
    fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }),
    fc.constantFrom<SelectForm>('select', 'exclude', 'withoutId'),
  )
  .map(([query, coins, selectForm]) => typedSpecOf(query, coins, selectForm));

const NUMBER_FIELDS = ['passing_score', 'base_score', 'weight_score', 'score_decimals'] as const;

/** Numbers as a caller may pass them: whole, fractional, negative zero, digits in text. */
const numberValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant(-0),
  fc.integer().map(String),
);

/** Filters on the number fields of `years` (`score_decimals` is an integer): bare, operators, lists. */
export const numberSpec: fc.Arbitrary<AnySpec> = fc
  .dictionary(
    fc.constantFrom(...NUMBER_FIELDS),
    fc.oneof(
      numberValue,
      fc
        .tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte', '$ne'), numberValue)
        .map(([op, value]) => ({ [op]: value })),
      fc.array(numberValue, { maxLength: 4 }).map((values) => ({ $in: values })),
    ),
    { maxKeys: 3 },
  )
  .map((filter) => ({ filter }));

/** Descriptions a type checker would refuse or a validator would: unknown fields, bad pages and orders, junk values. */
export const badSpec: fc.Arbitrary<QuerySpec<Record<string, unknown>>> = fc
  .record(
    {
      filter: fc.dictionary(
        fc.constantFrom('user.name', 'user.nmae', 'active', 'created_at', 'school', 'years', '$where'),
        fc.oneof(
          fc.jsonValue({ maxDepth: 2 }),
          // Typed values, also on fields of another type: a date on text, an identifier on a flag.
          fc.date({ noInvalidDate: true }),
          fc.uint8Array({ minLength: 12, maxLength: 12 }).map((bytes) => new ObjectId(bytes)),
          fc.record({
            $in: fc.array(fc.oneof(fc.date({ noInvalidDate: true }), fc.jsonValue()), { maxLength: 3 }),
          }),
          fc.record({ $gte: fc.jsonValue({ maxDepth: 1 }) }),
          fc.record({ $in: fc.jsonValue({ maxDepth: 1 }) }),
          fc.record({ $regex: fc.string() }),
        ),
        { maxKeys: 3 },
      ),
      select: fc.array(fc.constantFrom('user.name', 'nmae', 'user', '_search', '$where'), { maxLength: 3 }),
      exclude: fc.array(fc.constantFrom('user.email', 'active'), { maxLength: 2 }),
      populate: fc.dictionary(fc.constantFrom('school', 'user.name', 'parents', 'nmae'), fc.string(), {
        maxKeys: 2,
      }),
      sort: fc.dictionary(
        fc.constantFrom('user.name', 'years', 'nmae'),
        fc.constantFrom<unknown>('asc', -1, 'up', 2, null),
        { maxKeys: 2 },
      ),
      search: fc.string({ maxLength: 12 }),
      page: fc.integer({ min: -2, max: 10_000 }),
      perPage: fc.integer({ min: -2, max: 500 }),
      includeTotals: fc.boolean(),
    },
    { requiredKeys: [] },
  )
  // What a caller without types (or with `any`) hands over: only the run-time checks stand.
  .map((spec) => spec as QuerySpec<Record<string, unknown>>);
