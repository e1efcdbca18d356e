/**
 * Every body the service takes is bounded by its schema: each string has a `maxLength` (or is one
 * of a fixed set of values), each array a `maxItems`, and nothing is left untyped; and no schema
 * takes a body that the shape check before parsing (BODY_SHAPE) would refuse. The walk reads
 * the request bodies of every route in the OpenAPI document, so a route added later is checked too.
 */
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/collections/index.js';
import { BODY_SHAPE } from '../../src/config/limits.js';
import { build, type Json } from '../support/helper.js';

type Schema = Record<string, Json>;

const t = await build();
const document: {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Schema> };
} = t.app.swagger() as Json;

/** The places in `schema` (JSON Pointers from `at`) that leave a string, an array or a value unbounded. */
function unbounded(schema: Schema, at: string, seen = new Set<string>(), depth = 1): string[] {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.has(name)) return [];
    seen.add(name);
    const target = document.components.schemas[name];
    return target ? unbounded(target, `${at}→${name}`, seen, depth) : [`${at}: unresolved ${schema.$ref}`];
  }
  const problems: string[] = [];
  const branches = ['anyOf', 'oneOf', 'allOf'].flatMap((keyword) =>
    Array.isArray(schema[keyword])
      ? schema[keyword].map((branch: Schema, index: number) => [`${at}/${keyword}/${index}`, branch] as const)
      : [],
  );
  for (const [pointer, branch] of branches) problems.push(...unbounded(branch, pointer, seen, depth));
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const fixed = 'const' in schema || Array.isArray(schema.enum);
  if (types.length === 0 && branches.length === 0 && !fixed) problems.push(`${at}: no type`);
  if (types.includes('string') && !fixed && typeof schema.maxLength !== 'number')
    problems.push(`${at}: a string without maxLength`);
  if (types.includes('array') && typeof schema.maxItems !== 'number')
    problems.push(`${at}: an array without maxItems`);
  // The shape checked before parsing must never refuse a body the schema takes.
  if (schema.maxItems > BODY_SHAPE.items) problems.push(`${at}: maxItems past BODY_SHAPE.items`);
  if (Object.keys(schema.properties ?? {}).length > BODY_SHAPE.keys)
    problems.push(`${at}: more fields than BODY_SHAPE.keys`);
  if (depth > BODY_SHAPE.depth && (types.includes('array') || types.includes('object')))
    problems.push(`${at}: nested deeper than BODY_SHAPE.depth`);
  if (schema.items) problems.push(...unbounded(schema.items, `${at}/items`, seen, depth + 1));
  for (const [key, child] of Object.entries<Schema>(schema.properties ?? {}))
    problems.push(...unbounded(child, `${at}/properties/${key}`, seen, depth + 1));
  if (types.includes('object') && schema.additionalProperties !== false)
    problems.push(`${at}: an object that takes any other key`);
  return problems;
}

const bodies = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.entries(operations)
    .filter(([, operation]) => operation.requestBody)
    .map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path}`,
      schema: operation.requestBody.content['application/json'].schema as Schema,
    })),
);

describe('the bodies the service takes', () => {
  it('are every POST and PUT body: three per collection and two of the token API', () => {
    expect(bodies.length).toBe(COLLECTIONS.length * 3 + 2);
  });

  it.each(bodies)('$route bounds every string and array', ({ route, schema }) => {
    expect(unbounded(schema, route)).toEqual([]);
  });
});

describe('the check itself', () => {
  it('finds a string without maxLength, an array without maxItems, an untyped value and an open object', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: {
        text: { type: 'string' },
        nullable: { anyOf: [{ type: ['string', 'null'] }, { type: 'null' }] },
        list: { type: 'array', items: { type: 'string', maxLength: 3 } },
        anything: {},
        open: { type: 'object', properties: {} },
        choice: { type: 'string', enum: ['a', 'b'] },
        long: { type: 'array', maxItems: BODY_SHAPE.items + 1, items: { enum: [1] } },
      },
    };
    expect(unbounded(schema, 'x')).toEqual([
      'x/properties/text: a string without maxLength',
      'x/properties/nullable/anyOf/0: a string without maxLength',
      'x/properties/list: an array without maxItems',
      'x/properties/anything: no type',
      'x/properties/open: an object that takes any other key',
      'x/properties/long: maxItems past BODY_SHAPE.items',
    ]);
  });
});
