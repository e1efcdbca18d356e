/**
 * Strings kept once each, in the order first added. A search holds a few words, and a list finds
 * a repeated one sooner than a set hashes every word; past a few, a set keeps a text of thousands
 * of words from taking quadratic time.
 */
export class Distinct {
  readonly values: string[] = [];
  private set: Set<string> | undefined;

  /** Adds `value` unless it is there already; says whether it was added. */
  add(value: string): boolean {
    if (this.has(value)) return false;
    this.values.push(value);
    this.set?.add(value);
    return true;
  }

  private has(value: string): boolean {
    if (this.set) return this.set.has(value);
    if (this.values.length < LIST_SIZE) return this.values.includes(value);
    this.set = new Set(this.values);
    return this.set.has(value);
  }
}

const LIST_SIZE = 16;
