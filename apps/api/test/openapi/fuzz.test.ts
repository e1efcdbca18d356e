/**
 * Requests generated from the served OpenAPI document by a third-party generator
 * (json-schema-faker, seeded: the same requests on every run) are accepted: for every operation,
 * parameters and bodies the generator makes valid per the document are sent to the app, and none
 * is refused as a bad request (400). Only what no schema can state is filled in by the test:
 * `:id` and every reference (`x-ref`) is a real record of school A, so a write points at records
 * that exist; the token is one of school A with every scope, so a body may leave `school` out (the
 * document says so in words: a schema cannot depend on the token), and a token's `expires_at` is
 * in the future (nor can a schema depend on the clock). A refusal for what the document cannot say (a record missing, 404; a unique value
 * taken, 409; more power than the caller's, 403) is not a bad request.
 */
import { createGeneratorSync } from 'json-schema-faker';
import { describe, expect, it } from 'vitest';
import { build, type Json } from '../support/helper.js';
import { operationsOf, serialize } from '../support/openapi-corpus.js';

const RUNS_PER_OPERATION = 6;
const SEED = 20260101;

const t = await build({ env: { RATE_LIMIT_MAX: '100000' } });
const seed = await t.seed();
const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Json;

/** The records of school A the generated requests point at, by collection. */
const RECORDS: Record<string, string> = {
  schools: seed.A.school,
  years: seed.A.year,
  courses: seed.A.course,
  sections: seed.A.section,
  grades: seed.A.grade,
  students: seed.A.students[0],
  parents: seed.A.parent,
  staff: seed.A.staff,
};

/** The component schemas under `$defs`, so that a generated schema's `$ref`s resolve inside it. */
const defs = JSON.parse(
  JSON.stringify(document.components.schemas).replaceAll('#/components/schemas/', '#/$defs/'),
);
const rooted = (schema: Json): Json => ({
  ...JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/')),
  $defs: defs,
});
const resolve = (schema: Json): Json => {
  const name = typeof schema?.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
  return name ? resolve(defs[name]) : schema;
};

const generator = createGeneratorSync({ seed: SEED, optionalsProbability: 0.5, maxItems: 3 });

/** A generated value with every reference replaced by a real record (walks the schema beside it). */
function withRealReferences(schema: Json, value: unknown): unknown {
  const node = resolve(schema);
  if (node === undefined || value === null || value === undefined) return value;
  if (typeof node['x-ref'] === 'string' && typeof value === 'string') return RECORDS[node['x-ref']] ?? value;
  for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) {
    const replaced = withRealReferences(branch, value);
    if (replaced !== value) return replaced;
  }
  if (Array.isArray(value)) return value.map((item) => withRealReferences(node.items, item));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, withRealReferences(node.properties?.[key], child)]),
    );
  }
  return value;
}

/**
 * A token's `expires_at` must be in the future, which a schema cannot state (the document says it in
 * words): a generated one is moved to a day from the app's now.
 */
function inTheFuture(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || !('expires_at' in body)) return body;
  return { ...body, expires_at: new Date(t.app.school.now().getTime() + 86_400_000).toISOString() };
}

interface Sent {
  readonly operation: string;
  readonly request: string;
  readonly status: number;
  readonly reply: string;
}

async function sendGenerated(): Promise<Sent[]> {
  const sent: Sent[] = [];
  for (const operation of operationsOf(document)) {
    const collection = /^\/api\/(\w+)/u.exec(operation.path)?.[1] ?? '';
    for (let run = 0; run < RUNS_PER_OPERATION; run++) {
      const query: Array<[string, unknown]> = [];
      let path = operation.path;
      for (const parameter of operation.parameters) {
        if (parameter.in === 'path') {
          const value =
            parameter.name === 'id' ? RECORDS[collection] : generator.generate(rooted(parameter.schema));
          path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
        } else if (parameter.in === 'query') {
          query.push([parameter.name, generator.generate(rooted(parameter.schema))]);
        }
      }
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const body = bodySchema
        ? inTheFuture(withRealReferences(bodySchema, generator.generate(rooted(bodySchema))))
        : undefined;
      // Half the runs send no query parameter, half send some: the generator picks which.
      const chosen = run % 2 === 1 ? query.filter((_, index) => (index + run) % 3 === 0) : [];
      const queryText = serialize(chosen);
      const url = `${path}${queryText ? `?${queryText}` : ''}`;
      const method = operation.method.toUpperCase() as 'GET';
      const reply = await t.request(method, url, {
        token: 'adminA',
        ...(body === undefined ? {} : { body }),
      });
      sent.push({
        operation: operation.operationId,
        request: `${method} ${decodeURIComponent(url)} ${body === undefined ? '' : JSON.stringify(body)}`,
        status: reply.status,
        reply: JSON.stringify(reply.body).slice(0, 300),
      });
    }
  }
  return sent;
}

const sent = await sendGenerated();

describe('requests generated from the OpenAPI document by json-schema-faker', () => {
  it('cover every operation of the document, with and without query parameters', () => {
    const operations = new Set(sent.map((entry) => entry.operation));
    expect(operations.size).toBe(operationsOf(document).length);
    expect(sent.filter((entry) => entry.request.includes('?')).length).toBeGreaterThan(50);
  });

  it('none is refused as a bad request, and none fails', () => {
    const refused = sent.filter((entry) => entry.status === 400 || entry.status >= 500);
    expect(
      refused.map((entry) => `${entry.operation}: ${entry.request} → ${entry.status} ${entry.reply}`),
    ).toEqual([]);
  });

  it('writes are accepted (201, 200), not only refused for other reasons', () => {
    const writes = sent.filter((entry) => /^(create|update)[A-Z]/u.test(entry.operation));
    expect(writes.filter((entry) => entry.status === 200 || entry.status === 201).length).toBeGreaterThan(
      writes.length / 2,
    );
  });
});
