/**
 * Where an index can be read for a filter: the ranges of its entries that hold every match. The
 * leading fields the filter gives values for (equality, `$in`) are fixed one combination at a
 * time; the next field may be a range; the fields after are read whole. Two fields that both hold
 * several values in some document (multikey) are not bounded together: a document matches when one
 * of its elements meets one condition and another element the other, which no single entry shows.
 */
import { splitPath } from '../bson/paths.js';
import { type EntryKey, HIGH, LOW } from '../indexes/index-order.js';
import { POSITION } from '../indexes/key-generator.js';
import type { IndexDefinition } from '../indexes/unique-index.js';
import { type FieldBounds, fieldBounds, type Interval } from './conditions.js';
import { covers } from './coverage.js';

/** Entries from `lo` to `hi` (both probes, between entries) in the index's order. */
interface ScanRange {
  readonly lo: EntryKey;
  readonly hi: EntryKey;
}

export interface IndexPlan {
  readonly index: IndexDefinition;
  readonly ranges: readonly ScanRange[];
  /** How many leading fields hold one value for every range (what an index-order sort may follow). */
  readonly fixedFields: number;
  /** How many leading fields are bounded at all. */
  readonly boundedFields: number;
}

/** More combinations of values than this on the leading fields: the later fields are not bounded. */
const MAX_COMBINATIONS = 200;

/** The fields of an index the planner can read: plain paths, each ascending or descending. */
export function readableFields(index: IndexDefinition): string[] | undefined {
  if (index.directions === undefined) return undefined;
  const fields = Object.keys(index.key);
  if (fields.some((field) => splitPath(field).some((part) => POSITION.test(part)))) return undefined;
  return fields;
}

/** The bounded plan of `index` for a filter's conditions, if the filter bounds its first field. */
export function boundedPlan(
  index: IndexDefinition,
  conditions: ReadonlyMap<string, unknown[]>,
): IndexPlan | undefined {
  const fields = readableFields(index);
  if (fields === undefined || !covers(index, conditions)) return undefined;
  return boundsPlan(index, fields, conditions);
}

/**
 * The plan of a hinted index (readable: see `readableFields`): bounded where the filter bounds it,
 * else read whole, whether or not every match is in it — a hinted sparse index answers with the
 * documents it holds, as MongoDB's does.
 */
export function hintedPlan(index: IndexDefinition, conditions: ReadonlyMap<string, unknown[]>): IndexPlan {
  return boundsPlan(index, readableFields(index)!, conditions) ?? planOf(index, []);
}

function boundsPlan(
  index: IndexDefinition,
  fields: readonly string[],
  conditions: ReadonlyMap<string, unknown[]>,
): IndexPlan | undefined {
  const bounds: FieldBounds[] = [];
  let multikeyBounded = false;
  let combinations = 1;
  for (const [i, field] of fields.entries()) {
    const multikey = index.multikey[i]!;
    if (multikey && multikeyBounded) break;
    const field_ = fieldBounds(conditions.get(field), multikey);
    if (field_ === undefined) break;
    combinations *= field_.intervals.length;
    if (combinations > MAX_COMBINATIONS) break;
    bounds.push(field_);
    multikeyBounded ||= multikey;
    if (!field_.points) break;
  }
  if (bounds.length === 0) return undefined;
  return planOf(index, bounds);
}

/** The plan reading all of `index` (for a sort it gives), when every match is in it. */
export function fullPlan(
  index: IndexDefinition,
  conditions: ReadonlyMap<string, unknown[]>,
): IndexPlan | undefined {
  if (readableFields(index) === undefined || !covers(index, conditions)) return undefined;
  return planOf(index, []);
}

function planOf(index: IndexDefinition, bounds: readonly FieldBounds[]): IndexPlan {
  const directions = index.directions!;
  let prefixes: unknown[][] = [[]];
  let last: readonly Interval[] | undefined;
  for (const [i, field] of bounds.entries()) {
    const intervals = directions[i] === 1 ? field.intervals : [...field.intervals].reverse();
    if (field.points) prefixes = prefixes.flatMap((prefix) => intervals.map((p) => [...prefix, p.lo]));
    else last = intervals;
  }
  const width = directions.length;
  const ranges: ScanRange[] = [];
  for (const prefix of prefixes) {
    if (last === undefined) {
      ranges.push({ lo: probe(prefix, width, LOW), hi: probe(prefix, width, HIGH) });
      continue;
    }
    const direction = directions[prefix.length]!;
    for (const interval of last) ranges.push(rangeOf(prefix, interval, direction, width));
  }
  const fixed = bounds.findIndex((field) => !field.points || field.intervals.length > 1);
  return {
    index,
    ranges,
    fixedFields: fixed === -1 ? bounds.length : fixed,
    boundedFields: bounds.length,
  };
}

/** The key `prefix` followed by `fill` (LOW or HIGH) in every other field, before or after its record. */
function probe(prefix: readonly unknown[], width: number, fill: typeof LOW | typeof HIGH): EntryKey {
  const values = [...prefix];
  while (values.length < width) values.push(fill);
  return { values, rank: fill === LOW ? -Infinity : Infinity };
}

function rangeOf(
  prefix: readonly unknown[],
  interval: Interval,
  direction: 1 | -1,
  width: number,
): ScanRange {
  // A descending field holds its values from high to low: the interval is read from its top.
  const [first, firstIncluded, second, secondIncluded] =
    direction === 1
      ? [interval.lo, interval.loIncluded, interval.hi, interval.hiIncluded]
      : [interval.hi, interval.hiIncluded, interval.lo, interval.loIncluded];
  // An excluded first value is passed by starting after all its entries; an excluded last value by
  // stopping before them. A type edge is never a value: either fill does.
  return {
    lo: probe([...prefix, first], width, firstIncluded ? LOW : HIGH),
    hi: probe([...prefix, second], width, secondIncluded ? HIGH : LOW),
  };
}
