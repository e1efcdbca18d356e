import assert from 'node:assert/strict';
import { DEFAULT_RETRY_DELAYS_MS, parseRetryAfter, retryDelay } from '@school/integration-client';

// Ten attempts over about a day: 10 s, 1 min, 5 min, 30 min, 1 h, 2 h, 4 h, 6 h, 10 h between them.
assert.equal(DEFAULT_RETRY_DELAYS_MS.length + 1, 10);
assert.equal(retryDelay(1, { jitter: 0 }), 10_000); // after the first failed attempt
assert.equal(retryDelay(10), undefined); // ten attempts made: give up, send the failure notice

// ±20 % jitter by default; `random` makes it deterministic.
assert.equal(retryDelay(2, { random: () => 0 }), 48_000);

// Retry-After, in seconds or as an HTTP date, replaces the scheduled delay (clamped to 24 h).
const now = Date.UTC(2025, 9, 21, 7, 28, 0);
assert.equal(parseRetryAfter('120', now), 120_000);
assert.equal(parseRetryAfter('Tue, 21 Oct 2025 07:29:30 GMT', now), 90_000);
assert.equal(retryDelay(1, { retryAfterMs: 90_000, jitter: 0 }), 90_000);
assert.equal(retryDelay(1, { retryAfterMs: 7 * 86_400_000, jitter: 0 }), 86_400_000);

// A custom schedule, as INTEGRATION_RETRY_DELAYS_MS=200,400,800 gives: four attempts.
assert.deepEqual(
  [1, 2, 3, 4].map((attempt) => retryDelay(attempt, { schedule: [200, 400, 800], jitter: 0 })),
  [200, 400, 800, undefined],
);
