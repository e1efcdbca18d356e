import type { CollectionDefinition } from '../collection/define-collection.js';
import type { Page } from '../plan/types.js';
import type { ValidationContext } from './context.js';
import { describeValue, textOf } from './json.js';

/** A whole number written in decimal digits (a leading `+` and zeros allowed), of any size. */
const DIGITS = /^\+?\d+$/u;

/** What a pagination value says: a whole number in range, one past the maximum, or (`undefined`) no positive integer. */
type Count = number | 'too large' | undefined;

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
  let perPage = defaultPerPage;
  const perPageCount = readCount(rawPerPage, defaultPerPage, maxPerPage);
  if (typeof perPageCount === 'number') perPage = perPageCount;
  else {
    context.issues.add(
      'INVALID_PAGINATION',
      '__per_page',
      `__per_page must be an integer from 1 to ${maxPerPage}, got ${describe(rawPerPage)}.`,
    );
  }
  const lastPage = maxPage(collection.pagination);
  const page = readCount(rawPage, 1, lastPage);
  if (typeof page === 'number') return { page, perPage, skip: (page - 1) * perPage };
  context.issues.add(
    'INVALID_PAGINATION',
    '__page',
    page === 'too large'
      ? `__page is too large: the last page is ${lastPage}, got ${describe(rawPage)}.`
      : `__page must be an integer of at least 1, got ${describe(rawPage)}.`,
  );
  return { page: 1, perPage, skip: 0 };
}

/**
 * A count from the query string's text, or from a typed description (`dsl.find`): a whole number
 * skips the text step; any other value is read as its text form would be, for the same issues.
 */
function readCount(raw: unknown, fallback: number, max: number): Count {
  if (raw === undefined) return fallback;
  if (typeof raw === 'number' && Number.isSafeInteger(raw)) return countIn(raw, max);
  // An object or a list has no digits to read.
  const text = typeof raw === 'object' ? undefined : typeof raw === 'string' ? raw.trim() : textOf(raw);
  // Past 2^53 a number is not exact, but it is still larger than any maximum here.
  return text !== undefined && DIGITS.test(text) ? countIn(Number(text), max) : undefined;
}

function countIn(value: number, max: number): Count {
  if (value < 1) return undefined;
  return value > max ? 'too large' : value;
}

/** `__include_totals` (alias `include_totals`): `true` or `false`. */
export function readIncludeTotals(
  raw: unknown,
  param: string,
  context: ValidationContext,
): boolean | undefined {
  if (raw === undefined) return undefined;
  if (raw === 'true' || raw === true) return true;
  if (raw === 'false' || raw === false) return false;
  context.issues.add('INVALID_PAGINATION', param, `${param} must be true or false, got ${describe(raw)}.`);
  return undefined;
}

/** The value as its text reads (a typed number as the query string would carry it: `"-2"`). */
function describe(raw: unknown): string {
  if (Array.isArray(raw)) return 'several values';
  if (raw === null || typeof raw === 'object') return 'an object';
  // A page number or flag is short: 20 characters show what went wrong.
  return describeValue(textOf(raw), 20);
}
