import type { CollectionDefinition } from '../define-collection.js';
import type { Page } from '../plan/types.js';
import type { ValidationContext } from './context.js';

const POSITIVE_INTEGER = /^\+?0*[1-9]\d{0,15}$/u;

/**
 * The last page a request may ask for, whatever its `__per_page`: the skip must stay an exact
 * integer (MongoDB takes a 64-bit integer; a JS number is exact up to 2^53 - 1) at the largest
 * page size. One fixed bound, so that a schema (an OpenAPI `maximum`) can state it exactly.
 */
export function maxPage(pagination: { readonly maxPerPage: number }): number {
  return Math.floor(Number.MAX_SAFE_INTEGER / pagination.maxPerPage);
}

/** `__page` (>= 1, default 1) and `__per_page` (1..max, default from the collection). */
export function readPage(
  collection: CollectionDefinition,
  rawPage: unknown,
  rawPerPage: unknown,
  context: ValidationContext,
): Page {
  const { defaultPerPage, maxPerPage } = collection.pagination;
  const perPage =
    readPositive(rawPerPage, '__per_page', defaultPerPage, maxPerPage, context) ?? defaultPerPage;
  const page = readPositive(rawPage, '__page', 1, Number.MAX_SAFE_INTEGER, context) ?? 1;
  const lastPage = maxPage(collection.pagination);
  if (page > lastPage) {
    context.issues.add(
      'INVALID_PAGINATION',
      '__page',
      `__page must be an integer from 1 to ${lastPage}, got ${describe(String(page))}.`,
    );
    return { page: 1, perPage, skip: 0 };
  }
  return { page, perPage, skip: (page - 1) * perPage };
}

function readPositive(
  raw: unknown,
  param: string,
  fallback: number,
  max: number,
  context: ValidationContext,
): number | undefined {
  if (raw === undefined) return fallback;
  const range = max === Number.MAX_SAFE_INTEGER ? 'an integer of at least 1' : `an integer from 1 to ${max}`;
  if (typeof raw !== 'string' || !POSITIVE_INTEGER.test(raw.trim())) {
    context.issues.add('INVALID_PAGINATION', param, `${param} must be ${range}, got ${describe(raw)}.`);
    return undefined;
  }
  const value = Number(raw.trim());
  if (value > max || !Number.isSafeInteger(value)) {
    context.issues.add('INVALID_PAGINATION', param, `${param} must be ${range}, got ${describe(raw)}.`);
    return undefined;
  }
  return value;
}

/** `__include_totals` (alias `include_totals`): `true` or `false`. */
export function readIncludeTotals(
  raw: unknown,
  param: string,
  context: ValidationContext,
): boolean | undefined {
  if (raw === undefined) return undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  context.issues.add('INVALID_PAGINATION', param, `${param} must be true or false, got ${describe(raw)}.`);
  return undefined;
}

function describe(raw: unknown): string {
  if (typeof raw === 'string') return JSON.stringify(raw.length > 20 ? `${raw.slice(0, 20)}…` : raw);
  return Array.isArray(raw) ? 'several values' : 'an object';
}
