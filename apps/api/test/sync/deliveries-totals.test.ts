/**
 * Issue 10.4: `__include_totals` splits `active`/`inactive` only on a collection that has an
 * `active` flag. Delivery records have none, so their totals are `{ results, total, actual_total }`
 * — an `active` count that always equals `total` would say nothing.
 * The delivery log is not one of the record collections `t.find` serves, so its requests stay
 * strings; the students' one is built.
 */
import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../src/collections/students.js';
import { DELIVERIES } from '../../src/sync/deliveries.js';
import { build, expectOk, type TestApp } from '../support/helper.js';

let t: TestApp;

/** One delivery attempt as the worker logs it (ids, status, timing; no personal data). */
const delivery = (school: string, outcome: string, minute: number) => ({
  _id: new ObjectId(),
  school: new ObjectId(school),
  collection: 'students',
  record: new ObjectId(),
  operation: 'create',
  method: 'POST',
  url: 'https://external.example/students',
  status: outcome === 'acknowledged' ? 201 : 500,
  outcome,
  error_class: outcome === 'acknowledged' ? null : 'http_5xx',
  error_code: null,
  duration_ms: 12,
  attempt: 1,
  worker: 'w1',
  at: new Date(Date.UTC(2025, 0, 1, 8, minute)),
});

beforeAll(async () => {
  t = await build();
  await t.db
    .collection(DELIVERIES)
    .insertMany([
      delivery(t.schools.A, 'acknowledged', 1),
      delivery(t.schools.A, 'retryable', 2),
      delivery(t.schools.A, 'retryable', 3),
      delivery(t.schools.B, 'acknowledged', 4),
    ]);
});

describe('delivery totals', () => {
  it('answer results, total and actual_total, without an active split the records cannot have', async () => {
    const response = expectOk(
      await t.get('/api/integration/deliveries?__include_totals=true&outcome=retryable'),
    );
    expect(Object.keys(response).sort()).toEqual(['actual_total', 'results', 'total']);
    expect(response).toMatchObject({ total: 2, actual_total: 4 });
    expect(response.results.map((d: { outcome: string }) => d.outcome)).toEqual(['retryable', 'retryable']);
  });

  it('count only the caller’s schools', async () => {
    const response = expectOk(
      await t.get('/api/integration/deliveries?__include_totals=true&outcome=acknowledged', {
        token: 'schoolA',
      }),
    );
    expect(response).toMatchObject({ total: 1, actual_total: 3 });
    expect(Object.keys(response).sort()).toEqual(['actual_total', 'results', 'total']);
  });

  it('still split active and inactive on a collection whose records have the flag', async () => {
    await t.seed();
    const response = expectOk(await t.find(students, { includeTotals: true }, { token: 'schoolA' }));
    expect(response).toMatchObject({ total: 3, actual_total: 3, active: 2, inactive: 1 });
  });
});
