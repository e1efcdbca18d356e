/**
 * `GET /api/tokens`: a page of the tokens within the caller's power, the configured ones first, then
 * the issued ones in the order they were issued. The database picks the issued page (the power
 * filter is a query, auth/power-filter.ts), so a page is full and its cost bounded by its size, not
 * by how many tokens others hold.
 */
import type { Collection, Document, Filter } from 'mongodb';
import type { Caller } from './caller.js';
import { coveredBy } from './power-filter.js';
import { readTokenListQuery, type TokenFilter } from './token-list-query.js';
import { covers } from './token-power.js';
import { type TokenView, view } from './token-view.js';

/** The answer with `__include_totals=true`, as the collections give it. */
export interface TokenTotals {
  readonly results: TokenView[];
  /** The tokens the filters match (what the pages go through). */
  readonly total: number;
  /** Every token the caller may see, ignoring the filters. */
  readonly actual_total: number;
  readonly active: number;
  readonly inactive: number;
}

export async function listTokens(
  tokens: Collection,
  configured: readonly TokenView[],
  caller: Caller,
  rawQuery: string,
): Promise<TokenView[] | TokenTotals> {
  const { skip, perPage, includeTotals, filter } = readTokenListQuery(rawQuery);
  const visible = configured.filter((token) => covers(caller, token));
  const shown = visible.filter((token) => matches(token, filter));
  const power = coveredBy(caller);
  const query: Filter<Document> = { $and: [power, ...issuedFilters(filter)] };
  const head = shown.slice(skip, skip + perPage);
  const limit = perPage - head.length;
  const issued =
    limit > 0
      ? await tokens
          .find(query, { sort: { _id: 1 }, skip: Math.max(0, skip - shown.length), limit })
          .toArray()
      : [];
  const results = [...head, ...issued.map((record) => view(record, caller))];
  if (!includeTotals) return results;
  const [total, actual, active] = await Promise.all([
    tokens.countDocuments(query),
    tokens.countDocuments(power),
    tokens.countDocuments({ $and: [query, { active: true }] }),
  ]);
  // Configured tokens are always active.
  return {
    results,
    total: shown.length + total,
    actual_total: visible.length + actual,
    active: shown.length + active,
    inactive: total - active,
  };
}

/** The filters as conditions on stored tokens (`active` as the view reads it: only `true` is active). */
function issuedFilters(filter: TokenFilter): Filter<Document>[] {
  const conditions: Filter<Document>[] = [];
  if (filter.active !== undefined) conditions.push({ active: filter.active ? true : { $ne: true } });
  if (filter.name !== undefined) conditions.push({ name: { $eq: filter.name } });
  if (filter.school !== undefined) conditions.push({ schools: { $eq: filter.school } });
  return conditions;
}

/** The same filters on a configured token. */
function matches(token: TokenView, filter: TokenFilter): boolean {
  if (filter.active !== undefined && token.active !== filter.active) return false;
  if (filter.name !== undefined && token.name !== filter.name) return false;
  const school = filter.school;
  if (school === undefined) return true;
  if (school === '*') return token.schools === '*';
  return token.schools !== '*' && token.schools.includes(school.toHexString());
}
