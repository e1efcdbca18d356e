import type { Issue } from '../errors/issue.js';
import { toHexId } from './ids.js';

/** Reads fields of a stored record, collecting every problem instead of stopping at the first. */
export class RecordReader {
  readonly issues: Issue[] = [];

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
