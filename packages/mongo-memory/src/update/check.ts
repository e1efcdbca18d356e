/**
 * An update's shape checked before it runs: the driver's own checks (operators or a pipeline; a
 * replacement without operators) and MongoDB's (known operators, fields, no conflicting paths).
 */

import type { Document } from '../bson/document.js';
import { isDocument, isNumberLike, toNumber, typeName } from '../bson/order.js';
import {
  MemoryEngineUnsupportedError,
  MemoryInvalidArgumentError,
  serverError,
} from '../errors/engine-errors.js';

const OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$push',
  '$addToSet',
  '$pull',
  '$pullAll',
  '$pop',
  '$rename',
  '$currentDate',
  '$setOnInsert',
]);

export type Update = Document | Document[];

/** The driver's own check: an update document must use operators; a replacement must not. */
export function checkUpdate(update: unknown): Update {
  if (Array.isArray(update)) return update as Document[];
  if (!isDocument(update) || Object.keys(update).length === 0 || !Object.keys(update)[0]!.startsWith('$')) {
    throw new MemoryInvalidArgumentError('Update document requires atomic operators');
  }
  return update;
}

export function checkReplacement(replacement: unknown): Document {
  if (!isDocument(replacement))
    throw new MemoryInvalidArgumentError('Replacement document must be an object');
  if (Object.keys(replacement)[0]?.startsWith('$')) {
    throw new MemoryInvalidArgumentError('Replacement document must not contain atomic operators');
  }
  return replacement;
}

export function describe(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

export function validatePaths(update: Document): Array<[string, string, unknown]> {
  const entries: Array<[string, string, unknown]> = [];
  for (const [op, arg] of Object.entries(update)) {
    if (!op.startsWith('$'))
      throw serverError(
        9,
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    if (op === '$bit') throw new MemoryEngineUnsupportedError('The update operator $bit');
    if (!OPERATORS.has(op))
      throw serverError(
        9,
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    if (!isDocument(arg)) {
      throw serverError(
        9,
        `Modifiers operate on fields but we found type ${typeName(arg)} instead. For example: {$mod: {<field>: ...}} not {${op}: ${describe(arg)}}`,
      );
    }
    for (const [path, value] of Object.entries(arg)) {
      if (path === '') throw serverError(56, 'An empty update path is not valid.');
      for (const part of path.split('.')) {
        if (part === '')
          throw serverError(
            56,
            `The update path '${path}' contains an empty field name, which is not allowed.`,
          );
        if (part === '$' || /^\$\[[^\]]+\]$/.test(part)) {
          throw new MemoryEngineUnsupportedError(`The positional update path '${path}'`);
        }
      }
      if (op === '$pop' && !(isNumberLike(value) && Math.abs(toNumber(value)) === 1)) {
        // Checked when the update is parsed, whether or not the path exists (PopNode::init).
        throw serverError(9, `$pop expects 1 or -1, found: ${describe(value)}`);
      }
      entries.push([op, path, value]);
      if (op === '$rename') {
        if (typeof value !== 'string')
          throw serverError(2, `The 'to' field for $rename must be a string: ${path}: ${describe(value)}`);
        if (value === path)
          throw serverError(2, `The source and target field for $rename must differ: ${path}: "${value}"`);
        entries.push(['$rename-to', value, undefined]);
      }
    }
  }
  const paths = entries.map(([, p]) => p.replaceAll('.$[]', ''));
  for (let i = 0; i < paths.length; i++) {
    for (let j = 0; j < paths.length; j++) {
      if (i === j) continue;
      const a = paths[i]!;
      const b = paths[j]!;
      if (a === b || b.startsWith(`${a}.`)) {
        throw serverError(40, `Updating the path '${b}' would create a conflict at '${a}'`);
      }
    }
  }
  return entries;
}
