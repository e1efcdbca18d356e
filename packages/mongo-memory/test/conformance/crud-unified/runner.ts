/**
 * A runner for MongoDB's unified CRUD tests (repository mongodb/specifications,
 * source/crud/tests/unified/*.json), the suite the official drivers run, written for this engine:
 * each test's `initialData` goes into a new `MemoryMongoClient`, its operations run through the
 * engine's driver-shaped API, and the answers are checked with the unified format's own rules —
 * `expectResult` (extra fields allowed in a root document only, integers and doubles equal by value,
 * `$$unsetOrMatches`, `$$exists`), `expectError` (`isClientError`, `errorContains`, `errorCode`, the
 * partial result of a failed bulk write) and `outcome` (each collection's documents, sorted by
 * `_id`, exactly).
 *
 * What a test ported here leaves out: `expectEvents` (command monitoring: no commands are sent in
 * process). A test the engine refuses by name states the refusal (`refused`); one it answers
 * otherwise keeps its assertions and runs as `it.fails`, with the difference (`differs`).
 */
import { Decimal128, type Document, Double, EJSON, Int32, Long } from 'bson';
import { type Db, MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { MemoryEngineUnsupportedError, MemoryMongoClient } from '../../../src/index.js';
import { runOperation } from './operations.js';

export interface CollectionData {
  collectionName: string;
  databaseName: string;
  documents: Document[];
}

interface ExpectedError {
  isError?: true;
  isClientError?: boolean;
  errorContains?: string;
  errorCode?: number;
  expectResult?: unknown;
}

export interface Operation {
  name: string;
  object: string;
  arguments?: Document;
  /** Absent: the answer is not checked. `null` is an expected answer. */
  expectResult?: unknown;
  expectError?: ExpectedError;
}

export interface UnifiedTest {
  description: string;
  operations: Operation[];
  outcome?: CollectionData[];
  /** The engine refuses an option by name: `name` appears in its `MemoryEngineUnsupportedError`. */
  refused?: { name: string; reason: string };
  /** The engine answers otherwise: the test keeps its assertions and is expected to fail. */
  differs?: string;
}

export interface UnifiedFile {
  /** The file's name under source/crud/tests/unified. */
  file: string;
  databaseName: string;
  /** The database entity's id (`database0` unless the file names it otherwise). */
  databaseId?: string;
  /** Collection entity id → collection name. */
  collections: Record<string, string>;
  initialData?: CollectionData[];
  tests: UnifiedTest[];
}

const isPlain = (value: unknown): value is Document =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

/** An int, long or double as a number (the unified format compares them by value); else undefined. */
function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (value instanceof Int32 || value instanceof Double) return value.valueOf();
  if (value instanceof Long) return value.toNumber();
  return undefined;
}

const show = (value: unknown): string =>
  value === undefined ? 'undefined' : EJSON.stringify({ v: value }, { relaxed: false }).slice(5, -1);
/** Relaxed (a number as `1`), for messages. */
const brief = (value: unknown): string =>
  value === undefined ? 'undefined' : EJSON.stringify({ v: value }, { relaxed: true }).slice(5, -1);

function scalarMismatch(expected: unknown, actual: unknown, path: string): string[] {
  const [want, got] = [numeric(expected), numeric(actual)];
  if (want !== undefined || got !== undefined) {
    const same =
      want !== undefined && got !== undefined && (want === got || (Number.isNaN(want) && Number.isNaN(got)));
    return same ? [] : [`${path}: expected ${brief(expected)}, got ${brief(actual)}`];
  }
  if (expected instanceof Decimal128 || (expected !== null && typeof expected === 'object')) {
    return show(expected) === show(actual)
      ? []
      : [`${path}: expected ${brief(expected)}, got ${brief(actual)}`];
  }
  return Object.is(expected, actual) ? [] : [`${path}: expected ${brief(expected)}, got ${brief(actual)}`];
}

function fieldMismatch(want: unknown, actual: object, key: string, path: string): string[] {
  const has = key in actual && Reflect.get(actual, key) !== undefined;
  const got: unknown = has ? Reflect.get(actual, key) : undefined;
  if (isPlain(want) && Object.hasOwn(want, '$$unsetOrMatches')) {
    return has ? mismatches(want.$$unsetOrMatches, got, `${path}.${key}`, false) : [];
  }
  if (isPlain(want) && Object.hasOwn(want, '$$exists')) {
    return has === want.$$exists ? [] : [`${path}.${key}: expected ${want.$$exists ? 'present' : 'absent'}`];
  }
  return has ? mismatches(want, got, `${path}.${key}`, false) : [`${path}.${key}: missing`];
}

/** Where `actual` differs from `expected` by the unified format's matching rules (none: it matches). */
function mismatches(expected: unknown, actual: unknown, path = 'result', root = true): string[] {
  if (isPlain(expected) && Object.keys(expected).some((key) => key.startsWith('$$'))) {
    if (Object.hasOwn(expected, '$$unsetOrMatches')) {
      return actual === undefined ? [] : mismatches(expected.$$unsetOrMatches, actual, path, root);
    }
    throw new Error(`${path}: operator ${Object.keys(expected).join()} is not ported`);
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${brief(actual)}`];
    if (actual.length !== expected.length)
      return [`${path}: expected ${expected.length} elements, got ${brief(actual)}`];
    return expected.flatMap((want, i) => mismatches(want, actual[i], `${path}[${i}]`, false));
  }
  if (!isPlain(expected)) return scalarMismatch(expected, actual, path);
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
    return [`${path}: expected a document, got ${brief(actual)}`];
  const found = Object.keys(expected).flatMap((key) => fieldMismatch(expected[key], actual, key, path));
  // Extra fields are allowed in a root document only (an operation's result), never nested.
  const extra = root ? [] : Object.keys(actual).filter((key) => !Object.hasOwn(expected, key));
  return [...found, ...extra.map((key) => `${path}.${key}: not expected`)];
}

/** The error an operation with `expectError` raised, checked as the unified format checks it. */
function checkError(error: unknown, expected: ExpectedError): void {
  if (error instanceof MemoryEngineUnsupportedError) throw error;
  expect(error, 'an error').toBeInstanceOf(Error);
  const { isClientError, errorContains, errorCode, expectResult } = expected;
  if (isClientError !== undefined) expect(error instanceof MongoServerError).toBe(!isClientError);
  if (errorContains !== undefined)
    expect(String((error as Error).message).toLowerCase()).toContain(errorContains.toLowerCase());
  if (errorCode !== undefined) expect((error as { code?: unknown }).code).toBe(errorCode);
  if (expectResult !== undefined) expect(mismatches(expectResult, error)).toEqual([]);
}

async function seed(db: Db, data: CollectionData[]): Promise<void> {
  for (const { collectionName, documents } of data) {
    await db.createCollection(collectionName);
    if (documents.length > 0)
      await db.collection(collectionName).insertMany(documents.map((d) => ({ ...d })));
  }
}

async function runTest(file: UnifiedFile, test: UnifiedTest): Promise<void> {
  const client = new MemoryMongoClient();
  const db = client.db(file.databaseName);
  try {
    await seed(db, file.initialData ?? []);
    for (const operation of test.operations) {
      const outcome = await runOperation(db, file, operation).then(
        (result) => ({ result, error: undefined }),
        (error: unknown) => ({ result: undefined, error }),
      );
      if (operation.expectError) {
        expect(outcome.error, `${operation.name} fails`).toBeDefined();
        checkError(outcome.error, operation.expectError);
        continue;
      }
      if (outcome.error !== undefined) throw outcome.error;
      if (operation.expectResult !== undefined)
        expect(mismatches(operation.expectResult, outcome.result)).toEqual([]);
    }
    for (const { collectionName, documents } of test.outcome ?? []) {
      const stored = await db.collection(collectionName).find({}).sort({ _id: 1 }).toArray();
      expect(mismatches(documents, stored, collectionName, false)).toEqual([]);
    }
  } finally {
    await client.close();
  }
}

/** One `it` per test of `file`, named by the file and the test's description. */
export function unified(file: UnifiedFile): void {
  describe(`source/crud/tests/unified/${file.file}`, () => {
    for (const test of file.tests) {
      const title = `${file.file}, "${test.description}"`;
      if (test.refused) {
        const { name, reason } = test.refused;
        it(`${title} (refused by name: ${reason})`, async () => {
          const error = await runTest(file, test).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(MemoryEngineUnsupportedError);
          expect((error as Error).message).toContain(`'${name}'`);
        });
      } else if (test.differs) {
        it.fails(`${title} (the engine differs: ${test.differs})`, () => runTest(file, test));
      } else {
        it(title, () => runTest(file, test));
      }
    }
  });
}
