/**
 * Errors shaped like the driver's: `MongoServerError` for what a server rejects (numeric `code`,
 * `codeName`), `MongoInvalidArgumentError` for what the driver itself rejects before sending.
 */
import { MongoInvalidArgumentError, MongoServerError } from 'mongodb';
import type { Document } from '../bson/document.js';
import { recognisedAcrossCopies } from './brand.js';

/**
 * A server error: the driver's own `MongoServerError`, so application code that checks
 * `error instanceof MongoServerError && error.code === 11000` behaves as it does on MongoDB.
 */
export class MemoryServerError extends MongoServerError {
  static {
    recognisedAcrossCopies(MemoryServerError, 'MemoryServerError');
  }

  declare code: number;
  declare codeName: string;
  /** Set on duplicate key errors, as the server does. */
  declare keyPattern?: Document;
  declare keyValue?: Document;

  constructor(code: number, codeName: string, message: string) {
    super({ message, code, codeName, ok: 0 });
  }
}

/** What the driver itself rejects before sending: the driver's own `MongoInvalidArgumentError`. */
export class MemoryInvalidArgumentError extends MongoInvalidArgumentError {
  static {
    recognisedAcrossCopies(MemoryInvalidArgumentError, 'MemoryInvalidArgumentError');
  }
}

/** The `code` of every `MemoryEngineUnsupportedError`. */
export const UNSUPPORTED_CODE = 'MEMORY_ENGINE_UNSUPPORTED';

/**
 * Something MongoDB supports that this engine does not: never answered silently. Its own class
 * (not a `MongoServerError`: MongoDB would have answered) and its own `code`.
 */
export class MemoryEngineUnsupportedError extends Error {
  static {
    recognisedAcrossCopies(MemoryEngineUnsupportedError, 'MemoryEngineUnsupportedError');
  }

  override readonly name = 'MemoryEngineUnsupportedError';
  readonly code = UNSUPPORTED_CODE;
  constructor(what: string) {
    super(`${what} is not supported by the in-process engine`);
  }
}

/** A member of the driver's `Db`, `Collection` or cursors that the engine does not implement. */
export function unsupportedMember(member: string): never {
  throw new MemoryEngineUnsupportedError(member);
}

const CODE_NAMES: Record<number, string> = {
  2: 'BadValue',
  9: 'FailedToParse',
  14: 'TypeMismatch',
  15: 'Overflow',
  16: 'InvalidLength',
  17: 'ProtocolError',
  26: 'NamespaceNotFound',
  27: 'IndexNotFound',
  28: 'PathNotViable',
  40: 'ConflictingUpdateOperators',
  50: 'MaxTimeMSExpired',
  52: 'DollarPrefixedFieldName',
  54: 'NotSingleValueField',
  56: 'EmptyFieldName',
  57: 'DottedFieldName',
  66: 'ImmutableField',
  72: 'InvalidOptions',
  73: 'InvalidNamespace',
  85: 'IndexOptionsConflict',
  86: 'IndexKeySpecsConflict',
  168: 'InvalidPipelineOperator',
  67: 'CannotCreateIndex',
  171: 'CannotIndexParallelArrays',
  181: 'AmbiguousIndexKeyPattern',
  11000: 'DuplicateKey',
};

/** A server error; location codes (5-digit asserts) have the codeName `Location<code>`. */
export function serverError(code: number, message: string): MemoryServerError {
  return new MemoryServerError(code, CODE_NAMES[code] ?? `Location${code}`, message);
}

export const badValue = (message: string): MemoryServerError => serverError(2, message);
