export interface DeliveryLoopsOptions {
  /** Loops running at once (deliveries in flight at once in this process). */
  readonly concurrency: number;
  /** How long an idle loop sleeps when not nudged. */
  readonly pollIntervalMs: number;
  /** Milliseconds until deliveries may go out again (the breaker), or 0; an idle loop wakes then. */
  readonly blockedForMs: () => number;
  /** A step threw (the loop goes on). */
  readonly onError: (error: unknown) => void;
}

/**
 * When deliveries happen: `concurrency` loops each run `step` (one claim and delivery) while it
 * finds work, and sleep when it finds none — until the poll interval passes, the breaker reopens,
 * or a local write nudges them. `stop()` lets the steps in flight finish.
 */
export class DeliveryLoops {
  readonly #step: () => Promise<boolean>;
  readonly #options: DeliveryLoopsOptions;
  readonly #sleepers = new Set<() => void>();
  #loops: Promise<void>[] = [];
  #running = false;
  #nudged = false;

  constructor(step: () => Promise<boolean>, options: DeliveryLoopsOptions) {
    this.#step = step;
    this.#options = options;
  }

  get running(): boolean {
    return this.#running;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loops = Array.from({ length: this.#options.concurrency }, () => this.#loop());
  }

  /** Resolves once every loop has ended; a step in flight finishes first. */
  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    this.#wakeAll();
    await Promise.allSettled(this.#loops);
    this.#loops = [];
  }

  /** Work may be waiting: sleeping loops wake now, and the next loop to fall idle looks once more. */
  nudge(): void {
    this.#nudged = true;
    this.#wakeAll();
  }

  async #loop(): Promise<void> {
    while (this.#running) {
      let worked = false;
      try {
        worked = await this.#step();
      } catch (error) {
        this.#options.onError(error);
      }
      if (!worked && this.#running) await this.#sleep();
    }
  }

  #sleep(): Promise<void> {
    if (this.#nudged) {
      this.#nudged = false;
      return Promise.resolve();
    }
    const blocked = this.#options.blockedForMs();
    const wait = blocked > 0 ? Math.min(blocked, this.#options.pollIntervalMs) : this.#options.pollIntervalMs;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, wait);
      this.#sleepers.add(done);
    });
  }

  #wakeAll(): void {
    for (const wake of [...this.#sleepers]) wake();
  }
}
