import { IssueList } from '@school/query-dsl';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MongoServerError } from 'mongodb';
import { ERROR_CODES, type ErrorCode, type ErrorEntry, HttpError } from '../errors/http-error.js';

interface AjvError {
  readonly keyword: string;
  readonly instancePath: string;
  readonly message?: string;
  readonly params: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The paths a route's body may not set (a collection's `readOnly`), named as such when sent. */
    readonly readOnly?: ReadonlySet<string>;
  }
}

const NOTHING_READ_ONLY: ReadonlySet<string> = new Set();

/**
 * One place turns every failure into the envelope `{ response: null, errors: [...] }` with the
 * status docs/http-api.md lists. 5xx bodies never carry a stack trace or a driver message; the log does.
 */
export const errorHandlerPlugin = fp<{ queryTimeLimitMs: number }>(
  async (app: FastifyInstance, { queryTimeLimitMs }) => {
    app.setErrorHandler((error: FastifyError & { validation?: AjvError[] }, request, reply) => {
      if (isTimeLimitExpired(error)) {
        // Not the client's fault alone (a busy database stops reads too): worth a look in the log.
        request.log.warn({ err: error, queryTimeLimitMs }, 'read stopped by QUERY_TIME_LIMIT_MS');
        reply
          .code(ERROR_CODES.QUERY_TOO_COMPLEX.status)
          .send({ response: null, errors: [timeLimitEntry(queryTimeLimitMs)] });
        return;
      }
      const { status, entries } = classify(
        error,
        request.routeOptions.config?.readOnly ?? NOTHING_READ_ONLY,
        request.body,
      );
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      reply.code(status).send({ response: null, errors: entries });
    });
  },
  { name: 'error-handler' },
);

function classify(
  error: FastifyError & { validation?: AjvError[] },
  readOnly: ReadonlySet<string>,
  body: unknown,
): { status: number; entries: ErrorEntry[] } {
  if (error instanceof HttpError) return { status: error.status, entries: [...error.entries] };
  if (error.validation) {
    const status = ERROR_CODES.VALIDATION_FAILED.status;
    return { status, entries: validationEntries(error.validation, readOnly, body) };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return one('PAYLOAD_TOO_LARGE', 'The body is larger than the limit.', 'body');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return one(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the body as Content-Type: application/json.',
        'Content-Type',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return one('VALIDATION_FAILED', 'The body is empty; send a JSON object.', 'body');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return one('VALIDATION_FAILED', 'The body is not valid JSON.', 'body');
  }
  if ((error as { code?: unknown }).code === 11000) return conflict(error);
  if (error.statusCode === 400 && error instanceof SyntaxError)
    return one('VALIDATION_FAILED', 'The body is not valid JSON.', 'body');
  if (error.statusCode === 413) return one('PAYLOAD_TOO_LARGE', 'The body is larger than the limit.', 'body');
  if (error.statusCode === 415)
    return one('UNSUPPORTED_MEDIA_TYPE', 'Send the body as Content-Type: application/json.', 'Content-Type');
  if (error.statusCode === 404) return one('NOT_FOUND', 'Not found.', 'url');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return {
      status: error.statusCode,
      entries: [{ code: 'VALIDATION_FAILED', message: error.message, param: 'request' }],
    };
  }
  return one('INTERNAL', 'Something went wrong on our side; it has been logged.', '');
}

/** MongoDB stopped the operation at its `maxTimeMS` (code 50, `MaxTimeMSExpired`). */
function isTimeLimitExpired(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === 50;
}

function timeLimitEntry(limitMs: number): ErrorEntry {
  return {
    code: 'QUERY_TOO_COMPLEX',
    param: 'query',
    message:
      `The read took longer than ${limitMs} ms and the database stopped it. Narrow the filter by an ` +
      'indexed field (_id, school, a reference, global_search) with a value or a short $in list, use ' +
      'shorter $in/$nin lists, or leave out __include_totals; if the same read usually answers, the ' +
      'database was busy: try again in a few seconds.',
  };
}

function one(code: ErrorEntry['code'], message: string, param: string) {
  return { status: ERROR_CODES[code].status, entries: [{ code, message, param }] };
}

function conflict(error: Error): { status: number; entries: ErrorEntry[] } {
  const keyPattern = (error as { keyPattern?: Record<string, unknown> }).keyPattern;
  const field = Object.keys(keyPattern ?? {}).find((key) => key !== 'school') ?? 'id';
  return one('CONFLICT', `Another record of this school already has this ${field}.`, field);
}

/**
 * ajv's errors as envelope entries: one per problem, `param` the dotted field path. ajv reports
 * every problem (`allErrors`), so a body of 64,000 wrong items brings 64,000 errors: the list
 * de-duplicates by key and keeps the first `MAX_LISTED_ISSUES`, then says how many more there were.
 */
export function validationEntries(
  errors: readonly AjvError[],
  readOnly: ReadonlySet<string>,
  body?: unknown,
): ErrorEntry[] {
  const entries = new IssueList<ErrorCode>('body');
  for (const error of errors) {
    if (error.keyword === 'anyOf') continue;
    if (error.keyword === 'type' && error.params.type === 'null') continue;
    // `param` keeps array indexes (`years.1.group`) so a client knows which element is wrong.
    const base = error.instancePath.split('/').filter(Boolean).join('.');
    const at = (child: string) => (base ? `${base}.${child}` : child);
    let param = base || 'body';
    let message: string;
    if (error.keyword === 'additionalProperties') {
      param = at(String(error.params.additionalProperty));
      message = unknownFieldMessage(param, readOnly);
    } else if (error.keyword === 'required') {
      param = at(String(error.params.missingProperty));
      message = `${param} is required.`;
    } else if (error.keyword === 'type' && valueAt(body, error.instancePath) === null) {
      // Only an update's optional fields take null: this one every record must keep.
      message = `${param} can't be cleared: every record has it (null clears only optional fields); send a value.`;
    } else {
      message = `${param} ${ajvMessage(error)}.`;
    }
    entries.add('VALIDATION_FAILED', param, message);
  }
  return entries.empty
    ? [{ code: 'VALIDATION_FAILED', param: 'body', message: 'The body is invalid.' }]
    : entries.list();
}

/** What a body's key that its schema lacks is told: read-only, or no field at all. */
function unknownFieldMessage(param: string, readOnly: ReadonlySet<string>): string {
  const field = param.replace(/\.\d+(?=\.|$)/gu, '');
  return readOnly.has(field) ? `${param} is read-only.` : `${param} is not a field of this collection.`;
}

/** ajv's message, but a number field says it takes finite numbers (`1e400` parses as Infinity). */
function ajvMessage(error: AjvError): string {
  if (error.keyword === 'type' && error.params.type === 'number') return 'must be a finite number';
  if (error.keyword === 'type' && error.params.type === 'integer') return 'must be a finite integer';
  return error.message ?? 'is invalid';
}

/** The value at a JSON pointer of the body (`/user/name`), or undefined. */
function valueAt(body: unknown, pointer: string): unknown {
  let node = body;
  for (const key of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    const name = key.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!Object.hasOwn(node, name)) return undefined;
    node = (node as Record<string, unknown>)[name];
  }
  return node;
}
