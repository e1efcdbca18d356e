/**
 * The six sync events (create and update of students, parents and grades) end to end: writes through the HTTP API, the app's own sync worker
 * running, and a real receiver on 127.0.0.1 that records every request and keeps what it is sent.
 */
import { createRequire } from 'node:module';
import { generateSigningSecret } from '@school/integration-client';
import { describe, expect, it } from 'vitest';
import {
  differences,
  INTEGRATION_TOKEN,
  type Json,
  person,
  type Received,
  type Synced,
  syncOf,
  syncSuite,
  waitFor,
  waitSynced,
} from './fixture.js';

// `standardwebhooks` is a dependency of the client package, not of apps/api: load it from there.
const requireFromClient = createRequire(
  new URL('../../../../packages/integration-client/package.json', import.meta.url),
);
const { Webhook } = requireFromClient('standardwebhooks') as {
  Webhook: new (secret: string) => { verify(payload: string, headers: Record<string, string>): unknown };
};

const SECRET = generateSigningSecret();
const { receiver, api, basics } = await syncSuite({
  env: { INTEGRATION_TOKEN, INTEGRATION_SIGNING_SECRET: SECRET },
});

/** Creates a record through the API and waits until its create is acknowledged. */
async function created(collection: Synced, body: object): Promise<{ record: Json; sync: Json }> {
  const record = await api.create(collection, body);
  const sync = await waitSynced(api.db, collection, record._id);
  return { record, sync };
}

/** Updates through the API and waits until the new version is acknowledged. */
async function updated(collection: Synced, id: string, body: object): Promise<Json> {
  const record = await api.update(collection, id, body);
  await waitSynced(api.db, collection, id);
  return record;
}

const only = (requests: readonly Received[], method: string) =>
  requests.filter((request) => request.method === method);

describe('created records are POSTed with their full payload', () => {
  it('a parent created is POSTed to /api/integration/parents and its data.userId is stored', async () => {
    const user = person('Rosa');
    const { record, sync } = await created('parents', { school: basics.schoolA, user });
    const [post, ...rest] = receiver.requestsFor('parents', record._id);
    expect(rest).toEqual([]);
    expect(post).toMatchObject({ method: 'POST', path: '/api/integration/parents', status: 201 });
    expect(post!.body).toEqual({
      name: 'Rosa',
      second_name: 'María',
      surname: user.surname,
      second_surname: 'Núñez',
      email: user.email,
      metadata: { role: 'parent', school: basics.schoolA, user: record.user._id },
    });
    expect(sync.external_id).toBe(receiver.entityOf('parents', record._id)!.externalId);
  });

  it('a student created is POSTed with its parents as the parents’ user._id, and its data.userId is stored', async () => {
    const first = (await created('parents', { school: basics.schoolA, user: person('Rosa') })).record;
    const second = (await created('parents', { school: basics.schoolA, user: person('Juan') })).record;
    const user = { name: 'José', surname: 'Pérez', email: 'jose.perez@andino.edu.ec', id_card: '1712345671' };
    const { record, sync } = await created('students', {
      school: basics.schoolA,
      user,
      parents: [second._id, first._id],
      citizenship: 'Ecuatoriana',
    });
    const [post, ...rest] = receiver.requestsFor('students', record._id);
    expect(rest).toEqual([]);
    expect(post).toMatchObject({ method: 'POST', path: '/api/integration/students' });
    expect(post!.body).toEqual({
      name: 'José',
      surname: 'Pérez',
      email: 'jose.perez@andino.edu.ec',
      parents: [first.user._id, second.user._id].sort(),
      metadata: { role: 'student', school: basics.schoolA, user: record.user._id },
    });
    // Not the parents' record ids: the ids of their users, as their own payloads' metadata.user.
    expect(post!.body.parents).not.toContain(first._id);
    expect(sync.external_id).toBe(receiver.entityOf('students', record._id)!.externalId);
  });

  it('a grade created is POSTed with code, name, section and metadata, and its data.id is stored', async () => {
    const { record, sync } = await created('grades', {
      school: basics.schoolA,
      name: '8vo',
      code: '8',
      section: basics.section,
    });
    const [post] = receiver.requestsFor('grades', record._id);
    expect(post).toMatchObject({ method: 'POST', path: '/api/integration/grades' });
    expect(post!.body).toEqual({
      code: '8',
      name: '8vo',
      section: basics.section,
      metadata: { school: basics.schoolA, grade: record._id },
    });
    const entity = receiver.entityOf('grades', record._id)!;
    expect(sync.external_id).toBe(entity.externalId);
  });

  it('a create carries the Idempotency-Key create-<collection>-<id>, JSON, the bearer token and a signature', async () => {
    const { record } = await created('parents', { school: basics.schoolA, user: person() });
    const [post] = receiver.requestsFor('parents', record._id);
    expect(post!.headers).toMatchObject({
      'idempotency-key': `create-parents-${record._id}`,
      'content-type': 'application/json',
      authorization: `Bearer ${INTEGRATION_TOKEN}`,
    });
    expect(post!.headers['webhook-id']).toEqual(expect.any(String));
    expect(post!.headers['webhook-timestamp']).toMatch(/^\d+$/u);
    expect(post!.headers['webhook-signature']).toMatch(/^v1,/u);
  });
});

describe('updated records are PUT with only what changed', () => {
  it('a student updated is PUT to /:userId with the changed fields, a nested one by its leaf, a cleared one as null', async () => {
    const { record, sync } = await created('students', { school: basics.schoolA, user: person('Luis') });
    await updated('students', record._id, {
      school: basics.schoolB,
      user: { surname: 'Nuevo', second_name: null },
    });
    const puts = only(receiver.requestsFor('students', record._id), 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.path).toBe(`/api/integration/students/${sync.external_id}`);
    expect(puts[0]!.body).toEqual({
      surname: 'Nuevo',
      second_name: null,
      metadata: { school: basics.schoolB },
    });
    expect(puts[0]!.headers['idempotency-key']).toBeUndefined();
  });

  it('a student’s changed parents are sent as the whole array of user ids', async () => {
    const rosa = (await created('parents', { school: basics.schoolA, user: person('Rosa') })).record;
    const juan = (await created('parents', { school: basics.schoolA, user: person('Juan') })).record;
    const { record } = await created('students', {
      school: basics.schoolA,
      user: person(),
      parents: [rosa._id],
    });
    await updated('students', record._id, { parents: [rosa._id, juan._id] });
    const puts = only(receiver.requestsFor('students', record._id), 'PUT');
    expect(puts.map((put) => put.body)).toEqual([{ parents: [rosa.user._id, juan.user._id].sort() }]);
  });

  it('a parent updated is PUT to /:userId with only the changed e-mail', async () => {
    const { record, sync } = await created('parents', { school: basics.schoolA, user: person('Rosa') });
    await updated('parents', record._id, { user: { email: 'rosa.nueva@gmail.com' } });
    const puts = only(receiver.requestsFor('parents', record._id), 'PUT');
    expect(puts.map((put) => [put.path, put.body])).toEqual([
      [`/api/integration/parents/${sync.external_id}`, { email: 'rosa.nueva@gmail.com' }],
    ]);
  });

  it('a grade updated is PUT to /:id (the data.id of its create) with only the changed fields', async () => {
    const { record, sync } = await created('grades', {
      school: basics.schoolA,
      name: '9no',
      code: '9',
      section: basics.section,
    });
    expect(sync.external_id).toMatch(/^ext-gr-/u);
    await updated('grades', record._id, { name: 'Noveno', code: null, section: basics.otherSection });
    const puts = only(receiver.requestsFor('grades', record._id), 'PUT');
    expect(puts.map((put) => [put.path, put.body])).toEqual([
      [
        `/api/integration/grades/${sync.external_id}`,
        { name: 'Noveno', code: null, section: basics.otherSection },
      ],
    ]);
  });

  it('a change to no payload field (citizenship, active, id_card) sends nothing', async () => {
    const { record } = await created('students', {
      school: basics.schoolA,
      user: person(),
      citizenship: 'EC',
    });
    const before = receiver.requests.length;
    await updated('students', record._id, {
      citizenship: 'Colombiana',
      active: false,
      user: { id_card: '0999' },
    });
    const sync = await syncOf(api.db, 'students', record._id);
    expect(sync.version).toBe(2);
    expect(receiver.requests.length).toBe(before);
  });
});

describe('ordering, retries and folding', () => {
  it('a create retried after 5xx keeps its Idempotency-Key and its body, and an update made meanwhile follows as a PUT after the acknowledgement', async () => {
    const user = person('Marta');
    let attempts = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    receiver.script = async (request) => {
      if (request.method !== 'POST' || request.body?.surname !== user.surname) return undefined;
      attempts++;
      if (attempts === 2) await gate; // the update below is made while this attempt is in flight
      return attempts <= 3 ? { status: attempts === 2 ? 503 : 500, body: { status: 'error' } } : undefined;
    };
    try {
      const record = await api.create('parents', { school: basics.schoolA, user });
      await waitFor(() => attempts === 2, 'the second attempt');
      await api.update('parents', record._id, { user: { email: 'marta.nueva@andino.edu.ec' } });
      release();
      const sync = await waitSynced(api.db, 'parents', record._id);
      const requests = receiver.requestsFor('parents', record._id);
      // Every attempt of the create carries the same body under the same key; the change made
      // meanwhile follows as a PUT once the create is acknowledged.
      expect(requests.map((request) => `${request.method} ${request.status}`)).toEqual([
        'POST 500',
        'POST 503',
        'POST 500',
        'POST 201',
        'PUT 200',
      ]);
      const posts = requests.filter((request) => request.method === 'POST');
      expect(new Set(posts.map((request) => request.headers['idempotency-key']))).toEqual(
        new Set([`create-parents-${record._id}`]),
      );
      expect(posts.map((request) => request.body.email)).toEqual([
        user.email,
        user.email,
        user.email,
        user.email,
      ]);
      expect(requests.at(-1)?.body).toEqual({ email: 'marta.nueva@andino.edu.ec' });
      expect(sync).toMatchObject({ attempts: 0, last_error: null, external_id: expect.any(String) });
      expect(receiver.updatesBeforeCreate).toEqual([]);
    } finally {
      receiver.script = undefined;
      release();
    }
  });

  it('an update made while the create is in flight follows as a PUT of just that change, after the acknowledgement', async () => {
    const user = person('Pedro');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    receiver.script = async (request) => {
      if (request.method === 'POST' && request.body?.surname === user.surname && !held) {
        held = true;
        await gate;
      }
      return undefined;
    };
    try {
      const record = await api.create('students', { school: basics.schoolA, user });
      await waitFor(() => held, 'the create to be in flight');
      await api.update('students', record._id, { user: { second_surname: 'Vega' } });
      release();
      const sync = await waitSynced(api.db, 'students', record._id);
      const requests = receiver.requestsFor('students', record._id);
      expect(requests.map((request) => [request.method, request.path, request.body])).toEqual([
        ['POST', '/api/integration/students', expect.objectContaining({ second_surname: 'Núñez' })],
        ['PUT', `/api/integration/students/${sync.external_id}`, { second_surname: 'Vega' }],
      ]);
    } finally {
      receiver.script = undefined;
      release();
    }
  });

  it('several quick updates while a PUT is in flight are folded into one PUT', async () => {
    const { record, sync } = await created('students', { school: basics.schoolA, user: person('Ana') });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    receiver.script = async (request) => {
      if (request.method === 'PUT' && request.record === `students/${record._id}` && !held) {
        held = true;
        await gate;
      }
      return undefined;
    };
    try {
      await api.update('students', record._id, { user: { name: 'Uno' } });
      await waitFor(() => held, 'the first PUT to be in flight');
      await api.update('students', record._id, { user: { name: 'Dos' } });
      await api.update('students', record._id, { user: { name: 'Tres', email: 'tres@andino.edu.ec' } });
      await api.update('students', record._id, { user: { second_surname: null } });
      await api.update('students', record._id, { citizenship: 'Peruana' });
      release();
      await waitSynced(api.db, 'students', record._id);
      const puts = only(receiver.requestsFor('students', record._id), 'PUT');
      expect(puts.map((put) => [put.path, put.body])).toEqual([
        [`/api/integration/students/${sync.external_id}`, { name: 'Uno' }],
        [
          `/api/integration/students/${sync.external_id}`,
          { name: 'Tres', email: 'tres@andino.edu.ec', second_surname: null },
        ],
      ]);
    } finally {
      receiver.script = undefined;
      release();
    }
  });
});

describe('the whole exchange', () => {
  it('every request verifies with the standardwebhooks package and the configured secret', () => {
    const webhook = new Webhook(SECRET);
    expect(receiver.requests.length).toBeGreaterThan(15);
    for (const request of receiver.requests) {
      const headers = Object.fromEntries(
        ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
          name,
          String(request.headers[name]),
        ]),
      );
      expect(() => webhook.verify(request.raw, headers), `${request.method} ${request.path}`).not.toThrow();
      // A tampered body does not verify.
      expect(() => webhook.verify(`${request.raw} `, headers)).toThrow();
    }
  });

  it('the external system holds exactly what the database holds, and nothing was out of order', async () => {
    expect(await differences(api.db, receiver)).toEqual([]);
    expect(receiver.updatesBeforeCreate).toEqual([]);
    expect(receiver.overlaps).toEqual([]);
    expect(receiver.replays).toBe(0);
  });
});
