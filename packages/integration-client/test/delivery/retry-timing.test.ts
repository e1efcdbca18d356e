import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_DELAYS_MS, parseRetryAfter, retryDelay } from '../../src/delivery/retry-timing.js';
import { InvalidOptionsError } from '../../src/errors/errors.js';

const now = Date.UTC(2025, 9, 21, 7, 28, 0); // Tue, 21 Oct 2025 07:28:00 GMT

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    ['0', 0],
    ['  30 ', 30_000],
    ['Tue, 21 Oct 2025 07:28:30 GMT', 30_000],
    ['Tuesday, 21-Oct-25 07:29:00 GMT', 60_000],
    ['Tue Oct 21 07:28:05 2025', 5_000],
    ['Tue Oct  1 07:28:05 2025', 0], // in the past
    ['Tue, 21 Oct 2025 07:27:00 GMT', 0],
  ])('%j -> %j ms', (header, ms) => {
    expect(parseRetryAfter(header, now)).toBe(ms);
  });

  it.each([
    undefined,
    null,
    '',
    'soon',
    '-5',
    '1.5',
    '12abc',
    'Tue, 31 Feb 2025 07:28:30 GMT',
    '2025-10-21T07:28:30Z',
  ])('%j -> undefined', (header) => {
    expect(parseRetryAfter(header, now)).toBeUndefined();
  });

  it('takes the first of repeated headers and a Date for now', () => {
    expect(parseRetryAfter(['10', '20'], new Date(now))).toBe(10_000);
  });
});

describe('retryDelay', () => {
  it('follows the default schedule: ten attempts over about a day', () => {
    const delays = DEFAULT_RETRY_DELAYS_MS.map((_, i) => retryDelay(i + 1, { jitter: 0 }));
    expect(delays).toEqual([...DEFAULT_RETRY_DELAYS_MS]);
    expect(retryDelay(DEFAULT_RETRY_DELAYS_MS.length + 1)).toBeUndefined();
    const total = DEFAULT_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeGreaterThan(20);
    expect(total / 3_600_000).toBeLessThan(28);
  });

  it('spreads a delay by ± jitter', () => {
    expect(retryDelay(1, { jitter: 0.2, random: () => 0 })).toBe(8_000);
    expect(retryDelay(1, { jitter: 0.2, random: () => 0.5 })).toBe(10_000);
    expect(retryDelay(1, { jitter: 0.2, random: () => 0.999_999 })).toBe(12_000);
  });

  it('uses a custom schedule', () => {
    const schedule = [200, 400, 800];
    expect([1, 2, 3, 4].map((n) => retryDelay(n, { schedule, jitter: 0 }))).toEqual([
      200,
      400,
      800,
      undefined,
    ]);
    expect(retryDelay(1, { schedule: [] })).toBeUndefined();
  });

  it('honours Retry-After instead of the schedule, only ever lengthened by jitter, and clamped', () => {
    expect(retryDelay(1, { retryAfterMs: 120_000, jitter: 0 })).toBe(120_000);
    expect(retryDelay(5, { retryAfterMs: 1_000, jitter: 0 })).toBe(1_000);
    expect(retryDelay(1, { retryAfterMs: 100_000, jitter: 0.2, random: () => 0 })).toBe(100_000);
    expect(retryDelay(1, { retryAfterMs: 100_000, jitter: 0.2, random: () => 0.5 })).toBe(110_000);
    expect(retryDelay(1, { retryAfterMs: 7 * 86_400_000, jitter: 0.2, random: () => 0.9 })).toBe(86_400_000);
    expect(retryDelay(1, { retryAfterMs: 60_000, maxRetryAfterMs: 5_000, jitter: 0 })).toBe(5_000);
    expect(retryDelay(1, { retryAfterMs: 0, jitter: 0.2, random: () => 0.9 })).toBe(0);
  });

  it('still gives up when the schedule is used up, whatever Retry-After says', () => {
    expect(retryDelay(10, { retryAfterMs: 1_000 })).toBeUndefined();
  });

  it('refuses invalid arguments, listing all of them', () => {
    expect(() => retryDelay(0)).toThrow(InvalidOptionsError);
    expect(() => retryDelay(1.5)).toThrow(/attempt: must be a positive integer/);
    try {
      retryDelay(1, { schedule: [-1], jitter: 2, maxRetryAfterMs: -1, retryAfterMs: Number.NaN });
      expect.unreachable();
    } catch (error) {
      expect((error as InvalidOptionsError).issues.map((i) => i.param)).toEqual([
        'schedule',
        'jitter',
        'maxRetryAfterMs',
        'retryAfterMs',
      ]);
    }
  });
});
