import type { FastifyInstance } from 'fastify';
import { SCOPES, type Scope } from '../config.js';
import { requireScope } from '../plugins/auth.js';
import type { TokenRegistry } from '../storage/tokens.js';
import { envelopeSchema, errorResponse } from './query-docs.js';

const token = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    name: { type: 'string' },
    scopes: { type: 'array', items: { type: 'string', enum: SCOPES } },
    schools: { oneOf: [{ const: '*' }, { type: 'array', items: { type: 'string' } }] },
    active: { type: 'boolean' },
    source: { type: 'string', enum: ['configured', 'issued'] },
    token: { type: 'string', description: 'The secret: only in the reply to POST.' },
  },
} as const;

/** `/api/tokens`: issue, list and revoke tokens at run time (scope `admin`). */
export async function tokenRoutes(app: FastifyInstance, { tokens }: { tokens: TokenRegistry }) {
  const tags = ['tokens'];
  const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

  app.post<{ Body: { name: string; scopes: Scope[]; schools: '*' | string[] } }>('/api/tokens', {
    schema: {
      tags,
      summary: 'Issue a token; its secret is in this reply only (stored as a hash)',
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'scopes', 'schools'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 100 },
          scopes: { type: 'array', minItems: 1, items: { type: 'string', enum: SCOPES } },
          schools: {
            anyOf: [
              { const: '*' },
              {
                type: 'array',
                minItems: 1,
                maxItems: 1000,
                items: { type: 'string', pattern: '^[0-9a-fA-F]{24}$' },
              },
            ],
          },
        },
      },
      response: { 201: envelopeSchema(token), ...errors },
    },
    handler: async (request, reply) => {
      const caller = requireScope(request, 'admin');
      reply.code(201);
      return { response: await tokens.issue(request.body, caller), errors: [] };
    },
  });

  app.get('/api/tokens', {
    schema: {
      tags,
      summary: 'List tokens (never their secrets)',
      response: { 200: envelopeSchema({ type: 'array', items: token }), ...errors },
    },
    handler: async (request) => ({ response: await tokens.list(requireScope(request, 'admin')), errors: [] }),
  });

  app.put<{ Params: { id: string }; Body: { active: boolean } }>('/api/tokens/:id', {
    schema: {
      tags,
      summary: 'Revoke (active: false) or restore a token; takes effect at once',
      params: { type: 'object', properties: { id: { type: 'string' } } },
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['active'],
        properties: { active: { type: 'boolean' } },
      },
      response: { 200: envelopeSchema(token), ...errors, 404: errorResponse },
    },
    handler: async (request) => {
      const caller = requireScope(request, 'admin');
      return { response: await tokens.setActive(request.params.id, request.body.active, caller), errors: [] };
    },
  });
}
