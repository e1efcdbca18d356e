import { describe, expect, it } from 'vitest';
import { findFilterFor, issuesFor } from '../support/helpers.js';

/** The `find` filter of `created_at=<value>` on students (a date-time field). */
const dateFilter = (value: string) => findFilterFor(`created_at=${encodeURIComponent(value)}`);
const refusal = (value: string) =>
  issuesFor(`created_at=${encodeURIComponent(value)}`).map(({ code, param }) => [code, param]);

describe('the 29th of February in a query string', () => {
  it.each(['2000-02-29', '2000-02-29T12:00:00Z', '2024-02-29', '2400-02-29'])(
    '%s exists (a leap year: divisible by 4, and a century year only when divisible by 400)',
    (value) => {
      expect(dateFilter(value)).toEqual({
        created_at: new Date(`${value.slice(0, 10)}T${value.slice(11, 19) || '00:00:00'}Z`),
      });
    },
  );

  it.each(['1900-02-29', '2100-02-29', '2100-02-29T12:00:00Z', '2023-02-29'])(
    '%s does not exist and is refused',
    (value) => {
      expect(refusal(value)).toEqual([['INVALID_VALUE', 'created_at']]);
    },
  );
});

describe('a zone offset in a query string', () => {
  it('reads +02:00 as two hours ahead of UTC', () => {
    expect(dateFilter('2025-03-01T10:00:00+02:00')).toEqual({ created_at: new Date('2025-03-01T08:00:00Z') });
  });

  it('reads -05:30 as five and a half hours behind UTC', () => {
    expect(dateFilter('2025-03-01T10:00:00-05:30')).toEqual({ created_at: new Date('2025-03-01T15:30:00Z') });
  });

  it('reads an offset written without its colon', () => {
    expect(dateFilter('2025-03-01T10:00:00+0130')).toEqual({ created_at: new Date('2025-03-01T08:30:00Z') });
  });

  it('refuses an offset past 23:59', () => {
    expect(refusal('2025-03-01T10:00:00+24:00')).toEqual([['INVALID_VALUE', 'created_at']]);
    expect(refusal('2025-03-01T10:00:00+02:60')).toEqual([['INVALID_VALUE', 'created_at']]);
  });
});
