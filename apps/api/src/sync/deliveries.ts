import { integrationCollections } from '@school/integration-client';
import { createQueryDsl, defineCollection, type RecordOf } from '@school/query-dsl';
import { schools } from '../collections/schools.js';
import { OBJECT_ID_PATTERN } from '../config/patterns.js';
import { asReturned } from '../openapi/schemas.js';

/** Where every delivery attempt is recorded (append-only): no personal data, only ids, statuses and timings. */
export const DELIVERIES = 'sync_deliveries';

const id = { type: 'string', format: 'objectid', pattern: OBJECT_ID_PATTERN } as const;

/**
 * One delivery attempt as the log stores it. The record type, the query reader's definition and the
 * OpenAPI component (`Delivery`) are all derived from this schema.
 */
const deliverySchema = {
  type: 'object',
  required: [
    '_id',
    'school',
    'collection',
    'record',
    'operation',
    'method',
    'url',
    'status',
    'outcome',
    'error_class',
    'error_code',
    'duration_ms',
    'attempt',
    'worker',
    'at',
  ],
  properties: {
    _id: id,
    school: { ...id, 'x-ref': 'schools' },
    collection: { type: 'string', enum: integrationCollections },
    record: id,
    operation: { type: 'string', enum: ['create', 'update', 'notice'] },
    method: { type: 'string' },
    url: { type: 'string' },
    status: { type: ['integer', 'null'], description: 'The HTTP status, or null when no reply came.' },
    outcome: { type: 'string', enum: ['acknowledged', 'retryable', 'permanent'] },
    error_class: { type: ['string', 'null'] },
    error_code: { type: ['string', 'null'] },
    duration_ms: { type: 'number', minimum: 0 },
    attempt: { type: 'integer', minimum: 1 },
    worker: { type: 'string' },
    at: { type: 'string', format: 'date-time' },
  },
} as const;

export const deliveries = defineCollection(DELIVERIES, {
  schema: deliverySchema,
  pagination: { defaultPerPage: 50, maxPerPage: 500 },
});

/** A stored delivery attempt. */
export type DeliveryRecord = RecordOf<typeof deliveries>;

/** The `Delivery` component of the OpenAPI document: a record as `GET /api/integration/deliveries` returns it. */
export const deliveryComponent = {
  ...asReturned(deliverySchema),
  $id: 'Delivery',
  description:
    'One delivery attempt. Fields left out by `select` are absent; `school` is the record with `populate`.',
};

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
