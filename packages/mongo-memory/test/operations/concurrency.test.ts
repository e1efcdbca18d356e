import { describe, expect, it } from 'vitest';
import { enginesFor, fresh } from '../support/helpers.js';

const engines = await enginesFor('concurrency');

describe.each(engines)('concurrent writers on $name', ({ db }) => {
  it('gives each of 50 concurrent lease claims over 10 records a distinct record, and the rest nothing', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const later = new Date(now.getTime() + 60_000);
    const records = await fresh(
      db,
      Array.from({ length: 10 }, (_, i) => ({ _id: i, lease_until: new Date(0) })),
    );
    const claims = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        records.findOneAndUpdate(
          { lease_until: { $lt: now } },
          { $set: { lease_until: later, lease: `token-${i}` } },
          { returnDocument: 'after' },
        ),
      ),
    );
    const won = claims.filter((c) => c !== null);
    expect(won).toHaveLength(10);
    expect(new Set(won.map((c) => c?._id)).size).toBe(10);
    for (const claim of won) {
      const stored = await records.findOne({ _id: claim?._id });
      expect(stored?.lease).toBe(claim?.lease);
    }
  });

  it('applies concurrent $inc updates without losing any', async () => {
    const counters = await fresh(db, [{ _id: 'c', n: 0 }]);
    await Promise.all(
      Array.from({ length: 100 }, () => counters.updateOne({ _id: 'c' }, { $inc: { n: 1 } })),
    );
    expect((await counters.findOne({ _id: 'c' }))?.n).toBe(100);
  });

  it('lets only one of many concurrent upserts on a unique key insert', async () => {
    const users = await fresh(db);
    await users.createIndex({ email: 1 }, { unique: true });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        users.updateOne({ email: 'a@x' }, { $inc: { n: 1 } }, { upsert: true }),
      ),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await users.countDocuments()).toBe(1);
    expect((await users.findOne({ email: 'a@x' }))?.n).toBe(20);
  });
});
