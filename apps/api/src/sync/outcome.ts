import type { DeliveryError, DeliveryFailure, InvalidRecordError } from '@school/integration-client';
import type { Sent } from './send.js';

/** What to store after sending a claimed record. */
export type Decision =
  | {
      readonly kind: 'acknowledge';
      readonly externalId: string;
      /** What the external system now holds. */
      readonly payload: object;
      readonly current: boolean;
    }
  | { readonly kind: 'retry'; readonly attempts: number; readonly dueAt: Date; readonly error: string }
  | {
      readonly kind: 'give-up';
      readonly attempts: number;
      readonly error: string;
      readonly operation: 'create' | 'update';
      readonly cause: DeliveryError | InvalidRecordError;
    };

export interface DecideContext {
  /** Failed attempts before this one (the record's streak). */
  readonly attemptsBefore: number;
  readonly now: Date;
  /** The wait before the next attempt, `undefined` when none is left (the client's schedule). */
  readonly nextRetryDelay: (attemptsMade: number, failure: DeliveryFailure) => number | undefined;
}

/**
 * The outcome of a send, as data. Every request that went out is an attempt, so a record gets
 * exactly `delays + 1` attempts before it is given up; a permanent failure gives up at once.
 */
export function decide(sent: Sent, { attemptsBefore, now, nextRetryDelay }: DecideContext): Decision {
  switch (sent.kind) {
    case 'unbuildable':
      return {
        kind: 'give-up',
        attempts: attemptsBefore,
        error: sent.error.name,
        operation: sent.operation,
        cause: sent.error,
      };
    case 'unchanged':
      return { kind: 'acknowledge', externalId: sent.externalId, payload: sent.payload, current: true };
    case 'sent': {
      const { result } = sent;
      if (result.outcome === 'acknowledged') {
        return {
          kind: 'acknowledge',
          externalId: result.externalId,
          payload: sent.body,
          current: sent.current,
        };
      }
      const attempts = attemptsBefore + 1;
      const error = errorLabel(result);
      const delay = result.outcome === 'retryable' ? nextRetryDelay(attempts, result) : undefined;
      if (delay === undefined) {
        return { kind: 'give-up', attempts, error, operation: sent.operation, cause: result.error };
      }
      return { kind: 'retry', attempts, dueAt: new Date(now.getTime() + delay), error };
    }
  }
}

/** `DeliveryHttpError 503`: the error's class and the status, stored as `_sync.last_error`. */
export function errorLabel(failure: DeliveryFailure): string {
  return `${failure.error.name}${failure.status ? ` ${failure.status}` : ''}`;
}
