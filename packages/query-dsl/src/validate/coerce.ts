import { ObjectId } from 'bson';
import type { FilterValue } from '../plan/types.js';
import { type FieldInfo, holdsText } from '../schema/fields.js';
import { OBJECT_ID_PATTERN } from '../schema/json-schema.js';
import { describeValue } from './json.js';

export type Coerced =
  | { readonly ok: true; readonly value: FilterValue }
  | { readonly ok: false; readonly reason: string; readonly code?: 'INVALID_JSON' };

const HEX_ID = new RegExp(OBJECT_ID_PATTERN, 'u');
const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/u;
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/u;

/**
 * Coerces a raw query-string value by the field's schema type, never by guessing:
 * `"..."` is a JSON string; bare `null` is null; on string fields any other bare value stays a
 * string (so `0912345678` keeps its leading zero), and so does a value that opens a quote but is
 * not a JSON string (`"Ana`); elsewhere bare `true`/`false`/numbers are literals.
 */
export function coerceRaw(field: FieldInfo, raw: string): Coerced {
  if (raw.startsWith('"')) {
    if (isSimpleJsonString(raw)) return coerceJson(field, raw.slice(1, -1));
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      if (holdsText(field)) return { ok: true, value: raw };
      return {
        ok: false,
        code: 'INVALID_JSON',
        reason: `${describeValue(raw)} starts with a double quote but is not a valid JSON string`,
      };
    }
    // JSON text that opens with a double quote and parses is a string.
    return coerceJson(field, parsed);
  }
  if (raw === 'null') return { ok: true, value: null };
  // Any other bare value reads as the JSON string of its text would: text on a text field, a
  // number, `true`/`false`, a date or an identifier where the field holds one.
  return coerceJson(field, raw);
}

/**
 * Coerces a value of a typed description (`dsl.find`) given where the query string carries one bare
 * value (`path=value`, `path[$gt]=value`), with the bare value's meaning: text as a JSON string would
 * be; a number, `true`/`false`, a date or an identifier as its text form would be. A value that is
 * already right for its field (a finite number for a number, a `Date` for a date, an `ObjectId` for
 * an identifier) is taken as it is, which is what reading its text form would give, only faster.
 */
export function coerceValue(field: FieldInfo, value: unknown): Coerced {
  switch (typeof value) {
    case 'string':
    case 'object':
      return coerceJson(field, value);
    case 'number':
      if (!Number.isFinite(value)) return fail(`${value} is not a finite number`);
      return isNumberField(field) ? checkNumber(field, value) : coerceRaw(field, String(value));
    case 'boolean':
      return field.type === 'boolean' ? { ok: true, value } : coerceRaw(field, String(value));
    case 'bigint':
      return coerceRaw(field, String(value));
    default:
      return fail(`${field.path} takes a value, got a ${typeof value}`);
  }
}

const isNumberField = (field: FieldInfo) => field.type === 'number' || field.type === 'integer';

/** Coerces a value that arrived inside JSON (an operator object, `elemMatch`, a `select` `$elemMatch`). */
export function coerceJson(field: FieldInfo, value: unknown): Coerced {
  if (value === null) return { ok: true, value: null };
  // Typed values (`dsl.find`): right for the field, kept; otherwise read as their text form is.
  if (value instanceof Date) return coerceDateValue(field, value);
  if (value instanceof ObjectId) {
    return field.type === 'objectId' ? { ok: true, value } : coerceJson(field, value.toHexString());
  }
  switch (field.type) {
    case 'string':
      return typeof value === 'string'
        ? checkEnum(field, value)
        : fail(`${field.path} holds text: write the value as a JSON string, e.g. "${textHint(value)}"`);
    case 'number':
    case 'integer':
      if (typeof value === 'number') return checkNumber(field, value);
      return typeof value === 'string' ? coerceNumber(field, value) : fail(`${field.path} holds a number`);
    case 'boolean':
      if (typeof value === 'boolean') return { ok: true, value };
      return typeof value === 'string' ? coerceBoolean(value) : fail(`${field.path} holds true or false`);
    case 'objectId':
      return typeof value === 'string' && HEX_ID.test(value)
        ? { ok: true, value: ObjectId.createFromHexString(value) }
        : fail(`${field.path} holds an identifier: a 24-character hexadecimal string`);
    case 'date':
      return typeof value === 'string'
        ? coerceDate(value)
        : fail(`${field.path} holds a date: an ISO 8601 string`);
    case 'object':
      return fail(`${field.path} is a subdocument: filter one of its fields with a dotted path`);
    case 'any':
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? { ok: true, value }
        : fail(`${field.path} takes a string, number or boolean`);
  }
}

/**
 * `"text"` with no escapes, inner quotes or control characters: JSON.parse would return the inside.
 * A shortcut: answering "no" only costs a JSON.parse that reads the text the same, while a wrong
 * "yes" is pinned (`test/validate/filter-values-by-type.test.ts`).
 */
function isSimpleJsonString(raw: string): boolean {
  if (raw.length < 2 || raw.charCodeAt(raw.length - 1) !== 34) return false;
  for (let index = 1; index < raw.length - 1; index++) {
    const code = raw.charCodeAt(index);
    if (code === 34 || code === 92 || code < 32) return false;
  }
  return true;
}

/** A value as the JSON string it should have been: a number as written (`NaN` too), anything else its JSON unquoted. */
function textHint(value: unknown): string {
  return typeof value === 'number' ? String(value) : describeValue(value).replaceAll('"', '');
}

function coerceNumber(field: FieldInfo, raw: string): Coerced {
  if (!NUMBER.test(raw)) return fail(`${field.path} holds a number, got ${describeValue(raw)}`);
  return checkNumber(field, Number(raw));
}

function checkNumber(field: FieldInfo, value: number): Coerced {
  if (!Number.isFinite(value)) return fail(`${field.path} holds a finite number`);
  if (field.type === 'integer' && !Number.isInteger(value)) return fail(`${field.path} holds an integer`);
  // `+ 0` makes -0 0: one value, one form (MongoDB compares them equal; JSON writes both as 0).
  return checkEnum(field, value + 0);
}

function coerceBoolean(raw: string): Coerced {
  if (raw === 'true') return { ok: true, value: true };
  if (raw === 'false') return { ok: true, value: false };
  return fail(`expected true or false, got ${describeValue(raw)}`);
}

function coerceDate(raw: string): Coerced {
  // `YYYY-MM-DD`, the common form, without the regex. Whatever does not take the shortcut gets the
  // same date or the same refusal from the regex below; the shortcut's own refusals are pinned
  // (`test/validate/filter-dates.test.ts`).
  if (raw.length === 10) {
    const year = digits(raw, 0, 4);
    const month = digits(raw, 5, 7);
    const day = digits(raw, 8, 10);
    if (raw.charCodeAt(4) === 45 && raw.charCodeAt(7) === 45 && year >= 0 && month >= 0 && day >= 0) {
      if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
        return fail(`${describeValue(raw)} is not a real date`);
      }
      return { ok: true, value: new Date(utc(year, month - 1, day, 0, 0, 0, 0)) };
    }
  }
  const parts = ISO_DATE.exec(raw);
  if (!parts) return fail(`expected an ISO 8601 date such as 2025-03-01 or 2025-03-01T08:00:00Z`);
  // A date without a time always takes the shortcut, so only the seconds may be missing here.
  const [, y, mo, d, h, mi, sec, fraction, zone] = parts;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = sec === undefined ? 0 : Number(sec);
  // `Date` would roll 2025-02-30 over to March 2: a day or time that does not exist is refused.
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return fail(`${describeValue(raw)} is not a real date`);
  }
  const millis = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  let time = utc(year, month - 1, day, hour, minute, second, millis);
  // Without a zone the time is read as UTC, the same on every server.
  if (zone && zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const offsetHours = Number(zone.slice(1, 3));
    const offsetMinutes = Number(zone.slice(-2));
    // RFC 3339 (time-numoffset = time-hour ":" time-minute): hours 00-23, minutes 00-59. Real
    // zones lie within -12:00..+14:00; anything past 23:59 is a typo, never a 100-hour shift.
    if (offsetHours > 23 || offsetMinutes > 59) {
      return fail(
        `${describeValue(raw)} has the zone offset ${zone}, out of range: offset hours are 00-23 and minutes 00-59`,
      );
    }
    time -= sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  }
  return { ok: true, value: new Date(time) };
}

/**
 * A `Date` object: a date field takes a copy of it (never the caller's object) when its text form
 * (ISO 8601, years 0000–9999) could say it; any other field, or a year past that, reads its text
 * form. An invalid `Date` (its time is NaN) has no text form and is refused.
 */
function coerceDateValue(field: FieldInfo, value: Date): Coerced {
  const time = value.getTime();
  if (Number.isNaN(time)) return fail(`${field.path} takes a valid date, got an invalid Date`);
  const year = value.getUTCFullYear();
  return field.type === 'date' && year >= 0 && year <= 9999
    ? { ok: true, value: new Date(time) }
    : coerceJson(field, value.toISOString());
}

/** `Date.UTC`, but years 0–99 are those years, not 1900–1999. */
function utc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number,
): number {
  // Any leap year stands in while the time is set, so that the day exists when the year is.
  const date = new Date(Date.UTC(2000, 0, 1, hour, minute, second, ms));
  date.setUTCFullYear(year, month, day);
  return date.getTime();
}

/**
 * The decimal number in `text[start, end)`, or -1 if any character is not a digit. Only the
 * `YYYY-MM-DD` shortcut uses it: an answer of -1 or below for digits sends the date to the regex,
 * which reads it the same, so only a non-negative answer for what is not digits changes anything.
 */
function digits(text: string, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index) - 48;
    if (code < 0 || code > 9) return -1;
    value = value * 10 + code;
  }
  return value;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function checkEnum(field: FieldInfo, value: string | number): Coerced {
  if (field.enum && !field.enum.includes(value)) {
    return fail(`${field.path} is one of ${field.enum.map((item) => JSON.stringify(item)).join(', ')}`);
  }
  return { ok: true, value };
}

function fail(reason: string): Coerced {
  return { ok: false, reason };
}
