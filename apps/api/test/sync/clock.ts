/** A clock the test moves by hand, for workers built with `now` (no wall-clock waits or assertions). */
export class ManualClock {
  #ms: number;

  constructor(start: number = Date.now()) {
    this.#ms = start;
  }

  readonly now = (): Date => new Date(this.#ms);

  advance(ms: number): void {
    this.#ms += ms;
  }
}
