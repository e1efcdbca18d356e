/**
 * A corpus of requests built from the served OpenAPI document itself, sent to the service as a
 * client would and recorded with their replies: every operation with no query, each declared query
 * parameter with each of the document's examples (filters with a value of every form their schema
 * declares: a value, a repeated key, `null` or the JSON form, the bracket operators), query keys
 * the operation does not declare, and the documented error statuses (401, 403, 404, 400 for a bad
 * value or body, 409, 413, 415). test/openapi/contract.test.ts judges each exchange against the
 * document with an independent validator; test/openapi/client.test.ts type-checks the replies as
 * the generated client's types.
 */
import { ObjectId } from 'bson';
import type { Json, Seed, TestApp, TokenName } from './helper.js';
import { injectOptions } from './helper.js';

/** An operation of the document. */
export interface Operation {
  readonly path: string;
  readonly method: 'get' | 'post' | 'put';
  readonly operationId: string;
  readonly parameters: readonly Json[];
  readonly requestBody: Json | undefined;
  readonly responses: Readonly<Record<string, Json>>;
}

/**
 * What a corpus entry means to test: a request the document declares valid (it should succeed, or
 * fail for a reason no schema can state: a missing record, a token's reach), one it declares
 * invalid (400 expected), or a documented error status that is not about the request's shape.
 */
type Intent = 'declared' | 'undeclared' | 'error';

export interface Exchange {
  readonly operation: Operation;
  readonly intent: Intent;
  /** Why the entry is in the corpus (shown when it fails). */
  readonly label: string;
  readonly pathParams: Readonly<Record<string, string>>;
  /** The query string as sent, without `?`. */
  readonly query: string;
  readonly body: unknown;
  readonly status: number;
  readonly response: unknown;
}

export function operationsOf(document: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(document.paths)) {
    for (const method of ['get', 'post', 'put'] as const) {
      const operation = item[method];
      if (!operation) continue;
      operations.push({
        path,
        method,
        operationId: operation.operationId,
        parameters: operation.parameters ?? [],
        requestBody: operation.requestBody,
        responses: operation.responses,
      });
    }
  }
  return operations;
}

/** A query string from parameter values, serialized as the document's styles say (form, deepObject). */
export function serialize(values: ReadonlyArray<readonly [string, unknown]>): string {
  const parts: string[] = [];
  const pair = (key: string, value: unknown) =>
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  for (const [name, value] of values) {
    if (Array.isArray(value)) for (const item of value) pair(name, item);
    else if (value !== null && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) pair(`${name}[${key}]`, item);
    else pair(name, value);
  }
  return parts.join('&');
}

const HEX = '0123456789abcdef01234567';

/** A value of a (non-composite) schema, typed as the schema says. */
function sampleOf(schema: Json): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf && schema.type === undefined) return sampleOf(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'string':
      if (schema.pattern === '^[0-9a-fA-F]{24}$') return HEX;
      if (typeof schema.pattern === 'string' && schema.pattern.startsWith('^\\d{4}')) return '2025-01-31';
      return 'a';
    default:
      return 'a';
  }
}

/**
 * One value per form a filter parameter declares: its own type, `null` and the JSON form where
 * declared, a repeated key, and the bracket form with every operator it lists.
 */
function filterValues(parameter: Json): unknown[] {
  const [value, , operators] = parameter.schema.anyOf as [Json, Json, Json];
  const branches: Json[] = value.anyOf ?? [value];
  const scalar = sampleOf(branches[0]);
  const values: unknown[] = [scalar, [scalar, scalar]];
  if (branches.length > 1) values.push('null', JSON.stringify({ $ne: scalar }), JSON.stringify([scalar]));
  const bracket: Record<string, unknown> = {};
  for (const [op, schema] of Object.entries<Json>(operators.properties)) {
    bracket[op] =
      op === '$in' || op === '$nin' ? JSON.stringify([scalar]) : op === '$exists' ? true : sampleOf(schema);
  }
  values.push(bracket);
  return values;
}

/** The records the corpus reads and changes. */
interface Fixtures {
  readonly seed: Seed;
  /** An issued token's id (set by the corpus's own POST /api/tokens). */
  token: string | undefined;
}

const COLLECTION_OF = /^\/api\/(\w+)/u;

function recordId(collection: string, { seed }: Fixtures): string {
  const school = seed.A;
  const ids: Record<string, string> = {
    schools: school.school,
    years: school.year,
    courses: school.course,
    sections: school.section,
    grades: school.grade,
    students: school.students[0],
    parents: school.parent,
    staff: school.staff,
  };
  const id = ids[collection];
  if (!id) throw new Error(`No record of ${collection} in the fixtures.`);
  return id;
}

let unique = 0;
const nextUnique = () => `${Date.now() % 1000}${++unique}`.padStart(6, '0').slice(-6);

/** A valid create body per collection (the references are records of school A). */
function createBody(collection: string, { seed }: Fixtures): Json {
  const a = seed.A;
  const person = () => ({
    name: 'Corpus',
    surname: 'Person',
    email: `corpus.${nextUnique()}@andino.edu.ec`,
    id_card: `99${nextUnique()}`,
  });
  switch (collection) {
    case 'schools':
      return { name: 'Colegio del Corpus', code: 'CC', country: 'EC' };
    case 'years':
      return { school: a.school, name: '2026-2027', passing_score: 7, round: true };
    case 'courses':
      return { school: a.school, name: 'Física', code: 'FIS', weight_in_subject: 1 };
    case 'sections':
      return { school: a.school, name: 'B', code: 'B' };
    case 'grades':
      return { school: a.school, name: '10mo', code: '10', section: a.section };
    case 'students':
      return {
        school: a.school,
        user: person(),
        parents: [a.parent],
        years: [{ year: a.year, enrolled: true, group: a.grade }],
        addresses: [{ name: 'Casa', city: 'Quito' }],
      };
    case 'parents':
      return { school: a.school, user: person() };
    case 'staff':
      return { school: a.school, role: 'teacher', user: person() };
    default:
      throw new Error(`No create body for ${collection}.`);
  }
}

/** A valid update body per collection: a change and, where there is one, an optional field cleared. */
function updateBody(collection: string): Json {
  switch (collection) {
    case 'schools':
      return { country: 'EC', active: true };
    case 'years':
      return { country: null, active: true };
    case 'students':
      return { user: { second_name: 'Corpus' }, citizenship: null };
    case 'parents':
    case 'staff':
      return { user: { second_surname: 'Corpus' } };
    default:
      return { code: null, active: true };
  }
}

/** Fields the create schema requires (at the top and in merged objects): null is refused on update. */
function requiredNulls(document: Json, collection: string): Json[] {
  const schema = document.components.schemas[createComponent(document, collection)];
  const bodies: Json[] = [];
  for (const field of schema.required ?? []) {
    bodies.push({ [field]: null });
    const child = schema.properties[field];
    for (const nested of child?.required ?? []) bodies.push({ [field]: { [nested]: null } });
  }
  if (schema.properties.school) bodies.push({ school: null });
  return bodies;
}

function createComponent(document: Json, collection: string): string {
  const operation = document.paths[`/api/${collection}`].post;
  const ref: string = operation.requestBody.content['application/json'].schema.$ref;
  return ref.split('/').at(-1)!;
}

/** Sends the corpus and returns every exchange. */
export async function sendCorpus(t: TestApp, document: Json, seed: Seed): Promise<Exchange[]> {
  const fixtures: Fixtures = { seed, token: undefined };
  await addDeliveries(t, seed);
  const exchanges: Exchange[] = [];
  const operations = operationsOf(document);
  // The token is issued first: setTokenActive needs its id.
  operations.sort((a, b) => Number(b.operationId === 'issueToken') - Number(a.operationId === 'issueToken'));

  const send = async (
    operation: Operation,
    intent: Intent,
    label: string,
    options: {
      query?: string;
      body?: unknown;
      token?: TokenName | null;
      pathParams?: Record<string, string>;
      payload?: string;
      contentType?: string;
    } = {},
  ) => {
    const pathParams = options.pathParams ?? pathParamsOf(operation, fixtures);
    const path = operation.path.replace(/\{(\w+)\}/gu, (_, name: string) => pathParams[name] ?? '');
    const query = options.query ?? '';
    const url = query === '' ? path : `${path}?${query}`;
    const inject = injectOptions(operation.method.toUpperCase() as 'GET', url, {
      token: options.token === undefined ? 'admin' : options.token,
      ...(operation.path.startsWith('/api') ? {} : { type: null }),
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.payload === undefined ? {} : { payload: options.payload }),
      // Every request names itself with the declared x-request-id header.
      headers: {
        'x-request-id': `corpus-${exchanges.length}`,
        ...(options.contentType ? { 'content-type': options.contentType } : {}),
      },
    });
    const reply = await t.app.inject(inject);
    const exchange: Exchange = {
      operation,
      intent,
      label,
      pathParams,
      query,
      body: options.body,
      status: reply.statusCode,
      response: reply.json(),
    };
    exchanges.push(exchange);
    return exchange;
  };

  for (const operation of operations) {
    const collection = COLLECTION_OF.exec(operation.path)?.[1] ?? '';
    const hasBody = operation.requestBody !== undefined;
    const body = bodyFor(operation, collection, fixtures);

    const first = await send(operation, 'declared', 'no query', hasBody ? { body } : {});
    if (operation.operationId === 'issueToken') fixtures.token = (first.response as Json).response?._id;

    // Each declared query parameter: the document's examples, or a value of every declared form.
    for (const parameter of operation.parameters) {
      if (parameter.in !== 'query') continue;
      const values = parameter.examples
        ? Object.values<Json>(parameter.examples).map((example) => example.value)
        : parameter.style === 'deepObject'
          ? filterValues(parameter)
          : [sampleOf(parameter.schema)];
      for (const value of values) {
        await send(operation, 'declared', `${parameter.name} = ${JSON.stringify(value)}`, {
          query: serialize([[parameter.name, value]]),
          ...(hasBody ? { body: bodyFor(operation, collection, fixtures) } : {}),
        });
      }
    }

    // Query keys the operation does not declare.
    const declared = new Set(operation.parameters.map((parameter) => parameter.name));
    const undeclared = ['zz_undeclared=1'];
    if (declared.has('select')) undeclared.push('select[user.name]=1');
    const firstFilter = operation.parameters.find(
      (parameter) => parameter.style === 'deepObject' && parameter.name !== '__sort',
    );
    if (firstFilter) undeclared.push(`${encodeURIComponent(firstFilter.name)}[$in][]=a`);
    if (operation.path.endsWith('/{id}') && operation.method === 'get') {
      // A record read by id takes select and populate only: not the list's filters or paging.
      const list = operations.find((other) => other.path === `/api/${collection}` && other.method === 'get');
      for (const parameter of list?.parameters ?? []) {
        if (parameter.in === 'query' && !declared.has(parameter.name))
          undeclared.push(
            `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(sampleOf(parameter.schema.anyOf?.[0] ?? parameter.schema)))}`,
          );
      }
    }
    if (operation.operationId.startsWith('resync'))
      undeclared.push('global_search=ana', 'elemMatch={}', '__page=1', 'select=_id');
    if (declared.has('__page')) undeclared.push('user[name]=Ana');
    for (const query of undeclared) {
      if (declared.has(query.split(/[=[]/u)[0]!) && !query.includes('[')) continue;
      await send(operation, 'undeclared', `undeclared ${query}`, {
        query,
        ...(hasBody ? { body: bodyFor(operation, collection, fixtures) } : {}),
      });
    }

    // Documented errors.
    if (operation.path.startsWith('/api')) {
      await send(operation, 'error', 'no token', { token: null, ...(hasBody ? { body } : {}) });
    }
    if (operation.path.includes('{id}')) {
      await send(operation, 'error', 'a record that does not exist', {
        pathParams: { ...pathParamsOf(operation, fixtures), id: 'ffffffffffffffffffffffff' },
        ...(hasBody
          ? { body: operation.operationId === 'setTokenActive' ? { active: true } : updateBody(collection) }
          : {}),
      });
    }
    const page = operation.parameters.find((parameter) => parameter.name === '__page');
    if (page) {
      await send(operation, 'undeclared', '__page=0', { query: '__page=0' });
      await send(operation, 'undeclared', '__page past its maximum', {
        query: `__page=${page.schema.maximum + 1}`,
      });
    }
    if (operation.operationId.startsWith('create')) {
      await send(operation, 'error', 'a read-only token', { token: 'read', body });
      // Over the default body limit (1 MiB): 413.
      if (operation.operationId === 'createSchool')
        await send(operation, 'error', 'a body over the limit', {
          payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
          contentType: 'application/json',
        });
      await send(operation, 'undeclared', 'an unknown body field', { body: { ...body, zz_field: 1 } });
    }
    if (/^update\w+(?<!ByBodyId)$/u.test(operation.operationId)) {
      for (const nulls of requiredNulls(document, collection)) {
        await send(operation, 'undeclared', `clears ${JSON.stringify(nulls)}`, { body: nulls });
      }
      await send(operation, 'error', 'a body that is not JSON', {
        payload: 'name=x',
        contentType: 'text/plain',
      });
    }
  }
  // A unique value in use: 409.
  const createStudent = operations.find((operation) => operation.operationId === 'createStudent')!;
  const taken = createBody('students', fixtures);
  await send(createStudent, 'declared', 'a new student', { body: taken });
  await send(createStudent, 'error', 'an identification number in use', { body: taken });
  return exchanges;
}

function pathParamsOf(operation: Operation, fixtures: Fixtures): Record<string, string> {
  const collection = COLLECTION_OF.exec(operation.path)?.[1] ?? '';
  if (operation.operationId === 'setTokenActive') return { id: fixtures.token ?? '' };
  if (operation.operationId === 'retrySync')
    return { collection: 'students', id: recordId('students', fixtures) };
  return operation.path.includes('{id}') ? { id: recordId(collection, fixtures) } : {};
}

function bodyFor(operation: Operation, collection: string, fixtures: Fixtures): Json {
  if (operation.requestBody === undefined) return undefined;
  switch (operation.operationId) {
    case 'issueToken':
      return { name: 'corpus', scopes: ['read'], schools: '*' };
    case 'setTokenActive':
      return { active: true };
  }
  if (operation.method === 'post') return createBody(collection, fixtures);
  if (operation.path.endsWith('{id}')) return updateBody(collection);
  return { _id: recordId(collection, fixtures), ...updateBody(collection) };
}

/** Two delivery attempts in the log (written behind the API: the log is the sync worker's). */
async function addDeliveries(t: TestApp, seed: Seed): Promise<void> {
  const base = {
    collection: 'students',
    operation: 'create',
    method: 'POST',
    url: 'http://127.0.0.1:9/students',
    error_class: null,
    error_code: null,
    duration_ms: 12,
    attempt: 1,
    worker: 'corpus',
    at: new Date('2025-03-01T10:00:00Z'),
  };
  await t.db.collection('sync_deliveries').insertMany([
    {
      ...base,
      _id: new ObjectId(),
      school: ObjectId.createFromHexString(seed.A.school),
      record: ObjectId.createFromHexString(seed.A.students[0]),
      status: 201,
      outcome: 'acknowledged',
    },
    {
      ...base,
      _id: new ObjectId(),
      school: ObjectId.createFromHexString(seed.B.school),
      record: ObjectId.createFromHexString(seed.B.students[0]),
      status: null,
      outcome: 'retryable',
      error_class: 'timeout',
      attempt: 2,
    },
  ]);
}
