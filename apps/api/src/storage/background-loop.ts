/**
 * One loop that runs `step` while it finds work and sleeps otherwise, until the poll interval passes
 * or `nudge()` wakes it; `stop()` lets the step in flight finish. (The sync has its own, with
 * several loops and the breaker's pauses: `sync/schedule.ts`; storage/ does not import sync/.)
 */
export class BackgroundLoop {
  readonly #step: () => Promise<boolean>;
  readonly #pollIntervalMs: number;
  readonly #onError: (error: unknown) => void;
  #running: Promise<void> | undefined;
  #stopping = false;
  #nudged = false;
  #wake: (() => void) | undefined;

  constructor(step: () => Promise<boolean>, pollIntervalMs: number, onError: (error: unknown) => void) {
    this.#step = step;
    this.#pollIntervalMs = pollIntervalMs;
    this.#onError = onError;
  }

  start(): void {
    if (this.#running) return;
    this.#stopping = false;
    this.#running = this.#loop();
  }

  /** Resolves once the loop has ended; a step in flight finishes first. */
  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#stopping = true;
    this.#wake?.();
    await this.#running;
    this.#running = undefined;
  }

  /** Work may be waiting: a sleeping loop wakes now, a busy one looks once more before sleeping. */
  nudge(): void {
    this.#nudged = true;
    this.#wake?.();
  }

  async #loop(): Promise<void> {
    while (!this.#stopping) {
      let worked = false;
      try {
        worked = await this.#step();
      } catch (error) {
        this.#onError(error);
      }
      if (!worked && !this.#stopping) await this.#sleep();
    }
  }

  #sleep(): Promise<void> {
    if (this.#nudged) {
      this.#nudged = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.#pollIntervalMs);
      this.#wake = done;
    });
  }
}
