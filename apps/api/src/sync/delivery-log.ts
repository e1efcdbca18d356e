import { ObjectId } from 'bson';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Document } from 'mongodb';
import { DELIVERIES, type DeliveryRecord } from './deliveries.js';

/** What the log keeps of a request's result. */
export interface LoggedResult {
  readonly outcome: DeliveryRecord['outcome'];
  readonly method: string;
  readonly url: string;
  readonly status: number | undefined;
  readonly durationMs: number;
  readonly error?: { readonly name: string; readonly code?: unknown } | undefined;
}

/**
 * The path (and query) of a request to the external system, without its scheme, host and port:
 * every reader of the log sees it, and the external system's address is the operator's to know.
 */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url.startsWith('/') ? url : '/';
  }
}

/** The append-only log of delivery attempts: ids, path, status, timing, error class — no personal data, no address of the external system. */
export class DeliveryLog {
  constructor(
    readonly db: Db,
    readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
    readonly workerId: string,
  ) {}

  async append(
    entry: {
      readonly collection: DeliveryRecord['collection'];
      readonly record: Document;
      readonly operation: DeliveryRecord['operation'];
      readonly attempt: number;
      readonly at: Date;
    },
    result: LoggedResult,
  ): Promise<void> {
    const row: Omit<DeliveryRecord, '_id'> = {
      school: entry.record.school ?? null,
      collection: entry.collection,
      record: entry.record._id,
      operation: entry.operation,
      method: result.method,
      url: pathOf(result.url),
      status: result.status ?? null,
      outcome: result.outcome,
      error_class: result.error?.name ?? null,
      error_code: typeof result.error?.code === 'string' ? result.error.code : null,
      duration_ms: Math.round(result.durationMs * 10) / 10,
      attempt: entry.attempt,
      worker: this.workerId,
      at: entry.at,
    };
    this.log.info({ delivery: row }, 'sync delivery');
    try {
      await this.db.collection(DELIVERIES).insertOne({ _id: new ObjectId(), ...row });
    } catch (error) {
      // The log is for people; a failure to write it must not hold back the delivery's outcome.
      this.log.error({ err: error }, 'could not record a delivery attempt');
    }
  }
}
