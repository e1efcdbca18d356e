import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { sendClaimed } from '../../src/sync/send.js';
import { claimSuite } from './fixture.js';

const NOW = new Date('2026-03-01T08:00:00Z');
const t = await claimSuite(NOW);
const { receiver, school, claimGrade } = t;

const deps = () => ({
  db: t.db,
  client: t.client,
  store: t.store,
  leaseUntil: () => new Date(NOW.getTime() + 1000),
});

describe('sendClaimed', () => {
  it('a record without an external id is POSTed under its Idempotency-Key, and the body is pinned for retries', async () => {
    const claim = await claimGrade({ code: 'G1' });
    const sent = await sendClaimed(claim, deps());
    expect(sent).toMatchObject({
      kind: 'sent',
      operation: 'create',
      current: true,
      result: { outcome: 'acknowledged' },
    });
    const [request] = receiver.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/api/integration/grades' });
    expect(request!.headers['idempotency-key']).toBe(`create-grades-${claim.id.toHexString()}`);
    expect(request!.body).toMatchObject({ code: 'G1', name: 'Uno' });
    const stored = await t.db.collection('grades').findOne({ _id: claim.id });
    expect(stored?._sync.create_body).toEqual(request!.body);
  });

  it('a retried create sends the pinned body even when the record changed, and says it is not current', async () => {
    const pinned = {
      code: 'G1',
      name: 'Uno',
      metadata: { school: school.toHexString(), grade: new ObjectId().toHexString() },
    };
    const claim = await claimGrade({ code: 'G1', name: 'Dos' }, { create_body: pinned });
    const sent = await sendClaimed(claim, deps());
    expect(sent).toMatchObject({ kind: 'sent', operation: 'create', body: pinned, current: false });
    expect(receiver.requests[0]!.body).toEqual(pinned);
  });

  it('a pinned create body that is no longer a payload is replaced by the current payload, sent and pinned again', async () => {
    // A direct database write dropped the pinned body's metadata: the receiver would refuse it.
    const claim = await claimGrade({ code: 'G1' }, { create_body: { code: 'G1', name: 'Uno' } });
    const payload = {
      code: 'G1',
      name: 'Uno',
      metadata: { school: school.toHexString(), grade: claim.id.toHexString() },
    };
    const sent = await sendClaimed(claim, deps());
    expect(sent).toMatchObject({
      kind: 'sent',
      operation: 'create',
      body: payload,
      current: true,
      result: { outcome: 'acknowledged' },
    });
    expect(receiver.requests.map((request) => request.body)).toEqual([payload]);
    expect(receiver.entityOf('grades', claim.id)?.state).toEqual(payload);
    const stored = await t.db.collection('grades').findOne({ _id: claim.id });
    expect(stored?._sync.create_body).toEqual(payload);
  });

  it('a pinned body equal to the payload in another key order is current', async () => {
    const first = await claimGrade({ code: 'G1' });
    const id = first.id.toHexString();
    const reordered = { metadata: { grade: id, school: school.toHexString() }, name: 'Uno', code: 'G1' };
    await t.db
      .collection('grades')
      .updateOne({ _id: first.id }, { $set: { '_sync.create_body': reordered } });
    const claim = await t.store.claim(
      'grades',
      'L2',
      new Date(NOW.getTime() + 5000),
      new Date(NOW.getTime() + 9000),
    );
    expect(await sendClaimed(claim!, deps())).toMatchObject({ kind: 'sent', current: true });
  });

  it('a record with an external id is PUT with only what changed since the acknowledged payload', async () => {
    const claim = await claimGrade(
      { code: 'G1', name: 'Dos' },
      { external_id: 'ext-9', acked: { code: 'G1', name: 'Uno' } },
    );
    const sent = await sendClaimed(claim, deps());
    expect(sent).toMatchObject({ kind: 'sent', operation: 'update', externalId: 'ext-9' });
    expect(receiver.requests[0]).toMatchObject({ method: 'PUT', path: '/api/integration/grades/ext-9' });
    expect(receiver.requests[0]!.body).toMatchObject({ name: 'Dos' });
    expect(receiver.requests[0]!.body).not.toHaveProperty('code');
  });

  it('a re-emitted record is PUT with its full state', async () => {
    const claim = await claimGrade(
      { code: 'G1' },
      { external_id: 'ext-9', acked: { code: 'G1', name: 'Uno' }, resend_full: true },
    );
    await sendClaimed(claim, deps());
    expect(receiver.requests[0]!.body).toMatchObject({
      code: 'G1',
      name: 'Uno',
      metadata: { school: school.toHexString() },
    });
  });

  it('no change to the payload sends nothing', async () => {
    const probe = await sendClaimed(await claimGrade({ code: 'G1' }), deps());
    if (probe.kind !== 'sent') throw new Error('the probe was not sent');
    receiver.requests.length = 0;
    const claim = await claimGrade({ code: 'G1' }, { external_id: 'ext-1', acked: probe.body });
    // The acknowledged payload of another record differs only in its own ids: make it this one's.
    const own = {
      ...probe.body,
      metadata: { school: school.toHexString(), grade: claim.id.toHexString() },
    };
    const same = { ...claim, sync: { ...claim.sync, acked: own } };
    expect(await sendClaimed(same, deps())).toEqual({ kind: 'unchanged', externalId: 'ext-1', payload: own });
    expect(receiver.requests).toEqual([]);
  });

  it('a worker whose lease another worker took meanwhile sends nothing, create or update', async () => {
    for (const sync of [{}, { external_id: 'ext-1', acked: { name: 'Cero' } }]) {
      const claim = await claimGrade({ code: 'G1' }, sync);
      await t.db.collection('grades').updateOne({ _id: claim.id }, { $set: { '_sync.lease': 'other' } });
      expect(await sendClaimed(claim, deps())).toEqual({ kind: 'lease-lost' });
    }
    expect(receiver.requests).toEqual([]);
  });

  it('the lease is renewed right before the request', async () => {
    const claim = await claimGrade({ code: 'G1' });
    await sendClaimed(claim, { ...deps(), leaseUntil: () => new Date(NOW.getTime() + 60_000) });
    const stored = await t.db.collection('grades').findOne({ _id: claim.id });
    expect(stored?._sync).toMatchObject({ lease: 'L', lease_until: new Date(NOW.getTime() + 60_000) });
  });

  it('a record that cannot become a payload is reported, not sent', async () => {
    const claim = await claimGrade({ name: undefined });
    expect(await sendClaimed(claim, deps())).toMatchObject({ kind: 'unbuildable', operation: 'create' });
    expect(receiver.requests).toEqual([]);
  });
});
