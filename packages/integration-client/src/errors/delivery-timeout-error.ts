import { recognisedAcrossCopies } from './brand.js';
import { DeliveryError, type DeliveryMethod } from './delivery-error.js';

export interface DeliveryTimeoutErrorDetails {
  readonly method: DeliveryMethod;
  readonly url: string;
  /** The limit that ran out (the client's `timeoutMs`). */
  readonly timeoutMs: number;
  /** `connect`: no connection within the limit; `reply`: connected, but no complete reply. */
  readonly phase: 'connect' | 'reply';
  readonly status?: number | undefined;
  readonly cause?: unknown;
}

/**
 * No complete reply within the per-request time limit. Retryable. The external system may have
 * processed the request anyway; a retried create carries the same `Idempotency-Key`.
 */
export class DeliveryTimeoutError extends DeliveryError {
  static {
    recognisedAcrossCopies(DeliveryTimeoutError, 'DeliveryTimeoutError');
  }

  readonly timeoutMs: number;
  readonly phase: 'connect' | 'reply';

  constructor(details: DeliveryTimeoutErrorDetails) {
    const what =
      details.phase === 'connect'
        ? `could not connect within ${details.timeoutMs} ms`
        : `got no complete reply within ${details.timeoutMs} ms`;
    super(`${details.method} ${details.url} ${what} (timeoutMs); will be retried.`, details, true);
    this.name = 'DeliveryTimeoutError';
    this.timeoutMs = details.timeoutMs;
    this.phase = details.phase;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), timeoutMs: this.timeoutMs, phase: this.phase };
  }
}
