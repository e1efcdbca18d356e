/**
 * Test helpers for the host: an app on a fresh database of the test engine (./database.ts), configured with a set of
 * tokens (full, read-only, write-only, admin, root with every scope, and tokens limited to schools A, B or both), requests
 * through `app.inject` with the headers every `/api/*` call needs, list and record requests described
 * as data (`t.find`, `t.findById`: `buildQuery`, typed by the collection's records), and a seed written
 * through the API itself (POST), so tests depend on neither demo data nor the storage layer.
 */
import {
  buildQuery,
  type Jsonified,
  type QueryRecordOf,
  type QueryResponse,
  type QuerySpec,
  type RecordOf,
} from '@school/query-dsl';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from 'mongodb';
import { afterAll, expect } from 'vitest';
import { type AppOptions, buildApp } from '../../src/app.js';
import type { HostCollection } from '../../src/collections/index.js';
import { loadConfig } from '../../src/config/app-config.js';
import { memoryDatabase, testDatabase } from './database.js';

/** The secrets of the configured tokens (each at least 16 characters, as the configuration requires). */
export const SECRETS = {
  full: 'test-full-access-token-0001',
  read: 'test-read-only-token-000002',
  write: 'test-write-only-token-00003',
  admin: 'test-admin-token-00000000004',
  schoolA: 'test-school-a-token-0000005',
  schoolB: 'test-school-b-token-0000006',
  schoolsAB: 'test-schools-a-b-token-00007',
  adminA: 'test-admin-school-a-token-08',
  readA: 'test-read-school-a-token-009',
  root: 'test-root-every-scope-token-10',
} as const;

export type TokenName = keyof typeof SECRETS;

/** An error entry of the envelope. */
export interface ErrorEntry {
  code: string;
  message: string;
  param: string;
}

/** The envelope every response body is. */
interface Envelope<T = unknown> {
  response: T;
  errors: ErrorEntry[];
}

// biome-ignore lint/suspicious/noExplicitAny: records are free-form JSON read by the tests.
export type Json = any;

/** What a request through the helpers answers: the status, headers and the parsed envelope. */
export interface Reply<T = Json> {
  status: number;
  headers: LightMyRequestResponse['headers'];
  body: Envelope<T>;
  raw: LightMyRequestResponse;
}

export interface RequestOptions {
  /** Which configured token to send; `null` sends no Authorization header. @default 'full' */
  token?: TokenName | null;
  /** A bearer secret to send instead of a configured one (e.g. an issued token). */
  secret?: string;
  /** The `type` header; `null` leaves it out. @default 'API' */
  type?: string | null;
  /** A JSON body (serialized with Content-Type: application/json). */
  body?: unknown;
  /** A raw payload sent as is (with `headers['content-type']` as given). */
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

/** A list request of a collection, described as data: its paths and values are typed by the records. */
export type SpecOf<C extends HostCollection> = QuerySpec<RecordOf<C['definition']>>;

/**
 * A record as a list or record request answers it over HTTP: identifiers and dates are strings,
 * every field may be absent (a `select` leaves it out) and every identifier may be populated.
 */
export type WireRecord<R extends Record<string, unknown>> = Jsonified<QueryRecordOf<R>>;

/** The `response` of a list request over HTTP: a page of records, or the totals form. */
type WireList<R extends Record<string, unknown>> = Jsonified<QueryResponse<QueryRecordOf<R>>>;

/** The records of a list reply of `collection` (200, no errors, a page rather than totals), as they arrive over HTTP. */
export function pageOf<R extends Record<string, unknown>>(
  _collection: HostCollection<R>,
  reply: Reply,
): WireRecord<R>[] {
  const response: WireList<R> = expectOk(reply);
  if (!Array.isArray(response))
    throw new Error(`expected a page of records, got ${JSON.stringify(response)}`);
  return response;
}

/** What GET /:id reads of a query: `select` and `populate`. */
export type RecordSpec<R extends Record<string, unknown>> = Pick<
  QuerySpec<R>,
  'select' | 'exclude' | 'withoutId' | 'populate'
>;

/** `/api/<collection>` with the query string `buildQuery` writes for `spec`. */
export function listUrl<R extends Record<string, unknown>>(
  collection: HostCollection<R>,
  spec: NoInfer<QuerySpec<R>> = {},
): string {
  return withQuery(`/api/${collection.name}`, buildQuery(collection.definition, spec));
}

/** `/api/<collection>/<id>` with the query string `buildQuery` writes for `spec`. */
export function recordUrl<R extends Record<string, unknown>>(
  collection: HostCollection<R>,
  id: string,
  spec: NoInfer<RecordSpec<R>> = {},
): string {
  return withQuery(`/api/${collection.name}/${id}`, buildQuery(collection.definition, spec));
}

const withQuery = (path: string, query: string) => (query === '' ? path : `${path}?${query}`);

export interface SchoolIds {
  /** School A ("Colegio Andino") and school B ("Escuela Bolívar"). */
  A: string;
  B: string;
}

/** Records created in one school by `seed()`. */
interface SchoolSeed {
  school: string;
  year: string;
  course: string;
  section: string;
  grade: string;
  parent: string;
  /** Students in creation order: José Pérez (8vo, enrolled), Ana Núñez (8vo, enrolled), Luis Müller (9no, inactive). */
  students: [string, string, string];
  staff: string;
  otherGrade: string;
}

export interface Seed {
  A: SchoolSeed;
  B: SchoolSeed;
}

export interface TestApp {
  app: FastifyInstance;
  schools: SchoolIds;
  /** The database the app runs on (to look behind the API where a test must). */
  db: Db;
  /** `app.inject` with `Authorization: Bearer` and `type: API` (see RequestOptions). */
  request<T = Json>(
    method: InjectOptions['method'],
    url: string,
    options?: RequestOptions,
  ): Promise<Reply<T>>;
  get<T = Json>(url: string, options?: RequestOptions): Promise<Reply<T>>;
  post<T = Json>(url: string, body: unknown, options?: RequestOptions): Promise<Reply<T>>;
  put<T = Json>(url: string, body: unknown, options?: RequestOptions): Promise<Reply<T>>;
  /** POSTs `body` to /api/`collection`, expects 201 and returns the created record. */
  create(collection: string, body: unknown): Promise<Json>;
  /**
   * GET /api/<collection> with a request described as data, as a Node client of the service
   * writes it: a misspelled path or a value of the wrong type does not compile.
   */
  find<R extends Record<string, unknown>>(
    collection: HostCollection<R>,
    spec?: NoInfer<QuerySpec<R>>,
    options?: RequestOptions,
  ): Promise<Reply>;
  /** GET /api/<collection>/:id with `select` and `populate` described as data. */
  findById<R extends Record<string, unknown>>(
    collection: HostCollection<R>,
    id: string,
    spec?: NoInfer<RecordSpec<R>>,
    options?: RequestOptions,
  ): Promise<Reply>;
  /** Creates records in schools A and B through the API (POST) and returns their ids. */
  seed(): Promise<Seed>;
  /**
   * Runs the jobs renames left (students' search text) until none is due; returns how many ran.
   * The app's refresher does not start by itself unless `refresh.autoStart` says so.
   */
  refreshDependents(): Promise<number>;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** Extra environment for `loadConfig` (e.g. RATE_LIMIT_MAX, BODY_LIMIT). */
  env?: Record<string, string>;
  /** Wraps the database (e.g. to make one collection fail). */
  wrapDb?: (db: Db) => Db;
  /** Register `afterAll(close)`. @default true */
  closeAfterAll?: boolean;
  /** The app's clock (token expiry, rate-limit windows), e.g. a ManualClock's `now`. @default the system clock */
  now?: () => Date;
  /** The refresher of students' search text after a rename. @default `{ autoStart: false }`: tests drive it */
  refresh?: AppOptions['refresh'];
}

/** The `API_TOKENS` value: one token per entry of SECRETS. */
function apiTokens(schools: SchoolIds): string {
  return JSON.stringify([
    { name: 'full', token: SECRETS.full, scopes: ['read', 'write'], schools: '*' },
    { name: 'read', token: SECRETS.read, scopes: ['read'], schools: '*' },
    { name: 'write', token: SECRETS.write, scopes: ['write'], schools: '*' },
    { name: 'admin', token: SECRETS.admin, scopes: ['read', 'write', 'admin'], schools: '*' },
    { name: 'school-a', token: SECRETS.schoolA, scopes: ['read', 'write'], schools: [schools.A] },
    { name: 'school-b', token: SECRETS.schoolB, scopes: ['read', 'write'], schools: [schools.B] },
    {
      name: 'schools-a-b',
      token: SECRETS.schoolsAB,
      scopes: ['read', 'write'],
      schools: [schools.A, schools.B],
    },
    { name: 'admin-a', token: SECRETS.adminA, scopes: ['read', 'write', 'admin'], schools: [schools.A] },
    { name: 'read-a', token: SECRETS.readA, scopes: ['read'], schools: [schools.A] },
    { name: 'root', token: SECRETS.root, scopes: ['read', 'write', 'admin', 'metrics'], schools: '*' },
  ]);
}

/**
 * A ready app on a fresh database of the test engine, closed after the test file. Schools A and B exist
 * (created through the API by a first app with a full-access token), so the tokens limited to them
 * can be configured; every other record comes from `seed()`.
 */
export async function build(options: BuildOptions = {}): Promise<TestApp> {
  const database = await testDatabase(options.wrapDb);
  const baseEnv = { DEMO_DATA: '0', LOG_LEVEL: 'silent', ...options.env };

  const bootstrap = await buildApp({
    config: loadConfig({
      ...baseEnv,
      API_TOKENS: JSON.stringify([
        { name: 'bootstrap', token: SECRETS.full, scopes: ['write'], schools: '*' },
      ]),
    }),
    database,
    logger: false,
  });
  const createSchool = async (body: object) => {
    const reply = await bootstrap.inject({
      method: 'POST',
      url: '/api/schools',
      headers: { authorization: `Bearer ${SECRETS.full}`, type: 'API' },
      payload: body as Record<string, unknown>,
    });
    if (reply.statusCode !== 201) throw new Error(`school not created: ${reply.body}`);
    return (reply.json() as Envelope<{ _id: string }>).response._id;
  };
  const schools: SchoolIds = {
    A: await createSchool({ name: 'Colegio Andino', code: 'CA', country: 'EC' }),
    B: await createSchool({ name: 'Escuela Bolívar', code: 'EB', country: 'EC' }),
  };
  await bootstrap.close();

  const app = await buildApp({
    config: loadConfig({ ...baseEnv, API_TOKENS: apiTokens(schools) }),
    database,
    logger: false,
    ...(options.now ? { now: options.now } : {}),
    refresh: options.refresh ?? { autoStart: false },
  });
  await app.ready();

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await database.closeForReal();
  };
  if (options.closeAfterAll !== false) afterAll(close);

  const request = async <T>(
    method: InjectOptions['method'],
    url: string,
    requestOptions: RequestOptions = {},
  ): Promise<Reply<T>> => {
    const reply = await app.inject(injectOptions(method, url, requestOptions));
    return toReply<T>(reply);
  };
  const testApp: TestApp = {
    app,
    schools,
    db: database.db,
    request,
    get: (url, o) => request('GET', url, o),
    post: (url, body, o) => request('POST', url, { ...o, body }),
    put: (url, body, o) => request('PUT', url, { ...o, body }),
    create: async (collection, body) => expectOk(await request('POST', `/api/${collection}`, { body }), 201),
    find: (collection, spec, o) => request('GET', listUrl(collection, spec), o),
    findById: (collection, id, spec, o) => request('GET', recordUrl(collection, id, spec), o),
    seed: () => seed(testApp),
    refreshDependents: () => app.school.refresher.runUntilIdle(),
    close,
  };
  return testApp;
}

/** The inject options for a request: bearer token, `type: API`, JSON body. */
export function injectOptions(
  method: InjectOptions['method'],
  url: string,
  options: RequestOptions = {},
): InjectOptions {
  const headers: Record<string, string> = {};
  const secret = options.secret ?? (options.token === null ? undefined : SECRETS[options.token ?? 'full']);
  if (secret !== undefined) headers.authorization = `Bearer ${secret}`;
  if (options.type !== null) headers.type = options.type ?? 'API';
  let payload: string | Buffer | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }
  if (options.payload !== undefined) payload = options.payload;
  Object.assign(headers, options.headers);
  return { method: method ?? 'GET', url, headers, ...(payload === undefined ? {} : { payload }) };
}

export function toReply<T>(reply: LightMyRequestResponse): Reply<T> {
  let body: Envelope<T>;
  try {
    body = reply.json() as Envelope<T>;
  } catch {
    throw new Error(`${reply.statusCode} answered a body that is not JSON: ${reply.body.slice(0, 300)}`);
  }
  return { status: reply.statusCode, headers: reply.headers, body, raw: reply };
}

/** Asserts a failure envelope: the status, `response: null`, and every entry well-formed. */
export function expectErrors(reply: Reply, status: number): ErrorEntry[] {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body.response).toBeNull();
  expect(Array.isArray(reply.body.errors)).toBe(true);
  expect(reply.body.errors.length).toBeGreaterThan(0);
  for (const entry of reply.body.errors) {
    expect(Object.keys(entry).sort()).toEqual(['code', 'message', 'param']);
    expect(typeof entry.code).toBe('string');
    expect(typeof entry.message).toBe('string');
    expect(entry.message.length).toBeGreaterThan(0);
    expect(typeof entry.param).toBe('string');
  }
  return reply.body.errors;
}

/** Asserts a failure envelope with exactly one entry of `code` and returns it. */
export function expectError(reply: Reply, status: number, code: string): ErrorEntry {
  const errors = expectErrors(reply, status);
  expect(errors.map((entry) => entry.code)).toEqual([code]);
  return errors[0]!;
}

/** Asserts a success envelope and returns its response. */
export function expectOk<T = Json>(reply: Reply<T>, status = 200): T {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body.errors).toEqual([]);
  return reply.body.response;
}

/** The ids of a list response (array form or totals form). */
export function ids(response: Json): string[] {
  const records = Array.isArray(response) ? response : response.results;
  return (records as Array<{ _id: string }>).map((record) => record._id);
}

/** Readable names for the seeded students and people: `José A`, `Ana B`, `Rosa A`, `Carmen B`... */
export function labeller(seedIds: Seed, extra: Record<string, string> = {}): (response: Json) => string[] {
  const names = new Map<string, string>(Object.entries(extra));
  for (const letter of ['A', 'B'] as const) {
    const school = seedIds[letter];
    const [jose, ana, luis] = school.students;
    names.set(jose, `José ${letter}`);
    names.set(ana, `Ana ${letter}`);
    names.set(luis, `Luis ${letter}`);
    names.set(school.parent, `Rosa ${letter}`);
    names.set(school.staff, `Carmen ${letter}`);
  }
  return (response) => ids(response).map((id) => names.get(id) ?? id);
}

/** The same labels, sorted (for results whose order the request does not fix). */
export function sorted(labels: string[]): string[] {
  return [...labels].sort();
}

/** Query-string encoding of one parameter's value (what `curl --data-urlencode` does). */
export function q(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}

/** Creates, through the API, a year, course, section, two grades, a parent, three students and a staff member per school. */
async function seed(t: Pick<TestApp, 'post' | 'schools'>): Promise<Seed> {
  const create = async (collection: string, body: object): Promise<string> => {
    const reply = await t.post(`/api/${collection}`, body);
    if (reply.status !== 201) throw new Error(`${collection} not created: ${JSON.stringify(reply.body)}`);
    return (reply.body.response as { _id: string })._id;
  };
  const one = async (school: string, tag: 'a' | 'b'): Promise<SchoolSeed> => {
    const domain = tag === 'a' ? 'andino.edu.ec' : 'bolivar.edu.ec';
    const digit = tag === 'a' ? '1' : '2';
    const year = await create('years', {
      school,
      name: '2025-2026',
      country: 'EC',
      passing_score: 7,
      base_score: 10,
      score_decimals: 2,
      round: true,
    });
    const course = await create('courses', {
      school,
      name: 'Matemáticas',
      reference_name: 'EGB Superior',
      code: 'MAT',
      weight_in_subject: 1,
    });
    const section = await create('sections', { school, name: 'A', code: 'A' });
    const grade = await create('grades', { school, name: '8vo', code: '8', section });
    const otherGrade = await create('grades', { school, name: '9no', code: '9', section });
    const parent = await create('parents', {
      school,
      user: {
        name: 'Rosa',
        surname: 'Pérez',
        email: `rosa.perez.${tag}@gmail.com`,
        id_card: `170000000${digit}`,
      },
    });
    const student = (user: object, group: string, extra: object = {}) =>
      create('students', {
        school,
        user,
        parents: [parent],
        years: [{ year, enrolled: true, registered: true, group }],
        addresses: [{ name: 'Casa', city: tag === 'a' ? 'Quito' : 'Guayaquil' }],
        citizenship: 'Ecuatoriana',
        emergency: { contacts: [{ name: 'Rosa Pérez', phones: { mobile: `099000000${digit}` } }] },
        ...extra,
      });
    const jose = await student(
      {
        name: 'José',
        second_name: 'Luis',
        surname: 'Pérez',
        email: `jose.perez@${domain}`,
        id_card: `171234567${digit}`,
      },
      grade,
    );
    const ana = await student(
      { name: 'Ana', surname: 'Núñez', email: `ana.nunez@${domain}`, id_card: `091234567${digit}` },
      grade,
    );
    const luis = await student(
      { name: 'Luis', surname: 'Müller', email: `luis.muller@school.org`, id_card: `179876543${digit}` },
      otherGrade,
      { active: false },
    );
    const staff = await create('staff', {
      school,
      role: 'teacher',
      user: {
        name: 'Carmen',
        surname: 'Ortiz',
        email: `carmen.ortiz@${domain}`,
        id_card: `175555555${digit}`,
      },
    });
    return {
      school,
      year,
      course,
      section,
      grade,
      otherGrade,
      parent,
      students: [jose, ana, luis],
      staff,
    };
  };
  return { A: await one(t.schools.A, 'a'), B: await one(t.schools.B, 'b') };
}

export { memoryDatabase };
