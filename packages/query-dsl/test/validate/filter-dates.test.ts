/**
 * Dates in filters: the `Date` a query string's ISO 8601 value becomes in the MongoDB filter, and
 * the refusal of a day, time or zone that does not exist (JavaScript's `Date` would roll
 * 2025-04-31 over to May 1 and read years 0–99 as 1900–1999; neither happens here).
 */
import { describe, expect, it } from 'vitest';
import { findFilterFor, issuesFor } from '../support/helpers.js';

/** The `Date` `created_at=<value>` filters students on. */
const dateOf = (value: string) => findFilterFor(`created_at=${encodeURIComponent(value)}`).created_at;
const refusalOf = (value: string) =>
  issuesFor(`created_at=${encodeURIComponent(value)}`).map(({ code, param }) => [code, param]);

describe('a day', () => {
  it.each([
    ['2025-01-31', '2025-01-31T00:00:00.000Z'],
    ['2025-12-01', '2025-12-01T00:00:00.000Z'],
    ['2025-04-30', '2025-04-30T00:00:00.000Z'],
    ['2025-01-01', '2025-01-01T00:00:00.000Z'],
  ])('%s is midnight UTC of that day', (value, iso) => {
    expect(dateOf(value)).toEqual(new Date(iso));
  });

  it.each([
    '2025/03/01',
    '2025/03-01',
    '2025-03/01',
    '2025-3-01x',
    '25-03-2025',
    '2025-03-0a',
    '2025-0a-01',
    'a025-03-01',
  ])('%s is not an ISO 8601 date and is refused', (value) => {
    expect(refusalOf(value)).toEqual([['INVALID_VALUE', 'created_at']]);
  });

  it('keeps the years 0 to 99 as written, with or without a time', () => {
    const year50 = new Date(Date.UTC(2000, 5, 1));
    year50.setUTCFullYear(50);
    expect(dateOf('0050-06-01')).toEqual(year50);
    expect(dateOf('0050-06-01T00:00:00Z')).toEqual(year50);
    expect((dateOf('0099-12-31') as Date).getUTCFullYear()).toBe(99);
    expect((dateOf('0100-01-01') as Date).toISOString()).toBe('0100-01-01T00:00:00.000Z');
  });

  it('keeps 29 February of the year 0, a leap year whose 1900 is not', () => {
    expect((dateOf('0000-02-29') as Date).toISOString()).toBe('0000-02-29T00:00:00.000Z');
    expect((dateOf('0000-02-29T12:00:00Z') as Date).toISOString()).toBe('0000-02-29T12:00:00.000Z');
  });
});

describe('a time of day', () => {
  it('reads hours, minutes, seconds and a fraction of a second, with or without the T', () => {
    expect(dateOf('2025-03-01T23:59:59Z')).toEqual(new Date('2025-03-01T23:59:59.000Z'));
    expect(dateOf('2025-03-01 08:30')).toEqual(new Date('2025-03-01T08:30:00.000Z'));
    expect(dateOf('2025-12-31T10:00:00.250Z')).toEqual(new Date('2025-12-31T10:00:00.250Z'));
    expect(dateOf('2025-03-01T10:00:00.123456789Z')).toEqual(new Date('2025-03-01T10:00:00.123Z'));
    expect(dateOf('2025-03-01T10:00:00.5')).toEqual(new Date('2025-03-01T10:00:00.500Z'));
  });

  it('reads a time without a zone as UTC', () => {
    expect(dateOf('2025-03-01T10:00:00')).toEqual(new Date('2025-03-01T10:00:00.000Z'));
  });
});

describe('a day or time that does not exist', () => {
  it.each([
    '2025-00-10',
    '2025-13-01',
    '2025-01-00',
    '2025-01-32',
    '2025-04-31',
    '2025-06-31',
    '2025-09-31',
    '2025-11-31',
    '2025-03-01T24:00:00Z',
    '2025-03-01T10:60:00Z',
    '2025-03-01T10:00:60Z',
    '2025-13-01T10:00:00Z',
    '2025-02-30T10:00:00Z',
    '2025-03-00T10:00:00Z',
  ])('%s is refused', (value) => {
    expect(refusalOf(value)).toEqual([['INVALID_VALUE', 'created_at']]);
  });
});

describe('the reason a date is refused', () => {
  const messageOf = (value: string) =>
    issuesFor(`created_at=${encodeURIComponent(value)}`).map(({ message }) => message);

  it.each(['2025-ab-01', '2025-03-cd', '2025-0a-01', '2025-03-0a', '2025-1/-01', '2025-03-1.'])(
    '%s, the length of a day but not its digits, is not in the ISO 8601 form',
    (value) => {
      expect(messageOf(value)).toEqual([
        'Invalid value for created_at: expected an ISO 8601 date such as 2025-03-01 or 2025-03-01T08:00:00Z.',
      ]);
    },
  );

  it('a day that does not exist is named as one', () => {
    expect(messageOf('2025-02-30')).toEqual([
      'Invalid value for created_at: "2025-02-30" is not a real date.',
    ]);
  });
});

describe('a zone offset', () => {
  it('takes the largest offsets, 23 hours and 59 minutes', () => {
    expect(dateOf('2025-03-01T23:59:00+23:59')).toEqual(new Date('2025-03-01T00:00:00.000Z'));
    expect(dateOf('2025-03-01T00:00:00-23:59')).toEqual(new Date('2025-03-01T23:59:00.000Z'));
  });

  it('reads a zero offset as UTC', () => {
    expect(dateOf('2025-03-01T10:00:00+00:00')).toEqual(new Date('2025-03-01T10:00:00.000Z'));
    expect(dateOf('2025-03-01T10:00:00Z')).toEqual(new Date('2025-03-01T10:00:00.000Z'));
  });
});
