import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  Acknowledged,
  Canonical,
  CollectionPatch,
  CollectionPayload,
  CreateAcknowledged,
  CreateDelivery,
  CreateOptions,
  CreateResult,
  DeliveryAttempt,
  DeliveryFailure,
  DeliveryMethod,
  FailureNotice,
  FailureNoticeInput,
  GradePatch,
  GradePayload,
  GradeRecord,
  IdLike,
  IntegrationClient,
  IntegrationClientOptions,
  IntegrationCollection,
  InvalidReplyReason,
  Issue,
  JsonObject,
  JsonValue,
  MergePatch,
  MongoUpdate,
  NoticeAcknowledged,
  NoticeResult,
  ParentPatch,
  ParentPayload,
  ParentRecord,
  PatchByCollection,
  PayloadByCollection,
  PayloadSchema,
  PermanentFailure,
  PersonFields,
  RetryableFailure,
  RetryDelayOptions,
  SendOptions,
  StudentPatch,
  StudentPayload,
  StudentPayloadOptions,
  StudentRecord,
  ToMongoUpdateOptions,
  UpdateAcknowledged,
  UpdateDelivery,
  UpdateResult,
  UserRecord,
} from '../src/index.js';
import * as api from '../src/index.js';

// The public surface, pinned both ways: a new export must be added here on purpose, and a
// removed one fails here before it breaks a user.
const runtimeExports = [
  'DEFAULT_MAX_RETRY_AFTER_MS',
  'DEFAULT_RETRY_DELAYS_MS',
  'DEFAULT_RETRY_JITTER',
  'DeliveryError',
  'DeliveryHttpError',
  'DeliveryNetworkError',
  'DeliveryTimeoutError',
  'IntegrationClientError',
  'InvalidOptionsError',
  'InvalidPayloadError',
  'InvalidRecordError',
  'InvalidReplyError',
  'VERSION',
  'applyMergePatch',
  'buildFailureNotice',
  'buildGradePayload',
  'buildParentPayload',
  'buildStudentPayload',
  'createIntegrationClient',
  'diffPayload',
  'failureNoticeSchema',
  'generateSigningSecret',
  'idempotencyKeyFor',
  'integrationCollections',
  'isIntegrationCollection',
  'isPayload',
  'parseRetryAfter',
  'patchSchemas',
  'payloadSchemas',
  'replySchemas',
  'retryDelay',
  'toMongoUpdate',
  'validatePatch',
  'validatePayload',
  'withoutTrailingSlashes',
];

describe('public API', () => {
  it('exports exactly the pinned runtime names', () => {
    const actual = Object.keys(api);
    expect(actual.filter((name) => !runtimeExports.includes(name))).toEqual([]);
    expect(runtimeExports.filter((name) => !actual.includes(name))).toEqual([]);
  });

  it('exports the types (checked by the type checker)', () => {
    type Exported = [
      Acknowledged,
      Canonical<Date>,
      CollectionPatch,
      CollectionPayload,
      CreateAcknowledged,
      CreateDelivery,
      CreateOptions,
      CreateResult,
      DeliveryAttempt,
      DeliveryFailure,
      DeliveryMethod,
      FailureNotice,
      FailureNoticeInput,
      GradePatch,
      GradePayload,
      GradeRecord,
      IdLike,
      IntegrationClient,
      IntegrationClientOptions,
      IntegrationCollection,
      InvalidReplyReason,
      Issue,
      JsonObject,
      PayloadSchema,
      JsonValue,
      MergePatch<StudentPayload>,
      MongoUpdate,
      NoticeAcknowledged,
      NoticeResult,
      ParentPatch,
      ParentPayload,
      ParentRecord,
      PatchByCollection,
      PayloadByCollection,
      PermanentFailure,
      PersonFields,
      RetryableFailure,
      RetryDelayOptions,
      SendOptions,
      StudentPatch,
      StudentPayload,
      StudentPayloadOptions,
      StudentRecord,
      ToMongoUpdateOptions,
      UpdateAcknowledged,
      UpdateDelivery,
      UpdateResult,
      UserRecord,
    ];
    expectTypeOf<Exported['length']>().toEqualTypeOf<48>();
    expectTypeOf<Canonical<{ at: Date; id: { toHexString(): string } }>>().toEqualTypeOf<{
      at: string;
      id: string;
    }>();
    expectTypeOf<StudentPatch['email']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<StudentPatch['name']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ReturnType<typeof api.diffPayload<StudentPayload>>>().toExtend<StudentPatch | undefined>();
    expectTypeOf<CollectionPayload<'students'>>().toEqualTypeOf<{
      readonly collection: 'students';
      readonly payload: StudentPayload;
    }>();
    expectTypeOf<CollectionPatch>().toEqualTypeOf<
      | { readonly collection: 'students'; readonly patch: StudentPatch }
      | { readonly collection: 'parents'; readonly patch: ParentPatch }
      | { readonly collection: 'grades'; readonly patch: GradePatch }
    >();
  });

  it('keeps VERSION equal to package.json', async () => {
    const { readFile } = await import('node:fs/promises');
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    expect(api.VERSION).toBe(pkg.version);
  });
});
