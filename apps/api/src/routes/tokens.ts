import type { FastifyInstance } from 'fastify';
import { TOKEN_LIST_PARAMETERS } from '../auth/token-list-query.js';
import { MAX_TOKEN_LIFETIME_DAYS, type TokenRegistry, type TokenRequest } from '../auth/token-registry.js';
import { SCOPES } from '../config/app-config.js';
import { ITEM_LIMITS, TEXT_LIMITS } from '../config/limits.js';
import { ownParameters } from '../openapi/document.js';
import { readErrors, writeErrors } from '../openapi/responses.js';
import { envelope, objectIdString, ref } from '../openapi/schemas.js';
import { rawQuery } from '../plugins/query-keys.js';

/** Text without control characters: C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F). */
const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$';

const expiresAt = {
  type: 'string',
  format: 'date-time',
  description: 'From then on the token is refused (401 `TOKEN_EXPIRED`). Absent: it never expires.',
} as const;

/** The token API's named schemas (registered with the app, shown as OpenAPI components). */
export const tokenSchemas = [
  {
    $id: 'Token',
    type: 'object',
    additionalProperties: false,
    required: ['_id', 'name', 'scopes', 'schools', 'active', 'source'],
    properties: {
      _id: {
        type: 'string',
        description:
          '`configured:<name>` for a configured token, the 24-hex id of an issued one. Never derived from the secret.',
      },
      name: { type: 'string' },
      scopes: { type: 'array', items: { type: 'string', enum: SCOPES } },
      schools: {
        oneOf: [
          { const: '*', description: 'Every school.' },
          { type: 'array', items: objectIdString },
        ],
      },
      active: { type: 'boolean' },
      source: { type: 'string', enum: ['configured', 'issued'] },
      created_at: { type: 'string', format: 'date-time' },
      expires_at: expiresAt,
      revoked_by: {
        type: ['string', 'null'],
        description:
          'On a revoked token: the `_id` of the token whose revocation stands (the widest that revoked it), or `null` when that token is beyond your scopes or schools — then only a token with its power can restore this one.',
      },
    },
  },
  {
    $id: 'TokenTotals',
    type: 'object',
    additionalProperties: false,
    required: ['results', 'total', 'actual_total', 'active', 'inactive'],
    properties: {
      results: { type: 'array', items: ref('Token') },
      total: { type: 'integer', description: 'The tokens the filters match (what the pages go through).' },
      actual_total: { type: 'integer', description: 'Every token you may see, ignoring the filters.' },
      active: { type: 'integer', description: '`total` that are active (not revoked).' },
      inactive: { type: 'integer', description: '`total` that are revoked.' },
    },
  },
  {
    $id: 'IssuedToken',
    type: 'object',
    additionalProperties: false,
    required: ['_id', 'name', 'scopes', 'schools', 'active', 'source', 'token'],
    properties: {
      _id: objectIdString,
      name: { type: 'string' },
      scopes: { type: 'array', items: { type: 'string', enum: SCOPES } },
      schools: { oneOf: [{ const: '*' }, { type: 'array', items: objectIdString }] },
      active: { type: 'boolean' },
      source: { const: 'issued' },
      created_at: { type: 'string', format: 'date-time' },
      expires_at: expiresAt,
      token: {
        type: 'string',
        description: 'The secret: in this reply only; the service keeps its SHA-256.',
      },
    },
  },
  {
    $id: 'TokenCreate',
    type: 'object',
    additionalProperties: false,
    required: ['name', 'scopes', 'schools'],
    properties: {
      name: {
        type: 'string',
        minLength: 1,
        maxLength: TEXT_LIMITS.name,
        // Control characters (C0, DEL, C1) would break the lines of logs and listings that show it.
        pattern: NO_CONTROL_CHARACTERS,
        description: 'Any text without control characters (line breaks, tabs, escapes).',
      },
      scopes: {
        type: 'array',
        description: 'A set: each scope is stored once.',
        minItems: 1,
        maxItems: SCOPES.length,
        items: { type: 'string', enum: SCOPES },
      },
      schools: {
        description: '`*`, or a set of school ids: each is stored once.',
        anyOf: [
          { const: '*' },
          {
            type: 'array',
            minItems: 1,
            maxItems: ITEM_LIMITS.tokenSchools,
            items: objectIdString,
          },
        ],
      },
      expires_at: {
        type: 'string',
        format: 'date-time',
        maxLength: TEXT_LIMITS.dateTime,
        description: `When the token stops working (an RFC 3339 date-time with its offset): in the future, at most ${MAX_TOKEN_LIFETIME_DAYS} days ahead, and not after the issuing token's own expiry. Without it the token never expires, or expires with the issuing token if that one does.`,
      },
    },
  },
  {
    $id: 'TokenUpdate',
    type: 'object',
    additionalProperties: false,
    required: ['active'],
    properties: {
      active: { type: 'boolean', description: '`false` revokes the token at once; `true` restores it.' },
    },
  },
] as const;

/** `/api/tokens`: issue, list and revoke tokens at run time (scope `admin`), each within the caller's own power. */
export async function tokenRoutes(app: FastifyInstance, { tokens }: { tokens: TokenRegistry }) {
  const tags = ['tokens'];

  app.post<{ Body: TokenRequest }>('/tokens', {
    config: { scope: 'admin' },
    schema: {
      tags,
      operationId: 'issueToken',
      summary: 'Issue a token; its secret is in this reply only (stored as a hash)',
      description:
        'A token grants nothing it lacks: every scope and school of the new token must be the issuer’s own (403 `FORBIDDEN` naming the excess), and it expires no later than the issuer. An issuer holds at most `MAX_ACTIVE_TOKENS_PER_ISSUER` active, unexpired tokens it issued (409 `CONFLICT` past it: revoke one first). The new token shares the rate-limit window of the token at the root of its chain of issuers.',
      body: ref('TokenCreate'),
      response: {
        201: { description: 'The new token, with its secret.', ...envelope(ref('IssuedToken')) },
        ...writeErrors(false),
      },
    },
    handler: async (request, reply) => {
      const caller = request.apiCaller;
      reply.code(201);
      return { response: await tokens.issue(request.body, caller), errors: [] };
    },
  });

  app.get('/tokens', {
    config: { scope: 'admin' },
    schema: {
      tags,
      operationId: 'listTokens',
      summary: 'List tokens (never their secrets), a page at a time',
      description:
        'The tokens whose scopes and schools are all within the caller’s own: the configured ones first, then the issued ones in the order they were issued, 20 a page unless `__per_page` says otherwise (at most 100).',
      ...ownParameters(TOKEN_LIST_PARAMETERS),
      response: {
        200: {
          description:
            'A page of the tokens you may see; with `__include_totals=true`, the page and its totals.',
          ...envelope({ oneOf: [{ type: 'array', items: ref('Token') }, ref('TokenTotals')] }),
        },
        ...readErrors(false),
      },
    },
    handler: async (request) => ({
      response: await tokens.list(request.apiCaller, rawQuery(request.url)),
      errors: [],
    }),
  });

  app.put<{ Params: { id: string }; Body: { active: boolean } }>('/tokens/:id', {
    config: { scope: 'admin' },
    schema: {
      tags,
      operationId: 'setTokenActive',
      summary: 'Revoke (active: false) or restore a token; takes effect at once',
      description:
        'Only tokens within the caller’s scopes and schools are found (404 otherwise). The widest revocation stands: revoking a revoked token again with power covering its revoker’s makes the revocation yours (`revoked_by`). A token revoked by a token with more power can be restored only by a token with at least that power (403).',
      params: {
        type: 'object',
        additionalProperties: false,
        required: ['id'],
        properties: { id: { type: 'string', description: 'The token’s `_id`.' } },
      },
      body: ref('TokenUpdate'),
      response: {
        200: { description: 'The token as it is now.', ...envelope(ref('Token')) },
        ...writeErrors(true),
      },
    },
    handler: async (request) => {
      const caller = request.apiCaller;
      return { response: await tokens.setActive(request.params.id, request.body.active, caller), errors: [] };
    },
  });
}
