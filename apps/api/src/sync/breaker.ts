/** `closed`: deliver. `open`: the receiver is down, deliver nothing. `half-open`: one probe decides. */
export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerOptions {
  /** Consecutive retryable failures that open the breaker. @default 5 */
  readonly threshold?: number;
  /** First time the breaker stays open; doubles on each failed probe. @default 5000 */
  readonly openMs?: number;
  /** Longest time the breaker stays open. @default 300000 */
  readonly maxOpenMs?: number;
}

/**
 * A circuit breaker for the external system: after `threshold` retryable failures in a row it
 * stops deliveries for a while, then lets one probe through; a success closes it, a failure opens
 * it for twice as long. It decides only whether a request may go out: a request that went out is
 * one of its record's attempts whatever the breaker's state (the attempts setting means what it
 * says); records keep their attempts through an outage because none are sent while it is open.
 * Time is passed in, so it is pure.
 */
export class CircuitBreaker {
  readonly #threshold: number;
  readonly #baseOpenMs: number;
  readonly #maxOpenMs: number;
  #failures = 0;
  #openUntil = 0;
  #openMs: number;
  #probing = false;
  #heldUntil = 0;

  constructor(options: BreakerOptions = {}) {
    this.#threshold = options.threshold ?? 5;
    this.#baseOpenMs = options.openMs ?? 5000;
    this.#maxOpenMs = options.maxOpenMs ?? 300_000;
    this.#openMs = this.#baseOpenMs;
  }

  state(now: number): BreakerState {
    if (now < this.#heldUntil) return 'open';
    if (this.#openUntil === 0) return 'closed';
    return now < this.#openUntil ? 'open' : 'half-open';
  }

  /** Whether a delivery may start now; in half-open, only one (the probe) at a time. */
  tryAcquire(now: number): boolean {
    const state = this.state(now);
    if (state === 'closed') return true;
    if (state === 'open' || this.#probing) return false;
    this.#probing = true;
    return true;
  }

  /** When the breaker will let deliveries (or a probe) through again (0 when closed). */
  get reopensAt(): number {
    return Math.max(this.#openUntil, this.#heldUntil);
  }

  success(): void {
    this.#failures = 0;
    this.#openUntil = 0;
    this.#openMs = this.#baseOpenMs;
    this.#probing = false;
  }

  /** A retryable failure: a failed probe reopens for twice as long; `threshold` in a row open it. */
  failure(now: number): void {
    const wasProbe = this.#probing;
    this.#probing = false;
    if (wasProbe) {
      this.#openMs = Math.min(this.#openMs * 2, this.#maxOpenMs);
      this.#openUntil = now + this.#openMs;
      return;
    }
    // Requests that were already in flight when it opened end here; they don't extend the open time.
    if (this.#openUntil !== 0) return;
    this.#failures++;
    if (this.#failures >= this.#threshold) this.#openUntil = now + this.#openMs;
  }

  /** A permanent failure says nothing about the receiver being down; it ends a probe as a success would. */
  neutral(): void {
    if (this.#probing) this.success();
  }

  /** The probe slot was taken but nothing was sent (nothing due, or a local error): free it, state unchanged. */
  release(): void {
    this.#probing = false;
  }

  /**
   * The receiver asked every sender to wait (`429` with `Retry-After`): deliver nothing until then.
   * It does not count as a failure.
   */
  holdUntil(until: number): void {
    if (until > this.#heldUntil) this.#heldUntil = until;
  }
}
