import { RESERVED_PARAMS } from '@school/query-dsl';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type ErrorEntry, HttpError } from '../errors/http-error.js';
import { declaredQuery, undeclaredKeys } from '../openapi/declared-query.js';
import { ownParametersOf, queryMarkOf } from '../openapi/document.js';
import { type Definitions, operationParameters } from '../openapi/query-parameters.js';

export interface QueryKeysOptions {
  readonly definitions: Definitions;
  /** What the query reader finds wrong with a query of a collection (nothing when it reads it). */
  readonly queryIssues: (collection: string, query: string) => readonly ErrorEntry[];
}

/**
 * Every documented route refuses the query keys its OpenAPI parameters don't declare (see
 * openapi/declared-query.ts). Registered before the routes: each route's declared keys are worked
 * out once, when it is added. Runs after authentication, so a request without a token hears 401.
 * On a route that reads the query conventions, the query reader speaks first: its issues (an
 * unknown field with the close one it meant, a limit passed) say more than "not declared", so a
 * query it refuses is answered with its issues, and one it would accept with the undeclared keys.
 */
export const queryKeysPlugin = fp<QueryKeysOptions>(
  async (app: FastifyInstance, { definitions, queryIssues }) => {
    app.addHook('onRoute', (route) => {
      const schema = route.schema as { operationId?: unknown; hide?: unknown } | undefined;
      if (typeof schema?.operationId !== 'string' || schema.hide === true) return;
      const mark = queryMarkOf(schema);
      const declared = declaredQuery(`${[route.method].flat().join(',')} ${route.url}`, [
        ...(mark ? operationParameters(mark, definitions) : []),
        ...ownParametersOf(schema),
      ]);
      // The reader's issues about a reserved parameter the operation does not take (`__page=x` on
      // a resync) would send the client after a parameter it can't use: those keys are undeclared.
      const notTaken: ReadonlySet<string> = new Set(
        RESERVED_PARAMS.filter((name) => !declared.names.has(name)),
      );
      const refuse: preValidationHookHandler = async (request: FastifyRequest) => {
        const query = rawQuery(request.url);
        const entries = undeclaredKeys(query, declared);
        if (entries.length === 0) return;
        // Only where the fields filter: elsewhere the reader's "did you mean" names a filter.
        const issues = mark?.filters
          ? queryIssues(mark.collection, query).filter((issue) => !notTaken.has(issue.param))
          : [];
        throw new HttpError(issues.length > 0 ? issues : entries);
      };
      route.preValidation = [...[route.preValidation ?? []].flat(), refuse];
    });
  },
  { name: 'query-keys' },
);

/** The raw query string: the query DSL reads it whole (bracket keys, repeated keys, JSON values). */
export function rawQuery(url: string): string {
  const index = url.indexOf('?');
  return index < 0 ? '' : url.slice(index + 1);
}
