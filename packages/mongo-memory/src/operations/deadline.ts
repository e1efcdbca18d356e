/**
 * `maxTimeMS`: the time an operation may take, as MongoDB enforces it. The deadline starts when
 * the operation starts (the cursor's first read) and is checked for every document a filter tests
 * while scanning, and once more when a pipeline's stages are done; past it the operation fails
 * with MongoDB's error (code 50, `MaxTimeMSExpired`, "operation exceeded time limit"). The clock
 * is the database's (`MemoryMongoClient`'s `now` option), so a test can move time on by hand.
 */
import { badValue, serverError } from '../errors/engine-errors.js';

/** Milliseconds from any fixed origin; only differences matter. */
export type Clock = () => number;

/** The default clock: monotonic, so a change of the system time never expires an operation. */
export const systemClock: Clock = () => performance.now();

export class Deadline {
  constructor(
    readonly at: number,
    readonly now: Clock,
  ) {}

  /** Throws `MaxTimeMSExpired` once the clock reaches the deadline. */
  check(): void {
    if (this.now() >= this.at) throw serverError(50, 'operation exceeded time limit');
  }
}

/**
 * The deadline of an operation given `maxTimeMS` (`undefined` or 0: none, as MongoDB), started now.
 * A value MongoDB refuses (negative, fractional, not a number, over a 32-bit integer) is refused.
 */
export function deadlineOf(maxTimeMS: unknown, now: Clock): Deadline | undefined {
  if (maxTimeMS === undefined || maxTimeMS === 0) return undefined;
  if (
    typeof maxTimeMS !== 'number' ||
    !Number.isInteger(maxTimeMS) ||
    maxTimeMS < 0 ||
    maxTimeMS > 2 ** 31 - 1
  ) {
    throw badValue('maxTimeMS must be a non-negative integer of 32 bits');
  }
  return new Deadline(now() + maxTimeMS, now);
}

/** `test`, checking the deadline before each document it tests (the scan loops call it). */
export function checkingDeadline<T>(
  test: (doc: T) => boolean,
  deadline: Deadline | undefined,
): (doc: T) => boolean {
  if (deadline === undefined) return test;
  return (doc) => {
    deadline.check();
    return test(doc);
  };
}
