// Payloads: stored record -> the body the external system receives

// Delivery: send, sign, time out, classify the reply, retry timing
export { createIntegrationClient, type IntegrationClient } from './delivery/client.js';
export {
  buildFailureNotice,
  type FailureNotice,
  type FailureNoticeInput,
  failureNoticeSchema,
} from './delivery/failure-notice.js';
export { idempotencyKeyFor } from './delivery/idempotency.js';
export type { IntegrationClientOptions } from './delivery/options.js';
export { replySchemas } from './delivery/reply.js';
export type { CreateDelivery, CreateOptions, SendOptions, UpdateDelivery } from './delivery/requests.js';
export type {
  Acknowledged,
  CreateAcknowledged,
  CreateResult,
  DeliveryAttempt,
  DeliveryFailure,
  NoticeAcknowledged,
  NoticeResult,
  PermanentFailure,
  RetryableFailure,
  UpdateAcknowledged,
  UpdateResult,
} from './delivery/results.js';
export {
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_RETRY_DELAYS_MS,
  DEFAULT_RETRY_JITTER,
  parseRetryAfter,
  type RetryDelayOptions,
  retryDelay,
} from './delivery/retry-timing.js';
export { generateSigningSecret } from './delivery/signing.js';
export { withoutTrailingSlashes } from './delivery/trailing-slashes.js';
export { VERSION } from './delivery/version.js';
export { applyMergePatch } from './diff/apply-merge-patch.js';
// Diff: (acknowledged, current) -> changed fields only
export { diffPayload } from './diff/diff-payload.js';
export { patchSchemas } from './diff/patch-schemas.js';
export type {
  CollectionPatch,
  GradePatch,
  ParentPatch,
  PatchByCollection,
  StudentPatch,
} from './diff/patches.js';
export { type ToMongoUpdateOptions, toMongoUpdate } from './diff/to-mongo-update.js';
export type { Canonical, JsonObject, JsonValue, MergePatch, MongoUpdate } from './diff/types.js';
export { validatePatch } from './diff/validate-patch.js';
export type { InvalidReplyReason } from './errors/catalogue.js';
// Errors: one hierarchy, retryable or not decided when built; their table is errors/catalogue.ts
export {
  DeliveryError,
  type DeliveryErrorDetails,
  DeliveryHttpError,
  type DeliveryHttpErrorDetails,
  type DeliveryMethod,
  DeliveryNetworkError,
  type DeliveryNetworkErrorDetails,
  DeliveryTimeoutError,
  type DeliveryTimeoutErrorDetails,
  IntegrationClientError,
  InvalidOptionsError,
  InvalidPayloadError,
  InvalidRecordError,
  InvalidReplyError,
  type InvalidReplyErrorDetails,
} from './errors/errors.js';
export type { Issue, IssueCode } from './errors/issue.js';
export {
  type CollectionPayload,
  type IntegrationCollection,
  integrationCollections,
  isIntegrationCollection,
  type PayloadByCollection,
} from './payloads/collections.js';
export { buildGradePayload } from './payloads/grade.js';
export type { IdLike } from './payloads/ids.js';
export { buildParentPayload } from './payloads/parent.js';
export { type PayloadSchema, payloadSchemas } from './payloads/schemas.js';
export { buildStudentPayload, type StudentPayloadOptions } from './payloads/student.js';
export type {
  GradePayload,
  GradeRecord,
  ParentPayload,
  ParentRecord,
  PersonFields,
  StoredRecord,
  StudentPayload,
  StudentRecord,
  UserRecord,
} from './payloads/types.js';
export { isPayload, validatePayload } from './payloads/validate.js';
