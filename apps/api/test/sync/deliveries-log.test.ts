/**
 * What operators see of the sync: `GET /api/integration/deliveries` (filters, pages, sorting, no
 * personal data) and what the requests carry without a signing secret or token.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Json, People, syncSuite, waitState, waitSynced } from './fixture.js';

const { receiver, api, basics } = await syncSuite();
const people = new People();

beforeAll(async () => {
  // A student answered 500 once (retryable, then acknowledged), a student whose create reply has
  // no id (permanent), a grade whose update is refused (permanent), and a grade that just syncs.
  const retried = people.someone('Olga');
  const refused = people.someone('Rita');
  let fails = 1;
  receiver.script = (request) => {
    if (request.method === 'POST' && request.body?.surname === retried.surname && fails-- > 0)
      return { status: 500, body: { status: 'error' } };
    if (request.method === 'POST' && request.body?.surname === refused.surname)
      return { status: 200, body: { status: 'success', data: {} } };
    if (request.method === 'PUT' && request.body?.code === 'taken')
      return { status: 422, body: { status: 'error' } };
    return undefined;
  };
  const a = await api.create('students', { school: basics.schoolA, user: retried });
  const b = await api.create('students', { school: basics.schoolA, user: refused });
  const c = await api.create('grades', { school: basics.schoolA, name: 'Quinto', code: '5' });
  const d = await api.create('grades', { school: basics.schoolA, name: 'Sexto' });
  await api.create('parents', { school: basics.schoolA, user: people.someone('Paz') });
  await waitSynced(api.db, 'students', a._id);
  await waitState(api, 'students', b._id, 'failed');
  await waitSynced(api.db, 'grades', c._id);
  await waitSynced(api.db, 'grades', d._id);
  await api.update('grades', c._id, { code: 'taken' });
  await waitState(api, 'grades', c._id, 'failed');
});

describe('what operators see', () => {
  it('GET /api/integration/deliveries filters by outcome and collection, pages and sorts, and holds no personal data', async () => {
    const permanent = await api.request(
      'GET',
      '/api/integration/deliveries?outcome=permanent&__per_page=100',
    );
    expect(permanent.status).toBe(200);
    expect(permanent.body.response.length).toBeGreaterThanOrEqual(2);
    expect(new Set(permanent.body.response.map((d: Json) => d.outcome))).toEqual(new Set(['permanent']));

    const grades = await api.request('GET', '/api/integration/deliveries?collection=grades&__per_page=100');
    expect(grades.body.response.length).toBeGreaterThanOrEqual(3);
    expect(new Set(grades.body.response.map((d: Json) => d.collection))).toEqual(new Set(['grades']));

    const both = await api.request(
      'GET',
      '/api/integration/deliveries?collection=students&outcome=retryable&__include_totals=true',
    );
    expect(both.body.response.total).toBeGreaterThanOrEqual(1);
    for (const d of both.body.response.results)
      expect([d.collection, d.outcome]).toEqual(['students', 'retryable']);

    const page = await api.request('GET', '/api/integration/deliveries?__per_page=2&__page=2&__sort[at]=asc');
    expect(page.body.response).toHaveLength(2);
    const newest = await api.request('GET', '/api/integration/deliveries?__per_page=5');
    const times = newest.body.response.map((d: Json) => Date.parse(d.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Only a `__sort` parameter turns the default order off, not a value that mentions the word.
    const mentioned = await api.request('GET', '/api/integration/deliveries?__per_page=5&method[$ne]=__sort');
    expect(mentioned.body.response.map((d: Json) => d._id)).toEqual(
      newest.body.response.map((d: Json) => d._id),
    );
    const bracketed = await api.request('GET', '/api/integration/deliveries?__per_page=5&__sort%5Bat%5D=asc');
    const ascending = bracketed.body.response.map((d: Json) => Date.parse(d.at));
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    expect((await api.request('GET', '/api/integration/deliveries?outcome=nope')).status).toBe(400);
    expect((await api.request('GET', '/api/integration/deliveries?email=x')).status).toBe(400);

    const all = await api.request('GET', '/api/integration/deliveries?__per_page=500');
    const text = JSON.stringify(all.body.response);
    // Paths at the external system, never its address (INTEGRATION_BASE_URL is the operator's).
    expect(text).not.toContain(receiver.url);
    expect(text).not.toContain('127.0.0.1');
    for (const d of all.body.response) expect(d.url).toMatch(/^\/api\//u);
    expect(people.personal.length).toBeGreaterThan(10);
    for (const value of people.personal) expect(text).not.toContain(value);
    expect(Object.keys(all.body.response[0]).sort()).toEqual(
      [
        '_id',
        'at',
        'attempt',
        'collection',
        'duration_ms',
        'error_class',
        'error_code',
        'method',
        'operation',
        'outcome',
        'record',
        'school',
        'status',
        'url',
        'worker',
      ].sort(),
    );
  });

  it('requests without INTEGRATION_SIGNING_SECRET carry no signature (webhook-signature) and no Authorization header without INTEGRATION_TOKEN', () => {
    for (const request of receiver.requests) {
      expect(request.headers['webhook-signature']).toBeUndefined();
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers['content-type']).toBe('application/json');
    }
  });
});
