/**
 * Crash safety ("a change is never lost, even if the process dies at any moment between
 * the write and the acknowledgement"). A worker is made to die at each step of a delivery — its
 * memory is gone, only the database and the external system remain — and a new worker on the same
 * database, once the dead one's lease has run out (an injected clock), must leave the external
 * system holding exactly the current state, with no update ever sent before its create.
 */
import type { IntegrationClient } from '@school/integration-client';
import { describe, expect, it } from 'vitest';
import { type SyncStep, SyncWorker, WorkerCrash } from '../../src/sync/worker.js';
import {
  clientFor,
  differences,
  type Json,
  PUBLIC_URL,
  person,
  type Synced,
  syncOf,
  syncSuite,
} from './fixture.js';

const LEASE_MS = 60_000;

// The app takes the writes; its own worker never runs. Workers are made (and "killed") below.
const { receiver, api, basics, cleanup } = await syncSuite({ sync: { autoStart: false } });
const clients: IntegrationClient[] = [];
cleanup.push(async () => {
  for (const client of clients) await client.close();
});

/** A fresh worker process: nothing in memory but its options. `lateByMs` moves its clock ahead. */
function newWorker(options: { crashAt?: SyncStep; target?: string; lateByMs?: number } = {}): SyncWorker {
  const client = clientFor(receiver);
  clients.push(client);
  const lateBy = options.lateByMs ?? 0;
  return new SyncWorker({
    db: api.db,
    client,
    publicUrl: PUBLIC_URL,
    log: api.app.log,
    leaseMs: LEASE_MS,
    concurrency: 1,
    now: () => new Date(Date.now() + lateBy),
    onStep: (step, info) => {
      if (step === options.crashAt && info.id.toHexString() === options.target) throw new WorkerCrash(step);
    },
  });
}

/** Delivers until nothing is due. */
async function drain(worker: SyncWorker): Promise<void> {
  for (let i = 0; i < 100 && (await worker.runOnce()); i++);
}

const bodies: Record<Synced, (round: number) => object> = {
  students: () => ({ school: basics.schoolA, user: person('Sara') }),
  parents: () => ({ school: basics.schoolA, user: person('Raúl') }),
  grades: (round) => ({
    school: basics.schoolA,
    name: `Grado ${round}`,
    code: `G${round}`,
    section: basics.section,
  }),
};
const changes: Record<Synced, (round: number) => object> = {
  students: (round) => ({ user: { name: `Sara ${round}`, second_name: null } }),
  parents: (round) => ({ user: { email: `raul.${round}@gmail.com` } }),
  grades: (round) => ({ name: `Grado ${round}b`, code: null }),
};

const STEPS = ['write', 'claimed', 'sent', 'stored'] as const;
type Step = (typeof STEPS)[number];
const STEP_WORDS: Record<Step, string> = {
  write: 'after the write, before any claim',
  claimed: 'after the claim, before the send',
  sent: 'after the send, before the acknowledgement is stored',
  stored: 'after the acknowledgement is stored',
};

interface Scenario {
  step: Step;
  operation: 'create' | 'update';
  /** The record is changed again while no worker is alive. */
  changedMeanwhile: boolean;
  collection: Synced;
}

const scenarios: Scenario[] = [];
for (const step of STEPS)
  for (const operation of ['create', 'update'] as const)
    for (const changedMeanwhile of [false, true])
      scenarios.push({
        step,
        operation,
        changedMeanwhile,
        collection: ['students', 'parents', 'grades'][scenarios.length % 3] as Synced,
      });

/**
 * A create whose first attempt reached the external system but whose acknowledgement was never
 * stored is retried with the same Idempotency-Key and the same body; a change made in between
 * follows as a PUT. A receiver that honours idempotency keys therefore ends with the current state.
 */

describe('a worker that dies at any step loses no change', () => {
  let round = 0;
  for (const scenario of scenarios) {
    const { step, operation, changedMeanwhile, collection } = scenario;
    const name = `a crash ${STEP_WORDS[step]} of ${collection === 'grades' ? 'a grade' : `a ${collection.slice(0, -1)}`} ${operation}${changedMeanwhile ? ', changed again while no worker runs,' : ''} leaves the external system with exactly the current state`;
    it(name, async () => {
      const n = ++round;
      const record = await api.create(collection, bodies[collection](n));
      const id: string = record._id;
      if (operation === 'update') {
        await drain(newWorker());
        expect((await syncOf(api.db, collection, id)).state).toBe('synced');
        await api.update(collection, id, changes[collection](n));
      }
      const before = receiver.requests.length;

      if (step !== 'write') {
        const dying = newWorker({ crashAt: step, target: id });
        await expect(drain(dying)).rejects.toBeInstanceOf(WorkerCrash);
        // The dead worker is never used again: only what it wrote survives.
      }
      if (changedMeanwhile) await api.update(collection, id, changes[collection](n + 1000));

      if (step === 'claimed' || step === 'sent') {
        // The dead worker's lease still holds: a worker on time does not touch the record.
        const early = newWorker();
        expect(await early.runOnce()).toBe(false);
      }
      const successor = newWorker({ lateByMs: LEASE_MS + 1 });
      await drain(successor);

      const sync: Json = await syncOf(api.db, collection, id);
      expect(sync).toMatchObject({ state: 'synced', acked_version: sync.version, lease: null });
      expect(await differences(api.db, receiver, { collection, id })).toEqual([]);
      expect(receiver.updatesBeforeCreate).toEqual([]);
      const sent = receiver.requests.slice(before);
      if (step === 'stored' && !changedMeanwhile)
        expect(sent.filter((r) => r.record?.endsWith(id))).toHaveLength(1);
      const methods = receiver.requestsFor(collection, id).map((request) => request.method);
      // Every create comes before every update.
      expect(methods.lastIndexOf('POST')).toBeLessThan(
        methods.includes('PUT') ? methods.indexOf('PUT') : Infinity,
      );
    });
  }
});

describe('crashes at random steps of a stream of changes', () => {
  it('leave the external system with exactly the current state after a worker that lives to the end', async () => {
    // A small deterministic pseudo-random sequence (LCG), so a failure can be replayed.
    let seed = 20240611;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const records: Array<{ collection: Synced; id: string }> = [];
    for (let i = 0; i < 6; i++) {
      const collection = (['students', 'parents', 'grades'] as const)[i % 3]!;
      records.push({ collection, id: (await api.create(collection, bodies[collection](500 + i)))._id });
    }
    let clock = 0;
    let crashes = 0;
    for (let round = 0; round < 40; round++) {
      const target = records[random(records.length)]!;
      if (random(2) === 0)
        await api.update(target.collection, target.id, changes[target.collection](600 + round));
      const crashAt = (['claimed', 'sent', 'stored', undefined] as const)[random(4)];
      // Each worker starts after every earlier lease ran out.
      clock += LEASE_MS + 1;
      const worker = newWorker({
        lateByMs: clock,
        target: records[random(records.length)]!.id,
        ...(crashAt ? { crashAt } : {}),
      });
      try {
        await drain(worker);
      } catch (error) {
        if (!(error instanceof WorkerCrash)) throw error;
        crashes++;
      }
    }
    await drain(newWorker({ lateByMs: clock + LEASE_MS + 1 }));
    expect(crashes).toBeGreaterThan(10);
    expect(receiver.updatesBeforeCreate).toEqual([]);
    for (const record of records) {
      expect((await syncOf(api.db, record.collection, record.id)).state).toBe('synced');
      expect(await differences(api.db, receiver, record)).toEqual([]);
    }
  });
});
