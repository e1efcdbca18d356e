import { buildFailureNotice, type IntegrationClient } from '@school/integration-client';
import type { FastifyBaseLogger } from 'fastify';
import type { CircuitBreaker } from './breaker.js';
import type { DeliveryLog } from './delivery-log.js';
import { type Decision, decide } from './outcome.js';
import type { Sent } from './send.js';
import type { ClaimedRecord, SyncStateStore } from './sync-state.js';

export interface RecordOutcomeDependencies {
  readonly store: SyncStateStore;
  readonly client: IntegrationClient;
  readonly breaker: CircuitBreaker;
  readonly deliveries: DeliveryLog;
  readonly log: Pick<FastifyBaseLogger, 'warn'>;
  /** This service's public address, for the re-emit URL in failure notices. */
  readonly publicUrl: string;
}

/**
 * Stores what a send did: the attempt in the delivery log, the receiver's health in the breaker,
 * the record's next state (fenced by its lease), and the failure notice when it was given up.
 * Returns the decision that was stored.
 */
export async function recordOutcome(
  claim: ClaimedRecord,
  sent: Sent,
  now: Date,
  deps: RecordOutcomeDependencies,
): Promise<Decision> {
  const { store, client, breaker, log } = deps;
  const { collection, id, record } = claim;
  if (sent.kind === 'sent') {
    const { result } = sent;
    await deps.deliveries.append(
      { collection, record, operation: sent.operation, attempt: claim.sync.attempts + 1, at: now },
      result,
    );
    if (result.outcome === 'acknowledged') breaker.success();
    else if (result.outcome === 'retryable') {
      breaker.failure(now.getTime());
      // A 429 asks every sender to wait, not only this record.
      if (result.status === 429 && result.retryAfterMs !== undefined)
        breaker.holdUntil(now.getTime() + result.retryAfterMs);
    } else breaker.neutral();
  } else {
    // No request went out: it says nothing about the receiver (a probe slot is freed).
    breaker.release();
  }

  const decision = decide(sent, {
    attemptsBefore: claim.sync.attempts,
    now,
    nextRetryDelay: client.nextRetryDelay,
  });
  const where = { collection, id: id.toHexString() };
  switch (decision.kind) {
    case 'acknowledge': {
      const stored = await store.acknowledge(claim, { ...decision, now });
      if (stored === 'lease-lost') log.warn(where, 'sync lease lost before the acknowledgement was stored');
      break;
    }
    case 'retry':
      log.warn(
        { ...where, attempts: decision.attempts, error: decision.error },
        'sync delivery failed; will retry',
      );
      await store.retryAt(claim, decision.attempts, decision.dueAt, decision.error);
      break;
    case 'give-up': {
      log.warn({ ...where, attempts: decision.attempts, error: decision.error }, 'sync delivery given up');
      const stored = await store.giveUp(claim, decision.attempts, decision.error, now);
      // A change made while the request was in flight is pending again: nothing to report yet.
      if (stored !== 'failed') break;
      const notice = buildFailureNotice({
        collection,
        recordId: id,
        externalId: claim.sync.external_id,
        operation: decision.operation,
        attempts: Math.max(decision.attempts, 1),
        lastError: decision.cause,
        serviceBaseUrl: deps.publicUrl,
        failedAt: now,
      });
      const result = await client.notifyFailure(notice);
      await deps.deliveries.append({ collection, record, operation: 'notice', attempt: 1, at: now }, result);
      break;
    }
  }
  return decision;
}
