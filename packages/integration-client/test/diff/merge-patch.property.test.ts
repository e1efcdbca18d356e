import { ObjectId } from 'bson';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMergePatch } from '../../src/diff/apply-merge-patch.js';
import { canonicalize } from '../../src/diff/canonical.js';
import { diffPayload } from '../../src/diff/diff-payload.js';
import { toMongoUpdate } from '../../src/diff/to-mongo-update.js';
import type { JsonValue, MongoUpdate } from '../../src/diff/types.js';

/** A MongoDB-like reading of `$set`/`$unset` with dotted paths, strict where MongoDB is strict. */
function applyMongoUpdate(doc: Record<string, unknown>, update: MongoUpdate): Record<string, unknown> {
  const out = structuredClone(doc);
  const paths = [...Object.keys(update.$set ?? {}), ...Object.keys(update.$unset ?? {})];
  for (const a of paths) {
    for (const b of paths) {
      if (a !== b && b.startsWith(`${a}.`)) throw new Error(`conflict: ${a} and ${b}`);
    }
    if (paths.indexOf(a) !== paths.lastIndexOf(a)) throw new Error(`conflict: ${a} twice`);
  }
  for (const [path, value] of Object.entries(update.$set ?? {})) {
    const parts = path.split('.');
    let node: Record<string, unknown> = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (next === undefined) node[part] = {};
      else if (typeof next !== 'object' || next === null || Array.isArray(next)) {
        throw new Error(`Cannot create field in element {${part}: ${JSON.stringify(next)}}`);
      }
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1)!] = structuredClone(value);
  }
  for (const path of Object.keys(update.$unset ?? {})) {
    const parts = path.split('.');
    let node: unknown = out;
    for (const part of parts.slice(0, -1)) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node === 'object' && node !== null) delete (node as Record<string, unknown>)[parts.at(-1)!];
  }
  return out;
}

const objectId = fc.uint8Array({ minLength: 12, maxLength: 12 }).map((bytes) => new ObjectId(bytes));
const leaf = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.date({ noInvalidDate: true }),
  objectId,
);
const anyKey = fc.constantFrom('a', 'b', 'c', 'name', 'email', 'x_1');

/** Any JSON-ish document: a key may hold an object in one version and a scalar in another. */
const { doc } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 3 }),
    tie('doc'),
  ),
  doc: fc.dictionary(anyKey, tie('value'), { maxKeys: 4 }),
}));

/**
 * Documents with a fixed shape, like the payloads: the keys `m` and `n` always hold objects, the
 * others never do (the assumption under which toMongoUpdate equals RFC 7396).
 */
const leafOrArray = fc.oneof(leaf, fc.array(leaf, { maxLength: 3 }));
const shapedDocOfDepth: fc.Memo<Record<string, unknown>> = fc.memo((depth) =>
  fc
    .tuple(
      fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), leafOrArray, { maxKeys: 4 }),
      depth > 1
        ? fc.dictionary(fc.constantFrom('m', 'n'), shapedDocOfDepth(depth - 1), { maxKeys: 2 })
        : fc.constant({}),
    )
    .map(([leaves, objects]) => ({ ...leaves, ...objects })),
);
const shapedDoc = shapedDocOfDepth(3);

const runs = { numRuns: 500 };

describe('diffPayload and applyMergePatch (properties)', () => {
  it('applying the diff to the acknowledged payload yields the current one', () => {
    fc.assert(
      fc.property(doc, doc, (acked, current) => {
        const patch = diffPayload(acked, current) ?? {};
        expect(applyMergePatch(canonicalize(acked, 'a'), patch)).toEqual(canonicalize(current, 'c'));
      }),
      runs,
    );
  });

  it('applying the diff twice is the same as applying it once', () => {
    fc.assert(
      fc.property(doc, doc, (acked, current) => {
        const patch = diffPayload(acked, current) ?? {};
        const once = applyMergePatch(canonicalize(acked, 'a'), patch);
        expect(applyMergePatch(once, patch)).toEqual(once);
      }),
      runs,
    );
  });

  it('no change gives no patch, and a patch is never empty', () => {
    fc.assert(
      fc.property(doc, doc, (acked, current) => {
        expect(diffPayload(current, current)).toBeUndefined();
        const patch = diffPayload(acked, current);
        if (patch !== undefined) expect(Object.keys(patch).length).toBeGreaterThan(0);
      }),
      runs,
    );
  });

  it('the MongoDB update never names a path and its prefix', () => {
    fc.assert(
      fc.property(doc, doc, (acked, current) => {
        const update = toMongoUpdate(diffPayload(acked, current) ?? {});
        const paths = [...Object.keys(update.$set ?? {}), ...Object.keys(update.$unset ?? {})];
        for (const a of paths) for (const b of paths) expect(b.startsWith(`${a}.`)).toBe(false);
      }),
      runs,
    );
  });

  it('the MongoDB update has the meaning of the merge patch, and is harmless twice', () => {
    fc.assert(
      fc.property(shapedDoc, shapedDoc, (acked, current) => {
        const stored = canonicalize(acked, 'a') as Record<string, JsonValue>;
        const update = toMongoUpdate(diffPayload(acked, current) ?? {});
        const once = applyMongoUpdate(stored, update);
        expect(once).toEqual(canonicalize(current, 'c'));
        expect(applyMongoUpdate(once, update)).toEqual(once);
      }),
      runs,
    );
  });
});
