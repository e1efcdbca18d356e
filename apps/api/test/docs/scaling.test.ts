/**
 * docs/scaling.md against the indexes the service creates (read from the database after start-up,
 * so nothing is listed by hand): every collection the guide shards by `{ school: 1 }` has an index
 * that starts with `school` (which `shardCollection` needs) and only unique indexes that start with
 * it (MongoDB enforces no other on a sharded collection); every unique index is in the guide's table;
 * every collection with a unique index that does not start with `school` is one the guide leaves
 * unsharded.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { build } from '../support/helper.js';

const guide = readFileSync(fileURLToPath(new URL('../../../../docs/scaling.md', import.meta.url)), 'utf8');
const t = await build();

interface Index {
  collection: string;
  keys: string[];
  unique: boolean;
  /** As the guide writes it: `{ school: 1, "user.id_card": 1 }`. */
  written: string;
}

const indexes: Index[] = [];
for (const collection of await t.db.collections()) {
  for (const index of await collection.indexes()) {
    const key = index.key as Record<string, unknown>;
    const written = `{ ${Object.entries(key)
      .map(([field, order]) => `${/^[\w]+$/.test(field) ? field : JSON.stringify(field)}: ${String(order)}`)
      .join(', ')} }`;
    indexes.push({
      collection: collection.collectionName,
      keys: Object.keys(key),
      unique: index.unique === true,
      written,
    });
  }
}

const sharded = JSON.parse(
  /for \(const name of (\[[^\]]*\])\)\n\s*sh\.shardCollection\(`school\.\$\{name\}`, \{ school: 1 \}\)/.exec(
    guide,
  )?.[1] ?? '[]',
) as string[];
const unsharded = [...(/Leave ((?:`\w+`[^`]*)+)unsharded/.exec(guide)?.[1] ?? '').matchAll(/`(\w+)`/g)].map(
  (m) => m[1]!,
);

describe('the sharding guide', () => {
  it('shards and leaves unsharded collections the service has', () => {
    const names = new Set(indexes.map((index) => index.collection));
    expect(sharded.length).toBeGreaterThan(5);
    expect([...sharded, ...unsharded].filter((name) => !names.has(name))).toEqual([]);
    expect([...names].filter((name) => !sharded.includes(name) && !unsharded.includes(name))).toEqual([]);
  });

  it('shards only collections with an index that starts with school', () => {
    expect(
      sharded.filter(
        (name) => !indexes.some((index) => index.collection === name && index.keys[0] === 'school'),
      ),
    ).toEqual([]);
  });

  it('shards no collection with a unique index that does not start with school', () => {
    const refused = indexes.filter(
      (index) =>
        index.unique &&
        index.keys[0] !== 'school' &&
        index.keys.join() !== '_id' &&
        sharded.includes(index.collection),
    );
    expect(refused).toEqual([]);
  });

  it('lists every unique index the service creates in its table, under its collection', () => {
    const uniques = indexes.filter((index) => index.unique && index.keys.join() !== '_id');
    expect(uniques.length).toBeGreaterThan(0);
    const rows = guide.split('\n').filter((line) => line.startsWith('| '));
    const listed = (index: Index) =>
      rows.some((row) => row.includes(index.collection) && row.includes(`\`${index.written}\``));
    expect(
      uniques.filter((index) => !listed(index)).map((index) => `${index.collection} ${index.written}`),
    ).toEqual([]);
  });
});
