import type { IssueCode } from './errors.js';

/**
 * At most this many issues are listed for one query (or body, in a host that uses `IssueList`);
 * past it, one last `TOO_MANY_ERRORS` entry says how many more were found. A reply stays small and
 * cheap to build however many mistakes the input holds.
 */
export const MAX_LISTED_ISSUES = 50;

/** An issue whose code is one of `C`: the host lists its own codes besides the library's. */
export interface IssueOf<C extends string> {
  readonly code: C;
  readonly message: string;
  readonly param: string;
}

/**
 * Collects issues while input is validated, so the caller gets all of them at once: the same
 * issue twice is listed once, at most `max` are listed, and the rest are only counted. Every step
 * is constant time (a `Set` keyed by the issue), so a list of n issues costs O(n), never O(n²).
 */
export class IssueList<C extends string = IssueCode> {
  readonly #listed: IssueOf<C>[] = [];
  readonly #seen = new Set<string>();
  #omitted = 0;
  #reported = 0;

  /**
   * @param subject what the issues are about, named by the `TOO_MANY_ERRORS` entry (its `param`).
   * @param max how many issues are listed. @default MAX_LISTED_ISSUES
   */
  constructor(
    readonly subject = 'query',
    readonly max = MAX_LISTED_ISSUES,
  ) {}

  add(code: C, param: string, message: string): void {
    this.#reported++;
    const key = `${code}\u0000${param}\u0000${message}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    if (this.#listed.length < this.max) this.#listed.push({ code, message, param });
    else this.#omitted++;
  }

  /** Adds what another list collected (its listed issues, and the count of those it left out). */
  absorb(other: IssueList<C>): void {
    for (const issue of other.#listed) this.add(issue.code, issue.param, issue.message);
    this.#omitted += other.#omitted;
    this.#reported += other.#reported - other.#listed.length;
  }

  /**
   * How many times `add` was called, duplicates included: a validator compares it before and after
   * a step to learn whether the step found a problem.
   */
  get reported(): number {
    return this.#reported;
  }

  get empty(): boolean {
    return this.#reported === 0;
  }

  /** The issues as the caller sees them: the listed ones, then `TOO_MANY_ERRORS` if any were left out. */
  list(): IssueOf<C | 'TOO_MANY_ERRORS'>[] {
    if (this.#omitted === 0) return [...this.#listed];
    return [...this.#listed, tooManyErrors(this.#omitted, this.max, this.subject)];
  }
}

function tooManyErrors(omitted: number, max: number, subject: string): IssueOf<'TOO_MANY_ERRORS'> {
  const more = omitted === 1 ? '1 more problem was' : `${omitted} more problems were`;
  return {
    code: 'TOO_MANY_ERRORS',
    param: subject,
    message: `${more} found in the ${subject} and not listed: only the first ${max} are. Fix these and send it again.`,
  };
}
