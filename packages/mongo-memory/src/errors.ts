/**
 * Errors shaped like the driver's: `MongoServerError` for what a server rejects (numeric `code`,
 * `codeName`), `MongoInvalidArgumentError` for what the driver itself rejects before sending.
 */
export type Document = Record<string, unknown>;

export class MemoryServerError extends Error {
  override readonly name = 'MongoServerError';
  readonly code: number;
  readonly codeName: string;
  readonly errmsg: string;
  readonly ok = 0;
  /** Set on duplicate key errors, as the server does. */
  keyPattern?: Document;
  keyValue?: Document;

  constructor(code: number, codeName: string, message: string) {
    super(message);
    this.code = code;
    this.codeName = codeName;
    this.errmsg = message;
  }
}

export class MemoryInvalidArgumentError extends Error {
  override readonly name = 'MongoInvalidArgumentError';
}

/** Something MongoDB supports that this engine does not: never answered silently. */
export class MemoryUnsupportedError extends Error {
  override readonly name = 'MemoryEngineUnsupportedError';
  constructor(what: string) {
    super(`${what} is not supported by the in-process engine`);
  }
}

/** A member of the driver's `Db`, `Collection` or cursors that the engine does not implement. */
export function unsupportedMember(member: string): never {
  throw new MemoryUnsupportedError(member);
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
  171: 'CannotIndexParallelArrays',
  11000: 'DuplicateKey',
};

/** A server error; location codes (5-digit asserts) have the codeName `Location<code>`. */
export function serverError(code: number, message: string): MemoryServerError {
  return new MemoryServerError(code, CODE_NAMES[code] ?? `Location${code}`, message);
}

export const badValue = (message: string): MemoryServerError => serverError(2, message);
