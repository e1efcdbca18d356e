/**
 * The baseline: `GET /api/students` written by hand on the same database, without
 * `@school/query-dsl` — what a developer would write for this one route. It parses the query
 * string with URLSearchParams, checks the bearer token against a Map, builds the filter, sort,
 * projection and `$lookup` stages itself and returns the same envelope. Basic checks only: known
 * fields, known operators, page bounds, JSON that parses; no schema validation, no OpenAPI, no
 * rate limit, no limits on query size.
 */
import { ObjectId } from 'bson';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Db, Document, Filter } from 'mongodb';

export interface HandCaller {
  /** `*` or the schools the token is limited to. */
  readonly schools: '*' | readonly ObjectId[];
}

type FieldType = 'string' | 'boolean' | 'number' | 'objectid' | 'date';

/** The students fields a filter or sort may name, with their types. */
const FIELDS: Readonly<Record<string, FieldType>> = {
  _id: 'objectid',
  school: 'objectid',
  active: 'boolean',
  created_at: 'date',
  updated_at: 'date',
  citizenship: 'string',
  'user._id': 'objectid',
  'user.id_card': 'string',
  'user.name': 'string',
  'user.second_name': 'string',
  'user.surname': 'string',
  'user.second_surname': 'string',
  'user.email': 'string',
  parents: 'objectid',
  'years.year': 'objectid',
  'years.enrolled': 'boolean',
  'years.registered': 'boolean',
  'years.group': 'objectid',
  'addresses.name': 'string',
  'addresses.city': 'string',
  'relational_data.email': 'string',
};
const OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists']);
const HIDDEN = { _search: 0, _sync: 0, _rev: 0 } as const;

/** The references `populate` may follow: where the id sits and which collection it points to. */
const REFERENCES: Readonly<Record<string, { from: string; kind: 'one' | 'many' | 'inArray' }>> = {
  school: { from: 'schools', kind: 'one' },
  parents: { from: 'parents', kind: 'many' },
  'years.year': { from: 'years', kind: 'inArray' },
  'years.group': { from: 'grades', kind: 'inArray' },
};

class BadRequest extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly param: string,
  ) {
    super(message);
  }
}

export async function buildHandWritten(
  db: Db,
  tokens: ReadonlyMap<string, HandCaller>,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const students = db.collection('students');

  app.get('/api/students', async (request, reply) => {
    const auth = request.headers.authorization;
    const caller = auth?.startsWith('Bearer ') ? tokens.get(auth.slice(7).trim()) : undefined;
    if (!caller) return fail(reply, 401, 'UNAUTHORIZED', 'Send a valid bearer token.', 'Authorization');
    if (request.headers.type !== 'API') return fail(reply, 400, 'INVALID_HEADER', 'Send type: API.', 'type');

    let query: ParsedQuery;
    try {
      const at = request.url.indexOf('?');
      query = parseQuery(new URLSearchParams(at < 0 ? '' : request.url.slice(at + 1)));
    } catch (error) {
      if (error instanceof BadRequest) return fail(reply, 400, error.code, error.message, error.param);
      throw error;
    }

    const scope: Filter<Document> | undefined =
      caller.schools === '*' ? undefined : { school: { $in: [...caller.schools] } };
    const filter = scope && query.filter ? { $and: [scope, query.filter] } : (scope ?? query.filter ?? {});
    const skip = (query.page - 1) * query.perPage;

    const page = query.populate
      ? students
          .aggregate([
            { $match: filter },
            { $sort: query.sort },
            ...(skip > 0 ? [{ $skip: skip }] : []),
            { $limit: query.perPage },
            { $project: HIDDEN },
            ...populateStages(query.populate, caller),
          ])
          .toArray()
      : students.find(filter, { projection: HIDDEN, sort: query.sort, skip, limit: query.perPage }).toArray();
    if (!query.totals) return { response: await page, errors: [] };

    const [results, total, actualTotal, active] = await Promise.all([
      page,
      students.countDocuments(filter),
      students.countDocuments(scope ?? {}),
      students.countDocuments({ $and: [filter, { active: { $ne: false } }] }),
    ]);
    return {
      response: { results, total, actual_total: actualTotal, active, inactive: total - active },
      errors: [],
    };
  });

  app.setNotFoundHandler((_request, reply) => fail(reply, 404, 'NOT_FOUND', 'No such route.', 'url'));
  return app;
}

interface ParsedQuery {
  filter: Filter<Document> | undefined;
  sort: Record<string, 1 | -1>;
  page: number;
  perPage: number;
  totals: boolean;
  populate: Record<string, string> | undefined;
}

function parseQuery(params: URLSearchParams): ParsedQuery {
  const out: ParsedQuery = {
    filter: undefined,
    sort: {},
    page: 1,
    perPage: 20,
    totals: false,
    populate: undefined,
  };
  const filter: Record<string, unknown> = {};
  const words: Filter<Document>[] = [];
  for (const [key, value] of params) {
    if (key === '__page' || key === '__per_page') {
      const number = Number(value);
      const max = key === '__page' ? Number.MAX_SAFE_INTEGER : 100;
      if (!Number.isInteger(number) || number < 1 || number > max)
        throw new BadRequest('INVALID_PAGINATION', `${key} must be an integer from 1 to ${max}.`, key);
      if (key === '__page') out.page = number;
      else out.perPage = number;
    } else if (key === '__include_totals' || key === 'include_totals') {
      if (value !== 'true' && value !== 'false')
        throw new BadRequest('INVALID_PAGINATION', `${key} must be true or false.`, key);
      out.totals = value === 'true';
    } else if (key.startsWith('__sort[') && key.endsWith(']')) {
      const field = key.slice(7, -1);
      if (!(field in FIELDS)) throw new BadRequest('INVALID_SORT', `Can't sort by ${field}.`, key);
      if (value !== 'asc' && value !== 'desc' && value !== '1' && value !== '-1')
        throw new BadRequest('INVALID_SORT', 'Sort direction is asc or desc.', key);
      out.sort[field] = value === 'asc' || value === '1' ? 1 : -1;
    } else if (key === 'global_search') {
      for (const word of fold(value).split(/\s+/u)) {
        if (word) words.push({ _search: { $regex: `^${word.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')}` } });
      }
    } else if (key === 'populate') {
      out.populate = parsePopulate(value);
    } else {
      addCondition(filter, key, value);
    }
  }
  if (!('_id' in out.sort)) out.sort._id = 1;
  // Every word must match: one regex per word on the same array field.
  if (words.length > 0) filter.$and = words;
  if (Object.keys(filter).length > 0) out.filter = filter;
  return out;
}

/** `field=value` or `field[$op]=value`, merged into the filter; a repeated `field=value` means `$in`. */
function addCondition(filter: Record<string, unknown>, key: string, value: string): void {
  const bracket = key.indexOf('[');
  const field = bracket < 0 ? key : key.slice(0, bracket);
  const op = bracket < 0 ? '$eq' : key.slice(bracket + 1, -1);
  const type = FIELDS[field];
  if (!type) throw new BadRequest('UNKNOWN_FIELD', `students has no field "${field}".`, field);
  if (!OPERATORS.has(op)) throw new BadRequest('UNSUPPORTED_OPERATOR', `${op} is not supported.`, key);
  let operand: unknown;
  if (op === '$in' || op === '$nin') {
    let list: unknown;
    try {
      list = JSON.parse(value);
    } catch {
      throw new BadRequest('INVALID_JSON', `${key} must be a JSON array.`, key);
    }
    if (!Array.isArray(list)) throw new BadRequest('INVALID_VALUE', `${key} must be a JSON array.`, key);
    operand = list.map((item) => coerce(String(item), type, key));
  } else if (op === '$exists') operand = value === 'true';
  else operand = coerce(value, type, key);

  const current = filter[field];
  if (current === undefined) {
    filter[field] = op === '$eq' ? operand : { [op]: operand };
  } else if (isOperators(current)) {
    if (op === '$eq' && Array.isArray(current.$in)) current.$in.push(operand);
    else current[op] = operand;
  } else {
    filter[field] = op === '$eq' ? { $in: [current, operand] } : { $eq: current, [op]: operand };
  }
}

function isOperators(value: unknown): value is Record<string, unknown> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof ObjectId) &&
    !(value instanceof Date)
  );
}

function coerce(raw: string, type: FieldType, param: string): unknown {
  const value = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (raw === 'null') return null;
  switch (type) {
    case 'string':
      return value;
    case 'boolean':
      if (value === 'true' || value === 'false') return value === 'true';
      break;
    case 'number':
      if (value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
      break;
    case 'objectid':
      if (/^[0-9a-fA-F]{24}$/u.test(value)) return ObjectId.createFromHexString(value);
      break;
    case 'date': {
      const date = new Date(value);
      if (!Number.isNaN(date.getTime())) return date;
      break;
    }
  }
  throw new BadRequest('INVALID_VALUE', `"${raw}" is not a valid ${type}.`, param);
}

function parsePopulate(value: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new BadRequest('INVALID_JSON', 'populate must be a JSON object.', 'populate');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new BadRequest('INVALID_POPULATE', 'populate must be a JSON object.', 'populate');
  for (const [path, fields] of Object.entries(parsed)) {
    if (!(path in REFERENCES) || typeof fields !== 'string')
      throw new BadRequest('INVALID_POPULATE', `Can't populate ${path}.`, 'populate');
  }
  return parsed as Record<string, string>;
}

/** One `$lookup` per reference, then a `$set` that puts each record where its id was (or null). */
function populateStages(populate: Record<string, string>, caller: HandCaller): Document[] {
  const stages: Document[] = [];
  for (const [path, fields] of Object.entries(populate)) {
    const { from, kind } = REFERENCES[path]!;
    const pipeline: Document[] = [];
    if (caller.schools !== '*')
      pipeline.push({ $match: { [from === 'schools' ? '_id' : 'school']: { $in: [...caller.schools] } } });
    const names = fields.split(/\s+/u).filter(Boolean);
    pipeline.push({
      $project: names.length > 0 ? Object.fromEntries(names.map((name) => [name, 1])) : HIDDEN,
    });
    const lookup = { from, localField: path, foreignField: '_id', pipeline };
    const pick = (id: string) => ({
      $ifNull: [
        { $first: { $filter: { input: '$__found', as: 'doc', cond: { $eq: ['$$doc._id', id] } } } },
        null,
      ],
    });
    if (kind === 'one') {
      stages.push(
        { $lookup: { ...lookup, as: path } },
        { $set: { [path]: { $ifNull: [{ $first: `$${path}` }, null] } } },
      );
    } else if (kind === 'many') {
      stages.push(
        { $lookup: { ...lookup, as: '__found' } },
        { $set: { [path]: { $map: { input: `$${path}`, as: 'id', in: pick('$$id') } } } },
        { $unset: '__found' },
      );
    } else {
      const [array, field] = path.split('.') as [string, string];
      stages.push(
        { $lookup: { ...lookup, as: '__found' } },
        {
          $set: {
            [array]: {
              $map: {
                input: `$${array}`,
                as: 'item',
                in: { $mergeObjects: ['$$item', { [field]: pick(`$$item.${field}`) }] },
              },
            },
          },
        },
        { $unset: '__found' },
      );
    }
  }
  return stages;
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

function fail(reply: FastifyReply, status: number, code: string, message: string, param: string) {
  return reply.code(status).send({ response: null, errors: [{ code, message, param }] });
}
