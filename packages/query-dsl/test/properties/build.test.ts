/**
 * `buildQuery` is the inverse of `dsl.parse`: for any description of a valid request — filters in
 * every operator form, elemMatch, global_search, select, populate, __sort, pages and totals — the
 * query string it writes parses into the plan the description says, value for value.
 */
import { buildQuery, type CollectionDefinition, type Condition } from '@school/query-dsl';
import { ObjectId } from 'bson';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describedQuery, specOf, type ValueKind } from '../support/arbitraries.js';
import { dsl, students } from '../support/school-collections.js';

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) };

/** The stored value a description's value stands for. */
function stored(kind: ValueKind, value: unknown): unknown {
  if (value === null) return null;
  if (kind === 'id') return ObjectId.createFromHexString(value as string);
  if (kind === 'date') return new Date(value as string);
  return value;
}

/** The conditions a description's condition stands for. */
function conditions(kind: ValueKind, condition: unknown): Condition[] {
  if (condition === null || typeof condition !== 'object') {
    return [{ op: '$eq', value: stored(kind, condition) } as Condition];
  }
  return Object.entries(condition).map(([op, value]) =>
    op === '$in' || op === '$nin'
      ? ({ op, values: (value as unknown[]).map((item) => stored(kind, item)) } as Condition)
      : op === '$exists'
        ? { op, value: value as boolean }
        : ({ op, value: stored(kind, value) } as Condition),
  );
}

const sortedBy = <T extends { path: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.path.localeCompare(b.path));

/** Paths without those an ancestor in the list already covers (and `_id`, which is always returned). */
const withoutCovered = (paths: readonly string[]) =>
  [...new Set(paths)]
    .filter((path) => path !== '_id' && !paths.some((other) => path.startsWith(`${other}.`)))
    .sort();

describe('buildQuery writes what dsl.parse reads back', () => {
  const untyped: CollectionDefinition = students;

  it('gives the described plan for any valid request, in every convention', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(describedQuery, (query) => {
        const result = dsl.parse('students', buildQuery(untyped, specOf(query)));
        if (!result.ok) throw new Error(JSON.stringify(result.issues));
        const { plan } = result;

        const fields = plan.filters.filter((node) => node.kind === 'field');
        expect(sortedBy(fields)).toEqual(
          sortedBy(
            query.filters.map(({ path, kind, condition }) => ({
              kind: 'field',
              path,
              conditions: conditions(kind, condition),
            })),
          ),
        );

        const elemMatch = plan.filters.filter((node) => node.kind === 'elemMatch');
        expect(sortedBy(elemMatch)).toEqual(
          sortedBy(
            query.elemMatch.map(({ property, parameters, kinds }) => ({
              kind: 'elemMatch',
              path: property,
              fields: Object.entries(parameters).map(([name, condition]) => ({
                kind: 'field',
                path: name,
                conditions: conditions(kinds[name]!, condition),
              })),
            })),
          ),
        );

        const search = plan.filters.find((node) => node.kind === 'search');
        const words = query.search ?? [];
        expect(search?.prefixes ?? []).toEqual(
          words.filter((word) => !words.some((other) => other !== word && other.startsWith(word))),
        );

        if (query.select) {
          const carried = query.search ? ['user', 'relational_data.all'] : [];
          const populated = Object.keys(query.populate ?? {});
          expect(plan.projection.kind).toBe('include');
          if (plan.projection.kind === 'include') {
            expect(withoutCovered(plan.projection.paths)).toEqual(
              withoutCovered([...query.select, ...carried, ...populated]),
            );
          }
        } else {
          expect(plan.projection.kind).not.toBe('include');
        }

        expect(plan.populate.map((node) => [node.path, node.fields])).toEqual(
          Object.entries(query.populate ?? {}).map(([path, fields]) => [
            path,
            fields === '' ? 'all' : fields.split(' '),
          ]),
        );

        const direction = (order: 'asc' | 'desc' | 1 | -1) => (order === 'asc' || order === 1 ? 1 : -1);
        expect(plan.sort).toEqual([
          ...query.sort.map(([path, order]) => ({ path, direction: direction(order) })),
          { path: '_id', direction: 1 },
        ]);

        const perPage = query.perPage ?? students.pagination.defaultPerPage;
        const page = query.page ?? 1;
        expect(plan.page).toEqual({ page, perPage, skip: (page - 1) * perPage });
        expect(plan.totals).toBe(query.includeTotals ?? false);
      }),
      RUNS,
    );
  });
});
