/**
 * The driver's own `MongoBulkWriteError`, raised by `insertMany` as the driver raises it after a
 * server's reply: `code` and `message` of the first write error, every write error as a
 * `WriteError`, and a result whose `insertedIds` and `insertedCount` name the documents stored.
 */
import type {
  BulkWriteOperationError,
  BulkWriteResult,
  Document,
  WriteConcernError,
  WriteError,
} from 'mongodb';
import { MongoBulkWriteError } from 'mongodb';
import type { MemoryServerError } from '../errors/engine-errors.js';

/** The public surface of the driver's `WriteError` (the class itself is not exported). */
export class MemoryWriteError implements WriteError {
  readonly err: BulkWriteOperationError;
  constructor(err: Omit<BulkWriteOperationError, 'errInfo'>) {
    // The driver's type requires `errInfo`; the errors raised here carry none, so it is empty
    // and the `errInfo` getter answers `undefined`, as the driver does for a duplicate key.
    this.err = { ...err, errInfo: {} };
  }
  get code(): number {
    return this.err.code;
  }
  get index(): number {
    return this.err.index;
  }
  get errmsg(): string {
    return this.err.errmsg;
  }
  get errInfo(): Document | undefined {
    return undefined;
  }
  getOperation(): Document {
    return this.err.op;
  }
  toJSON(): { code: number; index: number; errmsg: string; op: Document } {
    return { code: this.err.code, index: this.err.index, errmsg: this.err.errmsg, op: this.err.op };
  }
  toString(): string {
    return `WriteError(${JSON.stringify(this.toJSON())})`;
  }
}

/** What an insert-only bulk write did: the driver's raw bulk result, as `getRawResponse` gives it. */
interface InsertOutcome {
  ok: 1;
  writeErrors: MemoryWriteError[];
  writeConcernErrors: WriteConcernError[];
  insertedIds: Array<{ index: number; _id: unknown }>;
  nInserted: number;
  nUpserted: 0;
  nMatched: 0;
  nModified: 0;
  nRemoved: 0;
  upserted: Array<{ index: number; _id: unknown }>;
}

/**
 * The public surface of the driver's `BulkWriteResult` for an insert-only write (the driver
 * neither exports the class nor publishes its constructor).
 */
export class MemoryBulkWriteResult implements Pick<BulkWriteResult, keyof BulkWriteResult> {
  readonly #raw: InsertOutcome;
  readonly insertedCount: number;
  readonly matchedCount = 0;
  readonly modifiedCount = 0;
  readonly deletedCount = 0;
  readonly upsertedCount = 0;
  readonly upsertedIds: Record<number, unknown> = {};
  readonly insertedIds: Record<number, unknown>;

  constructor(raw: InsertOutcome) {
    this.#raw = raw;
    this.insertedCount = raw.nInserted;
    this.insertedIds = Object.fromEntries(raw.insertedIds.map(({ index, _id }) => [index, _id]));
  }
  get ok(): number {
    return this.#raw.ok;
  }
  getUpsertedIdAt(index: number): Document | undefined {
    return this.#raw.upserted[index];
  }
  getRawResponse(): Document {
    return this.#raw;
  }
  hasWriteErrors(): boolean {
    return this.#raw.writeErrors.length > 0;
  }
  getWriteErrorCount(): number {
    return this.#raw.writeErrors.length;
  }
  getWriteErrorAt(index: number): MemoryWriteError | undefined {
    return this.#raw.writeErrors[index];
  }
  getWriteErrors(): MemoryWriteError[] {
    return this.#raw.writeErrors;
  }
  getWriteConcernError(): WriteConcernError | undefined {
    return undefined;
  }
  toString(): string {
    return `BulkWriteResult(${JSON.stringify(this.#raw)})`;
  }
  isOk(): boolean {
    return this.#raw.ok === 1;
  }
}

/** A failed document of an `insertMany`: its position, the error and the document sent. */
export interface FailedInsert {
  index: number;
  error: MemoryServerError;
  doc: Document;
}

/**
 * The driver's `MongoBulkWriteError` for an `insertMany` that stored `inserted` and failed on
 * `failed` (at least one).
 */
export function bulkWriteError(
  inserted: Array<{ index: number; _id: unknown }>,
  failed: readonly [FailedInsert, ...FailedInsert[]],
): MongoBulkWriteError {
  const writeErrors = failed.map(
    ({ index, error, doc }) =>
      new MemoryWriteError({ index, code: error.code, errmsg: error.message, op: doc }),
  );
  const result = new MemoryBulkWriteResult({
    ok: 1,
    writeErrors,
    writeConcernErrors: [],
    insertedIds: inserted,
    nInserted: inserted.length,
    nUpserted: 0,
    nMatched: 0,
    nModified: 0,
    nRemoved: 0,
    upserted: [],
  });
  const first = failed[0].error;
  // The driver types its constructor's result as its own BulkWriteResult, a class it does not
  // export and whose constructor it keeps internal, so no typed call can reach it; the built value
  // is checked to be the driver's class before it is returned.
  const built: unknown = Reflect.construct(MongoBulkWriteError, [
    { message: first.message, code: first.code, writeErrors },
    result,
  ]);
  if (!(built instanceof MongoBulkWriteError)) throw new TypeError('MongoBulkWriteError expected');
  return built;
}
