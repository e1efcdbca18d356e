/**
 * The OpenAPI 3.1 document: its info, tags and security, component names taken from each
 * schema's `$id`, and the parameters of every operation. Routes mark where the query conventions
 * apply with `x-query` in their schema; the document replaces the mark by the parameters (see
 * query-parameters.ts), and the same parameters decide which query keys the route accepts
 * (declared-query.ts).
 */
import type { SwaggerOptions, SwaggerTransformObject } from '@fastify/swagger';
import { COLLECTIONS } from '../collections/index.js';
import type { AppConfig } from '../config/app-config.js';
import { ERROR_CODES } from '../errors/http-error.js';
import { addLinks } from './links.js';
import { type Definitions, operationParameters, type Parameter, type QueryMark } from './query-parameters.js';

const QUERY_MARK = 'x-query';

/** The `x-query` entry of a route schema: where the route takes the query conventions. */
export function queryConventions(mark: QueryMark): { readonly [QUERY_MARK]: QueryMark } {
  return { [QUERY_MARK]: mark };
}

/** The mark a route schema carries, if any. */
export function queryMarkOf(schema: unknown): QueryMark | undefined {
  if (typeof schema !== 'object' || schema === null || !(QUERY_MARK in schema)) return undefined;
  return (schema as Record<typeof QUERY_MARK, QueryMark>)[QUERY_MARK];
}

const PARAMETERS_MARK = 'x-parameters';

/**
 * The `x-parameters` entry of a route schema: query parameters of the route's own (not the query
 * conventions), listed in the document and accepted by the route like the conventions' ones; the
 * route reads and checks their values itself.
 */
export function ownParameters(parameters: readonly Parameter[]): {
  readonly [PARAMETERS_MARK]: readonly Parameter[];
} {
  return { [PARAMETERS_MARK]: parameters };
}

/** The parameters a route schema declares of its own, if any. */
export function ownParametersOf(schema: unknown): readonly Parameter[] {
  if (typeof schema !== 'object' || schema === null || !(PARAMETERS_MARK in schema)) return [];
  return (schema as Record<typeof PARAMETERS_MARK, readonly Parameter[]>)[PARAMETERS_MARK];
}

/** `x-request-id`, which every operation honours. */
const REQUEST_ID_HEADER = {
  name: 'x-request-id',
  in: 'header',
  required: false,
  description:
    'A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one.',
  schema: { type: 'string' },
} as const;

const TAGS = [
  { name: 'schools', description: 'Schools. A token limited to some schools sees only those.' },
  { name: 'years', description: 'Academic years and their grading rules.' },
  { name: 'courses', description: 'Courses (subjects) of a school.' },
  { name: 'sections', description: 'Sections of a school (A, B, …).' },
  { name: 'grades', description: 'Grades (8vo, 9no, …) and their section; synced to the external system.' },
  {
    name: 'students',
    description: 'Students, their parents, years, addresses and contacts; synced to the external system.',
  },
  { name: 'parents', description: 'Parents and guardians; synced to the external system.' },
  { name: 'staff', description: 'Teachers and other staff.' },
  { name: 'tokens', description: 'Issue, list and revoke API tokens at run time (scope `admin`).' },
  { name: 'integration', description: 'The outbound sync: re-emit, resync and the delivery log.' },
  { name: 'health', description: 'Liveness, readiness and the database mode; no token needed.' },
] as const;

/** The document's description: how to call the service, and every error code it answers with. */
function description(): string {
  const codes = Object.entries(ERROR_CODES)
    .map(([code, { status, description }]) => `| \`${code}\` | ${status} | ${description} |`)
    .join('\n');
  return [
    'Schools, years, courses, sections, grades, students, parents and staff over HTTP with JSON bodies.',
    'Every `/api/*` request needs `Authorization: Bearer <token>` and the header `type: API`.',
    'Every response is `{ "response": ..., "errors": [...] }`; `errors` is empty on success.',
    '',
    'To try the operations here, press **Authorize** and fill in both: `bearer` takes the token ' +
      '(the demo token `pnpm start` prints, a token of `API_TOKENS`, or one issued by `POST /api/tokens`), ' +
      '`apiType` takes the text `API`.',
    '',
    '| code | HTTP status | when |',
    '|---|---|---|',
    codes,
  ].join('\n');
}

/** The two credentials every `/api/*` operation takes (the Authorize dialog fills in both). */
const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The API token, without the word `Bearer`: the demo token `pnpm start` prints (its value is ' +
      '`DEMO_TOKEN` when set), a token the operator configured in `API_TOKENS`, or one issued by ' +
      '`POST /api/tokens`. Sent as `Authorization: Bearer <token>`.',
  },
  apiType: {
    type: 'apiKey',
    in: 'header',
    name: 'type',
    description:
      'Enter `API`: every `/api/*` request carries the header `type: API` (without it: 400 `INVALID_HEADER`).',
  },
} as const;

/**
 * Without PUBLIC_URL the document names no host: tools resolve "/" against the address they
 * fetched it from, which is right on this machine, on a network and behind a proxy alike.
 */
function server(config: AppConfig): { url: string; description: string } {
  return config.publicUrl.from === 'PUBLIC_URL'
    ? { url: config.publicUrl.url, description: 'This service' }
    : { url: '/', description: 'This service, at the address this document was fetched from' };
}

/** The OpenAPI document as @fastify/swagger hands it over to be transformed. */
type OpenApiDocument = Extract<
  Parameters<SwaggerTransformObject>[0],
  { openapiObject: unknown }
>['openapiObject'];

/** Each operation's `x-query` and `x-parameters` marks replaced by the parameters they stand for, and `x-request-id` added. */
function withParameters(document: OpenApiDocument, definitions: Definitions): OpenApiDocument {
  for (const path of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(path ?? {})) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation)) continue;
      const holder = operation as Record<string, unknown>;
      const mark = queryMarkOf(holder);
      const own = ownParametersOf(holder);
      delete holder[QUERY_MARK];
      delete holder[PARAMETERS_MARK];
      holder.parameters = [
        ...((holder.parameters as unknown[]) ?? []),
        ...(mark ? operationParameters(mark, definitions) : []),
        ...own,
        REQUEST_ID_HEADER,
      ];
    }
  }
  return document;
}

export function openApiOptions(config: AppConfig, definitions: Definitions): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'School management service',
        version: '0.1.0',
        license: { name: 'MIT', identifier: 'MIT' },
        description: description(),
      },
      servers: [server(config)],
      tags: [...TAGS],
      components: { securitySchemes: SECURITY_SCHEMES },
      security: [{ bearer: [], apiType: [] }],
    },
    refResolver: {
      // Components are named after their `$id` (Student, StudentCreate, ErrorEntry, …).
      buildLocalReference: (json, _baseUri, _fragment, index) =>
        typeof json.$id === 'string' ? json.$id : `schema${index}`,
    },
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const document = withParameters(documentObject.openapiObject, definitions);
      addLinks((document.paths ?? {}) as Record<string, unknown>, COLLECTIONS);
      return document;
    },
  };
}
