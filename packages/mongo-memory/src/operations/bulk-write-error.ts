/**
 * The driver's own `MongoBulkWriteError`, raised by `insertMany` and `bulkWrite` as the driver
 * raises it after a server's reply: `code` and `message` of the first write error, every write
 * error as a `WriteError`, and a result whose counts and ids name what was done.
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

/** What a bulk write did: the driver's raw bulk result, as `getRawResponse` gives it. */
export interface BulkOutcome {
  ok: 1;
  writeErrors: MemoryWriteError[];
  writeConcernErrors: WriteConcernError[];
  /** The documents stored, by the position of their operation. */
  insertedIds: Array<{ index: number; _id: unknown }>;
  nInserted: number;
  nUpserted: number;
  nMatched: number;
  nModified: number;
  nRemoved: number;
  upserted: Array<{ index: number; _id: unknown }>;
}

/** A bulk write's outcome before its first operation. */
export const noOutcome = (): BulkOutcome => ({
  ok: 1,
  writeErrors: [],
  writeConcernErrors: [],
  insertedIds: [],
  nInserted: 0,
  nUpserted: 0,
  nMatched: 0,
  nModified: 0,
  nRemoved: 0,
  upserted: [],
});

const idMap = (ids: Array<{ index: number; _id: unknown }>): Record<number, unknown> =>
  Object.fromEntries(ids.map(({ index, _id }) => [index, _id]));

/**
 * The public surface of the driver's `BulkWriteResult` (the driver neither exports the class nor
 * publishes its constructor).
 */
export class MemoryBulkWriteResult implements Pick<BulkWriteResult, keyof BulkWriteResult> {
  readonly #raw: BulkOutcome;
  readonly insertedCount: number;
  readonly matchedCount: number;
  readonly modifiedCount: number;
  readonly deletedCount: number;
  readonly upsertedCount: number;
  readonly upsertedIds: Record<number, unknown>;
  readonly insertedIds: Record<number, unknown>;

  constructor(raw: BulkOutcome) {
    this.#raw = raw;
    this.insertedCount = raw.nInserted;
    this.matchedCount = raw.nMatched;
    this.modifiedCount = raw.nModified;
    this.deletedCount = raw.nRemoved;
    this.upsertedCount = raw.upserted.length;
    this.upsertedIds = idMap(raw.upserted);
    this.insertedIds = idMap(raw.insertedIds);
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

/** A server error of one operation of a bulk write, as the driver reports it. */
export const writeError = (index: number, error: MemoryServerError, op: Document): MemoryWriteError =>
  new MemoryWriteError({ index, code: error.code, errmsg: error.message, op });

/**
 * The driver's result class for a bulk write's outcome: the engine's result has every public
 * member of the driver's `BulkWriteResult`, whose private members the type system alone sees.
 */
export const passesForDriverResult = (value: unknown): value is BulkWriteResult =>
  value instanceof MemoryBulkWriteResult;

/** The driver's `MongoBulkWriteError` for a bulk write that failed on at least one operation. */
export function bulkWriteError(outcome: BulkOutcome): MongoBulkWriteError {
  const [first] = outcome.writeErrors;
  if (first === undefined) throw new TypeError('a bulk write error needs a write error');
  const result = new MemoryBulkWriteResult(outcome);
  // The driver types its constructor's result as its own BulkWriteResult, a class it does not
  // export and whose constructor it keeps internal, so no typed call can reach it; the built value
  // is checked to be the driver's class before it is returned.
  const built: unknown = Reflect.construct(MongoBulkWriteError, [
    { message: first.errmsg, code: first.code, writeErrors: outcome.writeErrors },
    result,
  ]);
  if (!(built instanceof MongoBulkWriteError)) throw new TypeError('MongoBulkWriteError expected');
  return built;
}
