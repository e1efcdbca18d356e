import { InvalidRecordError } from '../errors/errors.js';
import type { Issue } from '../errors/issue.js';
import type { IntegrationCollection } from './collections.js';
import { toHexId } from './ids.js';

/** The fields every stored record of a synced collection has. */
export interface StoredFields {
  /** The record, as an object to read more fields from. */
  readonly record: Record<string, unknown>;
  /** Its `_id` as 24-hex ('' when it could not be read). */
  readonly recordId: string;
  /** Its `school` as 24-hex. */
  readonly school: string;
}

/**
 * Reads fields of a stored record of `collection`, collecting every problem instead of stopping at
 * the first; {@link RecordReader.done} throws them together.
 */
export class RecordReader {
  readonly issues: Issue[] = [];
  private recordId = '';

  constructor(private readonly collection: IntegrationCollection) {}

  /** The record itself with its `_id` and `school`, the fields every payload carries. */
  stored(value: unknown): StoredFields {
    const record = this.object(value, '');
    this.recordId = this.id(record._id, '_id');
    return { record, recordId: this.recordId, school: this.id(record.school, 'school') };
  }

  /**
   * `payload`, when every field read was right.
   * @throws {InvalidRecordError} listing every problem found, with the record's `_id` when it was read.
   */
  done<T>(payload: T): T {
    if (this.issues.length === 0) return payload;
    throw new InvalidRecordError(this.collection, this.recordId || undefined, this.issues);
  }

  /** A required identifier, as 24-hex. */
  id(value: unknown, path: string): string {
    const hex = toHexId(value);
    if (hex === undefined) {
      this.issues.push({
        code: 'INVALID_VALUE',
        param: path,
        message: value == null ? 'is required (an ObjectId)' : 'must be an ObjectId or a 24-hex string',
      });
      return '';
    }
    return hex;
  }

  /** An optional identifier: `null`/`undefined` give `undefined`. */
  optionalId(value: unknown, path: string): string | undefined {
    return value == null ? undefined : this.id(value, path);
  }

  /** A required non-empty string. */
  text(value: unknown, path: string): string {
    if (typeof value === 'string' && value !== '') return value;
    this.issues.push({ code: 'INVALID_VALUE', param: path, message: 'is required (a non-empty string)' });
    return '';
  }

  /** An optional string: `null`, `undefined` and `""` give `undefined` (the field is left out). */
  optionalText(value: unknown, path: string): string | undefined {
    if (value == null || value === '') return undefined;
    if (typeof value === 'string') return value;
    this.issues.push({ code: 'INVALID_VALUE', param: path, message: 'must be a string' });
    return undefined;
  }

  /** `value` as an object to read fields from; records a problem (and gives `{}`) when it is not one. */
  object(value: unknown, path: string): Record<string, unknown> {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
    this.issues.push({ code: 'INVALID_VALUE', param: path, message: 'is required (an object)' });
    return {};
  }
}
