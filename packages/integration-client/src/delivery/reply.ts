import type { Issue } from '../errors/issue.js';
import type { IntegrationCollection } from '../payloads/collections.js';
import { guard, toIssues, validators } from '../validation/issues.js';

const idSchema = { type: 'string', minLength: 1, maxLength: 512 } as const;

const updateReplySchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Reply to a create or update',
  type: 'object',
  required: ['status'],
  properties: {
    status: { type: 'string', minLength: 1 },
    data: { type: 'object' },
  },
} as const;

const personCreateReplySchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Reply to a student or parent create',
  type: 'object',
  required: ['status', 'data'],
  properties: {
    status: { type: 'string', minLength: 1 },
    data: { type: 'object', required: ['userId'], properties: { userId: idSchema } },
  },
} as const;

const gradeCreateReplySchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Reply to a grade create',
  type: 'object',
  required: ['status', 'data'],
  properties: {
    status: { type: 'string', minLength: 1 },
    data: {
      type: 'object',
      properties: { id: idSchema, userId: idSchema },
      anyOf: [
        { type: 'object', required: ['id'], properties: { id: idSchema } },
        { type: 'object', required: ['userId'], properties: { userId: idSchema } },
      ],
    },
  },
} as const;

/**
 * JSON Schemas (draft-07) of the replies the client accepts: `create` by collection, and `update`
 * (all collections). Any other fields in a reply are ignored.
 */
export const replySchemas = {
  create: {
    students: personCreateReplySchema,
    parents: personCreateReplySchema,
    grades: gradeCreateReplySchema,
  },
  update: updateReplySchema,
} as const;

interface ReplyShape {
  status: string;
  data?: { id?: string; userId?: string };
}

const isEnvelope = guard<ReplyShape>(validators.updateReply);
const validateCreate = {
  students: validators.personCreateReply,
  parents: validators.personCreateReply,
  grades: validators.gradeCreateReply,
};

/** What a create reply must carry, in words, per collection. */
export const expectedCreateReply: Readonly<Record<IntegrationCollection, string>> = {
  students: '{"status": "<string>", "data": {"userId": "<external id>"}}',
  parents: '{"status": "<string>", "data": {"userId": "<external id>"}}',
  grades: '{"status": "<string>", "data": {"id": "<external id>"}} (data.userId accepted too)',
};
export const expectedUpdateReply = '{"status": "<string>"}';

const failureStatus = /^(error|errors|fail|failed|failure)$/i;

export type ReadReply =
  | { ok: true; replyStatus: string; externalId: string | undefined }
  | { ok: false; reason: 'unexpected-shape' | 'failure-status' | 'missing-external-id'; issues: Issue[] };

/**
 * Checks a parsed 2xx reply: a string `status` that does not say it failed, and for a create the
 * external id (`data.userId`; for grades `data.id` or `data.userId`).
 */
export function readReply(json: unknown, create: IntegrationCollection | undefined): ReadReply {
  if (!isEnvelope(json)) {
    return { ok: false, reason: 'unexpected-shape', issues: toIssues(validators.updateReply.errors) };
  }
  if (failureStatus.test(json.status)) return { ok: false, reason: 'failure-status', issues: [] };
  if (create === undefined) return { ok: true, replyStatus: json.status, externalId: undefined };
  const validate = validateCreate[create];
  if (!validate(json)) {
    const issues: Issue[] =
      create === 'grades'
        ? [
            {
              code: 'INVALID_VALUE',
              param: 'data.id',
              message: 'must be a non-empty string (data.userId is accepted too)',
            },
          ]
        : [{ code: 'INVALID_VALUE', param: 'data.userId', message: 'must be a non-empty string' }];
    return { ok: false, reason: 'missing-external-id', issues };
  }
  const externalId = create === 'grades' ? (json.data?.id ?? json.data?.userId) : json.data?.userId;
  return { ok: true, replyStatus: json.status, externalId };
}
