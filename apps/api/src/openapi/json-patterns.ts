/**
 * Patterns for the query values written as JSON (a filter's JSON form, a `$in` list, `__sort`),
 * built so that every text a pattern admits is JSON the query reader reads: JSON's own white space
 * (space, tab, CR, LF; never `\v` or `\f`, which `JSON.parse` refuses), and only values of the
 * field's type. They admit less than the reader takes (numbers of at most 15 digits and 6
 * decimals, lists of at most 50 values): the document promises what is always accepted.
 */
import type { FieldInfo } from '@school/query-dsl';
import { OBJECT_ID_PATTERN } from '../config/patterns.js';

// The control characters stand in the patterns as themselves, not as `\t` or `\u0000` escapes:
// every regex engine reads a character as itself, while some generators misread escapes in a class.
const WS = '[ \t\n\r]*';
const CONTROL = '\u0000-\u001F';

/** A JSON string with any content (its escapes included). */
const JSON_STRING = `"(?:[^"\\\\${CONTROL}]|\\\\["\\\\/bfnrt]|\\\\u[0-9a-fA-F]{4})*"`;
const INTEGER = '-?(?:0|[1-9][0-9]{0,14})';
const NUMBER = `${INTEGER}(?:\\.[0-9]{1,6})?`;
/** A real day of any year (29 February left out), and optionally a UTC time. */
const MONTH_DAY =
  '(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)';
const DATE_TEXT = `[0-9]{4}-${MONTH_DAY}(?:T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]Z)?`;

/** Text as a regex that matches exactly it. */
export const literally = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');

/** One JSON value of the field's type, as the JSON form writes it. */
function jsonValue(field: FieldInfo): string {
  if (field.enum) return `(?:${field.enum.map((value) => literally(JSON.stringify(value))).join('|')})`;
  switch (field.type) {
    case 'objectId':
      return `"${OBJECT_ID_PATTERN.slice(1, -1)}"`;
    case 'boolean':
      return '(?:true|false)';
    case 'integer':
      return INTEGER;
    case 'number':
      return NUMBER;
    case 'date':
      return `"${DATE_TEXT}"`;
    case 'any':
      return `(?:${JSON_STRING}|${NUMBER}|true|false)`;
    default:
      return JSON_STRING;
  }
}

/** A JSON list of 1 to 50 values of the field's type (`$in`, `$nin`, the JSON form's list). */
export function jsonList(field: FieldInfo): string {
  const value = jsonValue(field);
  return `\\[${WS}${value}(?:${WS},${WS}${value}){0,49}${WS}\\]`;
}

/** A JSON object of 1 to 9 operators, each with an operand of the field's type. */
export function jsonOperators(field: FieldInfo): string {
  const comparison = `"\\$(?:eq|ne|gt|gte|lt|lte)"${WS}:${WS}(?:${jsonValue(field)}|null)`;
  const list = `"\\$(?:in|nin)"${WS}:${WS}${jsonList(field)}`;
  const exists = `"\\$exists"${WS}:${WS}(?:true|false)`;
  const entry = `(?:${comparison}|${list}|${exists})`;
  return `\\{${WS}${entry}(?:${WS},${WS}${entry}){0,8}${WS}\\}`;
}

/** A JSON object of 1 to 9 keys (given as a regex alternation) with the values of `value`. */
export function jsonObject(keys: readonly string[], value: string): string {
  const entry = `"(?:${keys.map(literally).join('|')})"${WS}:${WS}(?:${value})`;
  return `${WS}\\{${WS}${entry}(?:${WS},${WS}${entry}){0,8}${WS}\\}${WS}`;
}

/** A JSON object of 1 to 9 keys, each key with its own values (a regex alternation). */
export function jsonEntries(entries: ReadonlyArray<readonly [key: string, values: string]>): string {
  const entry = `(?:${entries.map(([key, values]) => `"${literally(key)}"${WS}:${WS}(?:${values})`).join('|')})`;
  return `${WS}\\{${WS}${entry}(?:${WS},${WS}${entry}){0,8}${WS}\\}${WS}`;
}

/** A whole value matching `body`. */
export const whole = (body: string): string => `^(?:${body})$`;
