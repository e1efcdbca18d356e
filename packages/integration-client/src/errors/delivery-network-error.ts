import { recognisedAcrossCopies } from './brand.js';
import { DeliveryError, type DeliveryMethod } from './delivery-error.js';

const explanations: Readonly<Record<string, string>> = {
  ECONNREFUSED:
    'connection refused: nothing listens at that address (is the external system up, is baseUrl right?)',
  ECONNRESET: 'the connection was reset by the other side',
  EPIPE: 'the connection was closed by the other side while sending',
  ENOTFOUND: 'the host name was not found (DNS); check baseUrl',
  EAI_AGAIN: 'the host name could not be resolved right now (DNS)',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_SOCKET: 'the other side closed the connection before replying',
  UND_ERR_CLOSED: 'the client was closed before the request finished',
  UND_ERR_DESTROYED: 'the client was closed before the request finished',
  ABORTED: "the request was aborted by the caller's signal before a complete reply",
};

export interface DeliveryNetworkErrorDetails {
  readonly method: DeliveryMethod;
  readonly url: string;
  /** The system or undici error code (`ECONNREFUSED`, `UND_ERR_SOCKET`, ...), or `ABORTED`. */
  readonly code: string;
  readonly cause?: unknown;
}

/**
 * No complete reply arrived: the connection failed, was reset or closed, the name did not resolve,
 * or the caller aborted. Always retryable; the external system may or may not have received the
 * request, which is what `Idempotency-Key` and `webhook-id` are for.
 */
export class DeliveryNetworkError extends DeliveryError {
  static {
    recognisedAcrossCopies(DeliveryNetworkError, 'DeliveryNetworkError');
  }

  readonly code: string;

  constructor(details: DeliveryNetworkErrorDetails) {
    const what =
      explanations[details.code] ??
      `the request failed: ${details.cause instanceof Error ? details.cause.message : 'unknown error'}`;
    super(
      `${details.method} ${details.url} failed (${details.code}): ${what}; will be retried.`,
      details,
      true,
    );
    this.name = 'DeliveryNetworkError';
    this.code = details.code;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), code: this.code };
  }
}
