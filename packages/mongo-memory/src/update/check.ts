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

/** One operator's path and argument (`$rename` adds a `$rename-to` entry for its target). */
export type Entry = [op: string, path: string, arg: unknown];

/** The identifier of a `$[<id>]` path part (`''` for `$[]`), or undefined for any other part. */
export const arrayUpdateIdentifier = (part: string): string | undefined =>
  part.length >= 3 && part.startsWith('$[') && part.endsWith(']') ? part.slice(2, -1) : undefined;

/** A path part that names array positions: `$`, `$[]` or `$[<id>]`. */
export const isDynamic = (part: string): boolean => part === '$' || arrayUpdateIdentifier(part) !== undefined;

/**
 * One update path's parts checked as MongoDB's `UpdateObjectNode::parseAndMerge` checks them: no
 * empty part, one `$` at most and never first, no `$[<id>]` first, every identifier given a filter
 * (the identifiers used are added to `used`).
 */
function checkPath(path: string, identifiers: ReadonlySet<string>, used: Set<string>): void {
  if (path === '') throw serverError(56, 'An empty update path is not valid.');
  const parts = path.split('.');
  if (parts.includes('')) {
    throw serverError(56, `The update path '${path}' contains an empty field name, which is not allowed.`);
  }
  const positional = parts.filter((part) => part === '$').length;
  if (positional > 1) throw serverError(2, `Too many positional (i.e. '$') elements found in path '${path}'`);
  if (parts[0] === '$') {
    throw serverError(2, `Cannot have positional (i.e. '$') element in the first position in path '${path}'`);
  }
  parts.forEach((part, i) => {
    const identifier = arrayUpdateIdentifier(part);
    if (identifier === undefined) return;
    if (i === 0) {
      throw serverError(
        2,
        `Cannot have array filter identifier (i.e. '$[<id>]') element in the first position in path '${path}'`,
      );
    }
    if (identifier === '') return;
    if (!identifiers.has(identifier))
      throw serverError(2, `No array filter found for identifier '${identifier}' in path '${path}'`);
    used.add(identifier);
  });
}

function checkOperator(op: string, arg: unknown): asserts arg is Document {
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
}

function renameTarget(path: string, value: unknown): string {
  if (typeof value !== 'string')
    throw serverError(2, `The 'to' field for $rename must be a string: ${path}: ${describe(value)}`);
  if (value === path)
    throw serverError(2, `The source and target field for $rename must differ: ${path}: "${value}"`);
  if (path.split('.').some(isDynamic))
    throw serverError(2, `The source field for $rename may not be dynamic: ${path}`);
  if (value.split('.').some(isDynamic))
    throw serverError(2, `The destination field for $rename may not be dynamic: ${value}`);
  return value;
}

/**
 * The operator entries of an update, checked; `identifiers` are those of the `arrayFilters` given,
 * and the ones the paths use are returned in `used`.
 */
export function validatePaths(
  update: Document,
  identifiers: ReadonlySet<string> = new Set(),
): { entries: Entry[]; used: Set<string> } {
  const entries: Entry[] = [];
  const used = new Set<string>();
  for (const [op, arg] of Object.entries(update)) {
    checkOperator(op, arg);
    for (const [path, value] of Object.entries(arg)) {
      checkPath(path, identifiers, used);
      if (op === '$pop' && !(isNumberLike(value) && Math.abs(toNumber(value)) === 1)) {
        // Checked when the update is parsed, whether or not the path exists (PopNode::init).
        throw serverError(9, `$pop expects 1 or -1, found: ${describe(value)}`);
      }
      entries.push([op, path, value]);
      if (op === '$rename') entries.push(['$rename-to', renameTarget(path, value), undefined]);
    }
  }
  checkConflicts(entries.map(([, p]) => p.replaceAll('.$[]', '')));
  return { entries, used };
}

function checkConflicts(paths: string[]): void {
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
}
