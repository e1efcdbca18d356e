/**
 * The conformance suite: assertions of MongoDB's own jstests (repository mongodb/mongo), translated
 * literally, each case citing the file and line it comes from. The expected answer is the one the
 * jstest states for MongoDB 8.0, never the engine's. Every case runs on every engine at hand
 * (test/engines.ts): the in-process engine always, a real MongoDB too when `MONGODB_URI` is set, so
 * the translations themselves are checked against a server there.
 *
 * A case is one assertion. Documents that hold `undefined` in a jstest are left out of the
 * translations: the driver stores `undefined` as null, so they would no longer test what the jstest
 * tests.
 */
import { type Document, EJSON } from 'bson';
import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { MemoryEngineUnsupportedError } from '../../src/index.js';
import type { CollectionLike, DbLike, Engine } from '../support/engines.js';
import { enginesFor, fresh } from '../support/helpers.js';

export interface Case {
  /** `jstests/…/file.js:line` of the assertion translated. */
  cite: string;
  title: string;
  docs: Document[];
  run(collection: CollectionLike, engine: Engine): Promise<void>;
}

type Options = {
  projection?: Document;
  sort?: Document;
  limit?: number;
  skip?: number;
  collation?: Document;
  ordered?: boolean;
};

/** Plain objects with their keys sorted, as a string: equal documents give equal strings. */
function canonical(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      return Object.fromEntries(
        Object.keys(v as Document)
          .sort()
          .map((k) => [k, sorted((v as Document)[k])]),
      );
    }
    return v;
  };
  return EJSON.stringify(sorted(value) as Document, { relaxed: false });
}

const byCanonical = (docs: Document[]): Document[] =>
  [...docs].sort((a, b) => (canonical(a) < canonical(b) ? -1 : canonical(a) > canonical(b) ? 1 : 0));

/** `_id`s dropped unless an expected document names one (the jstests compare without them). */
function comparable(actual: Document[], expected: Document[], ordered: boolean): [Document[], Document[]] {
  const keepId = expected.some((d) => Object.hasOwn(d, '_id'));
  const got = keepId ? actual : actual.map(({ _id, ...rest }) => rest);
  return ordered ? [got, expected] : [byCanonical(got), byCanonical(expected)];
}

const show = (value: unknown): string => {
  const text = EJSON.stringify(value as Document, { relaxed: true });
  return text.length > 110 ? `${text.slice(0, 107)}...` : text;
};

/** `find(filter, options)` returns `expected` (in any order unless `ordered`). */
export function find(
  cite: string,
  docs: Document[],
  filter: Document,
  expected: Document[],
  options: Options = {},
): Case {
  const { ordered = options.sort !== undefined, ...findOptions } = options;
  return {
    cite,
    docs,
    title: `find ${show(filter)}${options.projection ? ` projecting ${show(options.projection)}` : ''}${options.sort ? ` sorted ${show(options.sort)}` : ''}`,
    async run(c) {
      const [got, want] = comparable(await c.find(filter, findOptions).toArray(), expected, ordered);
      expect(got).toEqual(want);
    },
  };
}

/** `countDocuments(filter)` is `n`. */
export function count(cite: string, docs: Document[], filter: Document, n: number): Case {
  return {
    cite,
    docs,
    title: `count ${show(filter)} is ${n}`,
    async run(c) {
      expect(await c.countDocuments(filter)).toBe(n);
    },
  };
}

/** `aggregate(pipeline)` returns `expected`; `foreign` documents go to a second collection, named by `pipeline`'s argument. */
export function aggregate(
  cite: string,
  docs: Document[],
  pipeline: Document[] | ((from: string) => Document[]),
  expected: Document[],
  options: { ordered?: boolean; foreign?: Document[] } = {},
): Case {
  return {
    cite,
    docs,
    title: `aggregate ${show(typeof pipeline === 'function' ? pipeline('<foreign>') : pipeline)}`,
    async run(c, engine) {
      let stages: Document[];
      if (typeof pipeline === 'function') {
        const foreign = await fresh(engine.db, options.foreign ?? []);
        stages = pipeline(foreign.collectionName);
      } else stages = pipeline;
      const [got, want] = comparable(await c.aggregate(stages).toArray(), expected, options.ordered ?? false);
      expect(got).toEqual(want);
    },
  };
}

/** `act` fails with a `MongoServerError` (the driver's class), with `code` when the jstest names one. */
export function fails(
  cite: string,
  docs: Document[],
  title: string,
  act: (c: CollectionLike, db: DbLike) => Promise<unknown>,
  code?: number | readonly number[],
): Case {
  const codes = code === undefined ? undefined : typeof code === 'number' ? [code] : code;
  return {
    cite,
    docs,
    title: `${title} fails${codes === undefined ? '' : ` with code ${codes.join(' or ')}`}`,
    async run(c, engine) {
      const error = await act(c, engine.db).then(
        () => undefined,
        (e: unknown) => e,
      );
      if (error instanceof MemoryEngineUnsupportedError) throw error;
      expect(error).toBeInstanceOf(MongoServerError);
      if (codes !== undefined) expect(codes).toContain((error as { code?: unknown }).code);
    },
  };
}

/** `act` (a write) runs, then `check` reads the collection (or the act's answer). */
export function writes(
  cite: string,
  docs: Document[],
  title: string,
  act: (c: CollectionLike) => Promise<unknown>,
  check: (result: unknown, c: CollectionLike) => Promise<void>,
): Case {
  return {
    cite,
    docs,
    title,
    async run(c) {
      const result = await act(c);
      await check(result, c);
    },
  };
}

/** The collection holds exactly `expected` after `act` (in any order). */
export function holds(
  cite: string,
  docs: Document[],
  title: string,
  act: (c: CollectionLike) => Promise<unknown>,
  expected: Document[],
): Case {
  return writes(cite, docs, title, act, async (_, c) => {
    const [got, want] = comparable(await c.find({}).toArray(), expected, false);
    expect(got).toEqual(want);
  });
}

/**
 * A case the in-process engine refuses by name (its documented `MemoryEngineUnsupportedError`), where
 * MongoDB answers as the jstest says: on MongoDB the case runs as written.
 */
export function refused(reason: string, inner: Case): Case {
  return {
    ...inner,
    title: `${inner.title} (the in-process engine refuses: ${reason})`,
    async run(c, engine) {
      if (!engine.inProcess) return inner.run(c, engine);
      await expect(inner.run(c, engine)).rejects.toBeInstanceOf(MemoryEngineUnsupportedError);
    },
  };
}

/** Run `cases` on every engine at hand, one test per case. */
export async function conformance(label: string, cases: Case[]): Promise<void> {
  const engines = await enginesFor(`conf_${label}`);
  describe.each(engines)(`${label}, as MongoDB's jstests state it, on $name`, (engine) => {
    for (const testCase of cases) {
      it(`${testCase.cite}: ${testCase.title}`, async () => {
        const collection = await fresh(engine.db, testCase.docs);
        await testCase.run(collection, engine);
      });
    }
  });
}
