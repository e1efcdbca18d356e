/**
 * `POST /api/integration/sync/{collection}/resync`: the full state of the matching records again.
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { deliverySuite, expectedPayload, People, waitSynced } from './fixture.js';

const { receiver, api, basics } = await deliverySuite();
const people = new People();
const someone = (name: string) => people.someone(name);

describe('resync', () => {
  it('sends the full state (a PUT with every payload field) of the matching records only', async () => {
    const ids: string[] = [];
    for (const name of ['Uma', 'Vera', 'Wendy']) {
      const user = { ...someone(name), surname: name === 'Wendy' ? 'Otra' : 'Zamora' };
      ids.push((await api.create('students', { school: basics.schoolA, user }))._id);
    }
    for (const id of ids) await waitSynced(api.db, 'students', id);
    const before = receiver.requests.length;
    expect((await api.request('POST', '/api/integration/sync/students/resync?nope=1')).status).toBe(400);
    const reply = await api.request('POST', '/api/integration/sync/students/resync?user.surname=Zamora');
    expect(reply.status).toBe(202);
    expect(reply.body.response).toEqual({ matched: 2, queued: 2, coalesced: 0 });
    for (const id of ids) await waitSynced(api.db, 'students', id);
    const sent = receiver.requests.slice(before);
    expect(sent).toHaveLength(2);
    for (const id of ids.slice(0, 2)) {
      const [put] = sent.filter((r) => r.record === `students/${id}`);
      const record = await api.db.collection('students').findOne({ _id: ObjectId.createFromHexString(id) });
      expect(put!.method).toBe('PUT');
      expect(put!.path).toBe(`/api/integration/students/${receiver.entityOf('students', id)!.externalId}`);
      expect(put!.body).toEqual(await expectedPayload(api.db, 'students', record!));
    }
  });
});
