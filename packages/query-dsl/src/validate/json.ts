import { ObjectId } from 'bson';
import type { IssueCode } from '../core/errors.js';
import type { IssueList } from '../core/issue-list.js';
import type { QueryLimits } from '../core/limits.js';
import { prototypeKeyIn, reportPrototypeKey } from '../parse/prototype-keys.js';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Parses a JSON parameter; a syntax error is `INVALID_JSON`, nesting past the limit `QUERY_TOO_COMPLEX`. */
export function readJson(
  text: string,
  param: string,
  limits: QueryLimits,
  issues: IssueList,
): { value: JsonValue } | undefined {
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'not JSON';
    issues.add('INVALID_JSON', param, `${param} is not valid JSON (${reason}).`);
    return undefined;
  }
  return checkedJson(value, param, limits, issues, text) ? { value } : undefined;
}

/**
 * The checks a JSON parameter gets once it is a value, whether parsed from text or handed over
 * typed (`dsl.find`): nesting within `maxDepth` (`QUERY_TOO_COMPLEX`), and no prototype key
 * (`UNKNOWN_FIELD`). `text`, when the value was parsed from it, lets most values skip both walks.
 */
export function checkedJson(
  value: unknown,
  param: string,
  limits: QueryLimits,
  issues: IssueList,
  text?: string,
): boolean {
  const { maxDepth } = limits;
  if (!(text !== undefined && openings(text, maxDepth) <= maxDepth) && depthOf(value, maxDepth) > maxDepth) {
    issues.add('QUERY_TOO_COMPLEX', param, `${param} is nested deeper than ${maxDepth} levels.`);
    return false;
  }
  const prototypeKey = prototypeKeyIn(text, value);
  if (prototypeKey !== undefined) {
    reportPrototypeKey(`${param}.${prototypeKey}`, issues);
    return false;
  }
  return true;
}

/**
 * How many `{` and `[` a JSON text holds, counted no further than past `stopAfter`: its nesting is
 * no deeper (those inside strings only add to the count).
 */
function openings(text: string, stopAfter: number): number {
  let count = 0;
  for (let at = text.indexOf('{'); at >= 0 && count <= stopAfter; at = text.indexOf('{', at + 1)) count++;
  for (let at = text.indexOf('['); at >= 0 && count <= stopAfter; at = text.indexOf('[', at + 1)) count++;
  return count;
}

/**
 * Whether a JSON text may hold a `$`-key: it spells a `$`, or an escape that could stand for one.
 * Text without either needs no walk for operators.
 */
export function mayHoldOperators(text: string): boolean {
  return text.includes('$') || text.includes('\\');
}

/** A date or an identifier: one value, as its text form in JSON would be (never walked into). */
export function isScalarObject(value: object): boolean {
  return value instanceof Date || value instanceof ObjectId;
}

/** Depth of a JSON value (a scalar is 0), counting no further than `stopAfter + 1`. */
export function depthOf(value: unknown, stopAfter: number): number {
  if (value === null || typeof value !== 'object' || isScalarObject(value)) return 0;
  // Past the stop, an object is deeper than asked about: enough to know (and a cycle, possible in a
  // typed description, ends here).
  if (stopAfter < 0) return 1;
  let deepest = 0;
  const children: readonly unknown[] = Array.isArray(value) ? value : Object.values(value);
  for (const child of children) {
    if (child === null || typeof child !== 'object' || isScalarObject(child)) continue;
    const depth = depthOf(child, stopAfter - 1);
    if (depth > deepest) deepest = depth;
    if (deepest > stopAfter) break;
  }
  return deepest + 1;
}

/** An object of keys: not a list, and not a date or an identifier (one value each, in a typed description). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !isScalarObject(value);
}

/** How much of a refused value a message shows: it never echoes an unbounded input back. */
const SHOWN_LENGTH = 40;

/**
 * A short, safe rendering of any user value for a message (never throws, whatever the value): text
 * quoted, cut to `shown` characters (40 unless a message asks for fewer) before quoting so an escape
 * sequence is never split; any other value as JSON, cut after.
 */
export function describeValue(value: unknown, shown = SHOWN_LENGTH): string {
  if (typeof value === 'string') return JSON.stringify(cut(value, shown));
  let text: string;
  try {
    // A value with no JSON form (a function, `undefined`) is named by its kind.
    text = JSON.stringify(value) ?? typeof value;
  } catch {
    // A bigint or a cycle, possible in a typed description: named by its kind too.
    text = typeof value;
  }
  return cut(text, shown);
}

function cut(text: string, shown: number): string {
  return text.length > shown ? `${text.slice(0, shown)}…` : text;
}

/**
 * A value that is not text (a typed description's number, `true`, a bigint) as the query string
 * would carry it: `-2`, `true`. Never throws, whatever the value.
 */
export function textOf(value: unknown): string {
  try {
    return String(value);
  } catch {
    // A function or object whose `toString` throws: named by its kind.
    return typeof value;
  }
}

const JSON_OBJECT_START = /^[ \t\n\r]*\{/u;

/**
 * A parameter that is an object: from a query string written as JSON text or as bracket keys
 * (`p[a]=1`), from a typed description an object (checked as JSON is, see `checkedJson`). The
 * object, or `undefined` with an issue (`INVALID_JSON` for broken JSON, `code` with `hint` for any
 * other shape).
 */
export function readObjectParam(
  raw: unknown,
  param: string,
  context: { readonly issues: IssueList; readonly limits: QueryLimits },
  code: IssueCode,
  hint: string,
  fromText: boolean,
): Record<string, unknown> | undefined {
  // A query string's bracket keys are within the depth limit and free of prototype keys once read.
  if (isPlainObject(raw))
    return fromText || checkedJson(raw, param, context.limits, context.issues) ? raw : undefined;
  // JSON's own white space only (space, tab, CR, LF): text that opens with `\v` or a no-break
  // space is not JSON, and is answered with the hint rather than a parse error.
  if (fromText && typeof raw === 'string' && JSON_OBJECT_START.test(raw)) {
    const parsed = readJson(raw, param, context.limits, context.issues);
    if (!parsed) return undefined;
    if (isPlainObject(parsed.value)) return parsed.value;
  }
  context.issues.add(code, param, hint);
  return undefined;
}
