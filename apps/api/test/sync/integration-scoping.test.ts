/**
 * School scoping of the integration routes: a token limited to a school lists, retries and
 * resyncs only that school's records.
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { deliverySuite, type Json, sharedDatabase, startApp, syncOf, waitSynced } from './fixture.js';

const { api, basics, cleanup } = await deliverySuite();

describe('school scoping of the integration routes', () => {
  it('a token limited to one school lists, retries and resyncs only that school’s records', async () => {
    const { _id: inB } = await api.create('grades', { school: basics.schoolB, name: 'Escuela B' });
    const { _id: inA } = await api.create('grades', { school: basics.schoolA, name: 'Colegio A' });
    await waitSynced(api.db, 'grades', inB);
    await waitSynced(api.db, 'grades', inA);
    const secret = 'school-a-only-token-000001';
    // A second app on the same database, with a token limited to school A; it sends nothing itself.
    const scoped = await startApp({
      database: sharedDatabase(api.db),
      env: {
        API_TOKENS: JSON.stringify([
          { name: 'a', token: secret, scopes: ['read', 'write'], schools: [basics.schoolA] },
        ]),
      },
      sync: { autoStart: false },
    });
    cleanup.push(() => scoped.close());
    const call = async (method: 'GET' | 'POST', url: string) => {
      const reply = await scoped.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${secret}`, type: 'API' },
      });
      return { status: reply.statusCode, body: reply.json() as Json };
    };
    const listed = await call('GET', '/api/integration/deliveries?collection=grades&__per_page=500');
    expect(listed.status).toBe(200);
    const schools = new Set(listed.body.response.map((d: Json) => d.school));
    expect(schools).toEqual(new Set([basics.schoolA]));
    expect(listed.body.response.some((d: Json) => d.record === inA)).toBe(true);
    expect(listed.body.response.some((d: Json) => d.record === inB)).toBe(false);

    expect((await call('POST', `/api/integration/sync/grades/${inB}/retry`)).status).toBe(404);
    expect((await call('POST', `/api/integration/sync/grades/${inA}/retry`)).status).toBe(202);
    const resync = await call('POST', '/api/integration/sync/grades/resync');
    expect(resync.status).toBe(202);
    const inSchoolA = await api.db
      .collection('grades')
      .countDocuments({ school: ObjectId.createFromHexString(basics.schoolA) });
    // The record re-emitted just before is queued already unless the worker sent it meanwhile.
    const { matched, queued, coalesced } = resync.body.response;
    expect({ matched, total: queued + coalesced }).toEqual({ matched: inSchoolA, total: inSchoolA });
    expect((await syncOf(api.db, 'grades', inB)).resend_full).not.toBe(true);
    const sync = await waitSynced(api.db, 'grades', inA);
    expect(sync.resend_full).toBe(false);
  });
});
