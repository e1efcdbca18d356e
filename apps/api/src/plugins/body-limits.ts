import { IssueList } from '@school/query-dsl';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ErrorCode, type ErrorEntry, HttpError } from '../errors/http-error.js';

type Schema = Readonly<Record<string, unknown>>;

/** A named schema by its `$id` (what `{ $ref: 'Name#' }` points to). */
export type SchemaLookup = (id: string) => Schema | undefined;

/**
 * The size problems of a parsed body: each array longer than its schema's `maxItems`. They are
 * found in one walk that never enters an array past its limit, so their cost is bounded by the
 * body's shape, not by the validator: ajv (with `allErrors`) would report each element of a
 * 1,000-element array, and each element's own problems, one by one. Everything else — types,
 * formats, lengths of text, unknown keys (at most `BODY_SHAPE.keys` per object) — is left to the
 * validator, which then only sees arrays within their limits.
 * @returns the entries to answer with (capped, like every error list), or `undefined` if none.
 */
export function sizeProblems(schema: Schema, body: unknown, lookup: SchemaLookup): ErrorEntry[] | undefined {
  const problems = new IssueList<ErrorCode>('body');
  walk(schema, body, '', problems, lookup);
  return problems.empty ? undefined : problems.list();
}

function walk(
  schema: Schema,
  value: unknown,
  path: string,
  problems: IssueList<ErrorCode>,
  lookup: SchemaLookup,
): void {
  const resolved = resolve(schema, lookup);
  if (!resolved || value === null || typeof value !== 'object') return;
  const next = (child: Schema, childValue: unknown, childPath: string) =>
    walk(child, childValue, childPath, problems, lookup);
  // `anyOf: [field, {type: "null"}]` (a field an update may clear): the limits are the field's.
  for (const branch of arrayOf(resolved.anyOf)) next(branch, value, path);
  if (Array.isArray(value)) {
    const { maxItems, items } = resolved;
    if (typeof maxItems === 'number' && value.length > maxItems) {
      const param = path || 'body';
      problems.add('VALIDATION_FAILED', param, `${param} must NOT have more than ${maxItems} items.`);
      return;
    }
    if (!isSchema(items)) return;
    for (let index = 0; index < value.length; index++) next(items, value[index], join(path, String(index)));
    return;
  }
  const properties = isSchema(resolved.properties) ? resolved.properties : undefined;
  if (!properties) return;
  for (const [key, child] of Object.entries(value)) {
    const childSchema = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (isSchema(childSchema)) next(childSchema, child, join(path, key));
  }
}

function resolve(schema: Schema, lookup: SchemaLookup): Schema | undefined {
  const ref = schema.$ref;
  return typeof ref === 'string' ? lookup(ref.replace(/#$/u, '')) : schema;
}

function arrayOf(value: unknown): Schema[] {
  return Array.isArray(value) ? value.filter(isSchema) : [];
}

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * Checks a body's sizes (`sizeProblems`) after it is parsed and before it is validated
 * (`preValidation`): a body past its schema's limits is answered with those problems alone.
 */
export const bodyLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    const lookup: SchemaLookup = (id) => {
      const found: unknown = app.getSchema(id);
      return isSchema(found) ? found : undefined;
    };
    app.addHook('preValidation', async (request) => {
      const schema = request.routeOptions.schema?.body;
      if (!isSchema(schema) || request.body === undefined) return;
      const problems = sizeProblems(schema, request.body, lookup);
      if (problems) throw new HttpError(problems);
    });
  },
  { name: 'body-limits' },
);
