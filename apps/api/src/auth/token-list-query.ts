/**
 * The query of `GET /api/tokens`: paging as the collections page (`__page`, `__per_page`,
 * `__include_totals`) and three filters (`active`, `name`, `school`), declared as OpenAPI
 * parameters (which also decide the keys the route accepts, plugins/query-keys.ts) and read here
 * with the host's error codes: `INVALID_PAGINATION` for the paging keys, `INVALID_VALUE` for a
 * filter's value, `UNKNOWN_FIELD` for any other key.
 */
import { maxPage } from '@school/query-dsl';
import { ObjectId } from 'bson';
import { TEXT_LIMITS } from '../config/limits.js';
import { OBJECT_ID_TEXT } from '../config/patterns.js';
import { type ErrorEntry, HttpError } from '../errors/http-error.js';
import type { Parameter } from '../openapi/query-parameters.js';
import { objectIdString } from '../openapi/schemas.js';

/** Tokens per page of `GET /api/tokens`: 20 unless asked, at most 100. */
export const TOKEN_PAGINATION = { defaultPerPage: 20, maxPerPage: 100 } as const;
const LAST_PAGE = maxPage(TOKEN_PAGINATION);

/** What a token list asks for. */
export interface TokenListQuery {
  readonly skip: number;
  readonly perPage: number;
  readonly includeTotals: boolean;
  readonly filter: TokenFilter;
}

/** The filters: each present one must hold. */
export interface TokenFilter {
  readonly active?: boolean;
  readonly name?: string;
  /** A school the token's list names, or `*` for the tokens of every school. */
  readonly school?: ObjectId | '*';
}

const param = (name: string, description: string, schema: Parameter['schema']): Parameter => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

/** The query parameters of `GET /api/tokens`, as the OpenAPI document lists them. */
export const TOKEN_LIST_PARAMETERS: readonly Parameter[] = [
  param('active', '`true`: the tokens in force (an expired one included); `false`: the revoked ones.', {
    type: 'boolean',
  }),
  param('name', 'The tokens of exactly this name.', {
    type: 'string',
    minLength: 1,
    maxLength: TEXT_LIMITS.name,
  }),
  param(
    'school',
    'The tokens whose schools name this school (a 24-hex id); `*` for the tokens of every school.',
    { anyOf: [{ ...objectIdString, format: 'objectid' }, { const: '*' }] },
  ),
  param('__page', `The page, from 1 (the default) to ${LAST_PAGE}.`, {
    type: 'integer',
    minimum: 1,
    maximum: LAST_PAGE,
  }),
  param(
    '__per_page',
    `Tokens per page, 1 to ${TOKEN_PAGINATION.maxPerPage} (default ${TOKEN_PAGINATION.defaultPerPage}).`,
    { type: 'integer', minimum: 1, maximum: TOKEN_PAGINATION.maxPerPage },
  ),
  param(
    '__include_totals',
    '`true` answers `{results, total, actual_total, active, inactive}` instead of the bare array of tokens (default `false`).',
    { type: 'boolean' },
  ),
];

const NAMES = new Set(TOKEN_LIST_PARAMETERS.map((parameter) => parameter.name));

/** Reads the raw query string; every problem is reported at once (400). */
export function readTokenListQuery(query: string): TokenListQuery {
  const params = new URLSearchParams(query);
  const problems: ErrorEntry[] = [];
  for (const key of new Set(params.keys())) {
    if (!NAMES.has(key)) {
      problems.push({
        code: 'UNKNOWN_FIELD',
        param: key,
        message: `${shown(key)} is not a parameter of GET /api/tokens; it takes ${[...NAMES].join(', ')}.`,
      });
    } else if (params.getAll(key).length > 1) {
      problems.push({
        code: key.startsWith('__') ? 'INVALID_PAGINATION' : 'INVALID_VALUE',
        param: key,
        message: `Give ${key} once.`,
      });
    }
  }
  const one = (key: string) => (params.getAll(key).length === 1 ? (params.get(key) ?? undefined) : undefined);
  const perPage = count(
    one('__per_page'),
    '__per_page',
    TOKEN_PAGINATION.defaultPerPage,
    TOKEN_PAGINATION.maxPerPage,
    problems,
  );
  const page = count(one('__page'), '__page', 1, LAST_PAGE, problems);
  const includeTotals = flag(one('__include_totals'), '__include_totals', 'INVALID_PAGINATION', problems);
  const active = flag(one('active'), 'active', 'INVALID_VALUE', problems);
  const name = nameOf(one('name'), problems);
  const school = schoolOf(one('school'), problems);
  const filter: TokenFilter = {
    ...(active === undefined ? {} : { active }),
    ...(name === undefined ? {} : { name }),
    ...(school === undefined ? {} : { school }),
  };
  if (problems.length > 0) throw new HttpError(problems);
  return { skip: (page - 1) * perPage, perPage, includeTotals: includeTotals === true, filter };
}

function count(
  raw: string | undefined,
  key: string,
  fallback: number,
  max: number,
  problems: ErrorEntry[],
): number {
  if (raw === undefined) return fallback;
  const value = /^\+?\d+$/u.test(raw.trim()) ? Number(raw.trim()) : 0;
  if (value >= 1 && value <= max) return value;
  problems.push({
    code: 'INVALID_PAGINATION',
    param: key,
    message:
      value > max && key === '__page'
        ? `__page is too large: the last page is ${max}, got ${shown(raw)}.`
        : `${key} must be an integer from 1 to ${max}, got ${shown(raw)}.`,
  });
  return fallback;
}

function flag(
  raw: string | undefined,
  key: string,
  code: 'INVALID_PAGINATION' | 'INVALID_VALUE',
  problems: ErrorEntry[],
): boolean | undefined {
  if (raw === undefined || raw === 'true' || raw === 'false')
    return raw === undefined ? undefined : raw === 'true';
  problems.push({ code, param: key, message: `${key} must be true or false, got ${shown(raw)}.` });
  return undefined;
}

function nameOf(raw: string | undefined, problems: ErrorEntry[]): string | undefined {
  if (raw === undefined || (raw.length >= 1 && raw.length <= TEXT_LIMITS.name)) return raw;
  problems.push({
    code: 'INVALID_VALUE',
    param: 'name',
    message: `name must be 1 to ${TEXT_LIMITS.name} characters, got ${raw.length}.`,
  });
  return undefined;
}

function schoolOf(raw: string | undefined, problems: ErrorEntry[]): ObjectId | '*' | undefined {
  if (raw === undefined || raw === '*') return raw;
  if (OBJECT_ID_TEXT.test(raw)) return ObjectId.createFromHexString(raw);
  problems.push({
    code: 'INVALID_VALUE',
    param: 'school',
    message: `school must be a 24-hex school id or *, got ${shown(raw)}.`,
  });
  return undefined;
}

/** A value as a message quotes it: at most 20 characters. */
function shown(value: string): string {
  return JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value);
}
