/**
 * The OpenAPI document is exactly true, as judged by an independent validator: @hyperjump/json-schema
 * with its OpenAPI 3.1 dialect (not this project's code, nor the ajv the service validates bodies
 * with) checks the served document against the OpenAPI 3.1 schema, then every exchange of the
 * corpus (./openapi-corpus.ts) against it, in both directions:
 * - every reply has a documented status and fits that status's schema;
 * - no request the document declares valid is refused as a bad request (400);
 * - no request the document does not declare (an unknown key, a value outside a parameter's schema,
 *   a body outside its schema) is accepted.
 * The test reads a request as the document's styles say (`form` for a value or a repeated key,
 * `deepObject` for `name[key]`) and reads query values the way OpenAPI validators do: as the
 * string, or as the JSON literal it spells (`true`, `2`) when the schema wants one.
 */
import { BASIC } from '@hyperjump/json-schema/experimental';
import {
  type OutputUnit,
  registerSchema,
  type Validator,
  validate,
} from '@hyperjump/json-schema/openapi-3-1';
import { describe, expect, it } from 'vitest';
import { build, type Json } from '../support/helper.js';
import { type Exchange, operationsOf, sendCorpus } from '../support/openapi-corpus.js';

// The corpus is larger than one token's default rate limit.
const t = await build({ env: { RATE_LIMIT_MAX: '100000' } });
const seed = await t.seed();
const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Json;
const exchanges = await sendCorpus(t, document, seed);

/**
 * The document's schemas as one schema resource of the OpenAPI 3.1 dialect, so that the validator
 * compiles each once: the components under `$defs` (their `$ref`s pointed there), and each schema
 * of an operation (a parameter's, the body's, a reply's) under `$defs` too, named by where it is.
 */
const RESOURCE = 'https://contract.test/openapi';
const targets = new Map<string, string>();
const rehome = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(rehome);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/components/schemas/', '#/$defs/')
        : rehome(value),
    ]),
  );
};
const defs: Json = rehome(document.components.schemas);
for (const [path, item] of Object.entries<Json>(document.paths)) {
  for (const [method, operation] of Object.entries<Json>(item)) {
    const place = (where: string, schema: unknown) => {
      const name = `operation${targets.size}`;
      defs[name] = rehome(schema);
      targets.set(`${method} ${path} ${where}`, `${RESOURCE}#/$defs/${name}`);
    };
    for (const parameter of operation.parameters ?? [])
      place(`${parameter.in} ${parameter.name}`, parameter.schema);
    const body = operation.requestBody?.content?.['application/json']?.schema;
    if (body) place('body', body);
    for (const [status, reply] of Object.entries<Json>(operation.responses)) {
      const schema = reply.content?.['application/json']?.schema;
      if (schema) place(`reply ${status}`, schema);
    }
  }
}
registerSchema({ $schema: 'https://spec.openapis.org/oas/3.1/dialect/base', $defs: defs }, RESOURCE);

/** The schema the document gives at a place of an operation (`query user.name`, `body`, `reply 200`). */
function schemaOf(operation: Exchange['operation'], where: string): string | undefined {
  return targets.get(`${operation.method} ${operation.path} ${where}`);
}

/** A JSON value, as the validator takes it. */
type Instance = Parameters<Validator>[0];

/** The first entries of a validator's output, for a message. */
const firstErrors = (output: { valid: boolean; errors?: OutputUnit[] }): OutputUnit[] =>
  output.errors?.slice(0, 5) ?? [];

const validators = new Map<string, Promise<(value: unknown) => boolean>>();
async function valid(uri: string, value: unknown): Promise<boolean> {
  let validator = validators.get(uri);
  if (!validator) {
    validator = validate(uri).then((compiled) => (instance: unknown) => compiled(instance as Instance).valid);
    validators.set(uri, validator);
  }
  return (await validator)(value);
}

/** A query value as the JSON literal it spells, where it spells one (`true`, `2`, `-1`). */
function literal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(literal);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, literal(item)]));
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/u.test(value)) return Number(value);
  return value;
}

/** Why the request is outside the document (nothing when the document declares it valid). */
async function requestProblems(exchange: Exchange): Promise<string[]> {
  const { operation } = exchange;
  const index = (name: string, place: string) =>
    operation.parameters.findIndex((parameter) => parameter.name === name && parameter.in === place);
  const problems: string[] = [];
  // Query values by parameter: plain values, and the keys of `name[key]`.
  const plain = new Map<string, string[]>();
  const bracketed = new Map<string, Record<string, string>>();
  for (const [key, value] of new URLSearchParams(exchange.query)) {
    const match = /^([^[\]]+)\[([^[\]]+)\]$/u.exec(key);
    const name = match ? match[1]! : key;
    const position = index(name, 'query');
    if (position < 0) {
      problems.push(`${key} is not declared`);
      continue;
    }
    if (key.includes('[') && !(match && operation.parameters[position].style === 'deepObject')) {
      problems.push(`${key} is not a form ${name} declares`);
      continue;
    }
    if (match) bracketed.set(name, { ...bracketed.get(name), [match[2]!]: value });
    else plain.set(name, [...(plain.get(name) ?? []), value]);
  }
  for (const name of new Set([...plain.keys(), ...bracketed.keys()])) {
    if (plain.has(name) && bracketed.has(name)) {
      problems.push(`${name} mixes forms`);
      continue;
    }
    const values = plain.get(name);
    const value = values ? (values.length === 1 ? values[0] : values) : bracketed.get(name);
    const schema = schemaOf(operation, `query ${name}`)!;
    if (!(await valid(schema, value)) && !(await valid(schema, literal(value))))
      problems.push(`${name}=${JSON.stringify(value)} is outside its schema`);
  }
  for (const [name, value] of Object.entries(exchange.pathParams)) {
    const schema = schemaOf(operation, `path ${name}`);
    if (!schema) problems.push(`path ${name} is not declared`);
    else if (!(await valid(schema, value))) problems.push(`path ${name}=${value} is outside its schema`);
  }
  if (operation.requestBody && exchange.body !== undefined) {
    const schema = schemaOf(operation, 'body')!;
    if (!(await valid(schema, exchange.body))) problems.push('the body is outside its schema');
  }
  return problems;
}

/** Why the reply is not what the document says (nothing when it is). */
async function responseProblems(exchange: Exchange): Promise<string[]> {
  const { operation } = exchange;
  const documented = operation.responses[String(exchange.status)];
  if (!documented) return [`status ${exchange.status} is not documented`];
  const schema = schemaOf(operation, `reply ${exchange.status}`);
  if (!schema) return [`status ${exchange.status} documents no JSON body`];
  if (await valid(schema, exchange.response)) return [];
  const output = await validate(schema, exchange.response as Instance, BASIC);
  return [`the reply is outside its schema: ${JSON.stringify(firstErrors(output))}`];
}

const describeExchange = (exchange: Exchange) =>
  `${exchange.operation.operationId} [${exchange.label}] ${exchange.query} → ${exchange.status} ${JSON.stringify(exchange.response).slice(0, 300)}`;

const judged = await Promise.all(
  exchanges.map(async (exchange) => ({
    exchange,
    request: await requestProblems(exchange),
    response: await responseProblems(exchange),
  })),
);

describe('the served OpenAPI document, judged by an independent OpenAPI 3.1 validator', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const output = await validate('https://spec.openapis.org/oas/3.1/schema-base', document, BASIC);
    expect(firstErrors(output)).toEqual([]);
    expect(output.valid).toBe(true);
  });

  it('the corpus covers every operation, each declared query parameter and both directions', () => {
    const operations = new Set(exchanges.map((exchange) => exchange.operation.operationId));
    const all = Object.values<Json>(document.paths).flatMap((item) =>
      Object.values<Json>(item).map((operation) => operation.operationId),
    );
    expect([...operations].sort()).toEqual([...all].sort());
    const sent = new Set(
      exchanges
        .filter((exchange) => exchange.intent === 'declared')
        .flatMap((exchange) =>
          [...new URLSearchParams(exchange.query).keys()].map(
            (key) => `${exchange.operation.operationId} ${key.replace(/\[[^\]]*\]$/u, '')}`,
          ),
        ),
    );
    const declared = operationsOf(document).flatMap((operation) =>
      operation.parameters
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => `${operation.operationId} ${parameter.name}`),
    );
    expect(declared.filter((parameter) => !sent.has(parameter))).toEqual([]);
    const count = (intent: Exchange['intent']) =>
      exchanges.filter((exchange) => exchange.intent === intent).length;
    expect(count('declared')).toBeGreaterThan(500);
    expect(count('undeclared')).toBeGreaterThan(100);
    expect(count('error')).toBeGreaterThan(50);
    const statuses = new Set(exchanges.map((exchange) => exchange.status));
    expect([...statuses].sort()).toEqual([200, 201, 202, 400, 401, 403, 404, 409, 413, 415]);
  });

  it('every reply has a documented status and fits its schema', () => {
    const violations = judged.flatMap(({ exchange, response }) =>
      response.map((problem) => `${describeExchange(exchange)}: ${problem}`),
    );
    expect(violations).toEqual([]);
  });

  it("the corpus's requests are what they mean to be: the document's own examples are valid, the undeclared ones are not", () => {
    const wrong = judged.flatMap(({ exchange, request }) => {
      if (exchange.intent === 'declared' && request.length > 0)
        return [`${describeExchange(exchange)}: ${request.join('; ')}`];
      if (exchange.intent === 'undeclared' && request.length === 0)
        return [`${describeExchange(exchange)}: the document declares it`];
      return [];
    });
    expect(wrong).toEqual([]);
  });

  it('no request the document declares valid is refused as a bad request', () => {
    const refused = judged.filter(({ exchange, request }) => request.length === 0 && exchange.status === 400);
    expect(refused.map(({ exchange }) => describeExchange(exchange))).toEqual([]);
  });

  it('no request outside the document is accepted', () => {
    const accepted = judged.filter(({ exchange, request }) => request.length > 0 && exchange.status < 400);
    expect(
      accepted.map(({ exchange, request }) => `${describeExchange(exchange)}: ${request.join('; ')}`),
    ).toEqual([]);
  });

  it('declared requests succeed, or fail only for what no schema states (a missing record, a token)', () => {
    const failed = judged.filter(
      ({ exchange }) => exchange.intent === 'declared' && exchange.status >= 400 && exchange.status !== 404,
    );
    expect(failed.map(({ exchange }) => describeExchange(exchange))).toEqual([]);
  });
});
