import { createQueryDsl, defineCollection } from '@school/query-dsl';
import { schools } from '../collections/schools.js';

/** Where every delivery attempt is recorded (append-only): no personal data, only ids, statuses and timings. */
export const DELIVERIES = 'sync_deliveries';

export interface DeliveryRecord {
  school: unknown;
  collection: string;
  record: unknown;
  operation: 'create' | 'update' | 'notice';
  method: string;
  url: string;
  status: number | null;
  outcome: 'acknowledged' | 'retryable' | 'permanent' | 'skipped';
  error_class: string | null;
  error_code: string | null;
  duration_ms: number;
  attempt: number;
  worker: string;
  at: Date;
}

const id = { type: 'string', format: 'objectid' } as const;

export const deliveries = defineCollection(DELIVERIES, {
  schema: {
    type: 'object',
    properties: {
      _id: id,
      school: { ...id, 'x-ref': 'schools' },
      collection: { type: 'string', enum: ['students', 'parents', 'grades'] },
      record: id,
      operation: { type: 'string', enum: ['create', 'update', 'notice'] },
      method: { type: 'string' },
      url: { type: 'string' },
      status: { type: ['integer', 'null'], description: 'The HTTP status, or null when no reply came.' },
      outcome: { type: 'string', enum: ['acknowledged', 'retryable', 'permanent', 'skipped'] },
      error_class: { type: ['string', 'null'] },
      error_code: { type: ['string', 'null'] },
      duration_ms: { type: 'number', minimum: 0 },
      attempt: { type: 'integer', minimum: 1 },
      worker: { type: 'string' },
      at: { type: 'string', format: 'date-time' },
    },
  },
  pagination: { defaultPerPage: 50, maxPerPage: 500 },
});

/**
 * The delivery log's indexes: the route's default order is newest first (`at` descending, `_id`
 * as the tie-breaker), inside the caller's schools or across all; and a record's own history.
 */
export const DELIVERY_INDEXES = [
  {
    keys: { school: 1, at: -1, _id: 1 },
    reason: "the log inside the caller's schools, newest first (the route's default order)",
  },
  { keys: { at: -1, _id: 1 }, reason: 'the whole log, newest first, for a token of every school' },
  { keys: { record: 1, at: -1 }, reason: "one record's delivery history (`record=<id>`)" },
] as const;

/** The query reader for `GET /api/integration/deliveries` (schools so `populate={"school":"name"}` works). */
export const deliveriesDsl = createQueryDsl({ collections: [schools.definition, deliveries] });
