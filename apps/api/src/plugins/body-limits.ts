import { IssueList } from '@school/query-dsl';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ErrorCode, type ErrorEntry, HttpError } from '../errors.js';
import { unknownFieldMessage } from './error-handler.js';

type Schema = Readonly<Record<string, unknown>>;

/** A named schema by its `$id` (what `{ $ref: 'Name#' }` points to). */
export type SchemaLookup = (id: string) => Schema | undefined;

/**
 * The size problems of a parsed body, by the limits its schema declares: an array longer than its
 * `maxItems`, an object with more keys than it has fields (each unknown key is listed). They are
 * found in one walk that never enters an array past its limit, so their cost is the body's size,
 * not the validator's: ajv (with `allErrors`) would report each element of a 500,000-element array
 * or each of 50,000 unknown keys one by one. Everything else — types, formats, lengths of text, a
 * few unknown keys — is left to the validator, which then only sees input of bounded size.
 * @returns the entries to answer with (capped, like every error list), or `undefined` if none.
 */
export function sizeProblems(
  schema: Schema,
  body: unknown,
  lookup: SchemaLookup,
  unknownKeyMessage: (param: string) => string,
): ErrorEntry[] | undefined {
  const problems = new IssueList<ErrorCode>('body');
  walk(schema, body, '', problems, lookup, unknownKeyMessage);
  return problems.empty ? undefined : problems.list();
}

function walk(
  schema: Schema,
  value: unknown,
  path: string,
  problems: IssueList<ErrorCode>,
  lookup: SchemaLookup,
  unknownKeyMessage: (param: string) => string,
): void {
  const resolved = resolve(schema, lookup);
  if (!resolved || value === null || typeof value !== 'object') return;
  const next = (child: Schema, childValue: unknown, childPath: string) =>
    walk(child, childValue, childPath, problems, lookup, unknownKeyMessage);
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
  const keys = Object.keys(value);
  // More keys than the object has fields: some are unknown, and ajv would report each one.
  const overfull = resolved.additionalProperties === false && keys.length > Object.keys(properties).length;
  for (const key of keys) {
    const childSchema = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (isSchema(childSchema)) next(childSchema, Reflect.get(value, key), join(path, key));
    else if (overfull) problems.add('VALIDATION_FAILED', join(path, key), unknownKeyMessage(join(path, key)));
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
export const bodyLimitsPlugin = fp<{ readOnly: (url: string) => ReadonlySet<string> }>(
  async (app: FastifyInstance, { readOnly }) => {
    const lookup: SchemaLookup = (id) => {
      const found: unknown = app.getSchema(id);
      return isSchema(found) ? found : undefined;
    };
    app.addHook('preValidation', async (request) => {
      const schema = request.routeOptions.schema?.body;
      if (!isSchema(schema) || request.body === undefined) return;
      const fields = readOnly(request.routeOptions.url ?? request.url);
      const problems = sizeProblems(schema, request.body, lookup, (param) =>
        unknownFieldMessage(param, fields),
      );
      if (problems) throw new HttpError(problems);
    });
  },
  { name: 'body-limits' },
);
