/**
 * What the tests that query the seeded school need (the conformance tests, and the result types'
 * and property tests): the engines, a seeded database per engine, and short ways to run a query
 * and read its result (records as names, identifiers as hex strings).
 */
import type { Issue, MongoDocument, ParseOptions, QueryResponse, TotalsResponse } from '@school/query-dsl';
import { ObjectId } from 'bson';
import { afterAll } from 'vitest';
import { type Doc, SCHOOL } from './dataset.js';
import { availableEngines, type Engine } from './engines.js';
import { type CollectionName, dsl } from './school-collections.js';

/** The engines of this test file; each is closed when the file's tests are done. */
export async function conformanceEngines(label: string): Promise<Engine[]> {
  const engines = await availableEngines(`conformance_${label}`);
  afterAll(async () => {
    for (const engine of engines) await engine.close();
  });
  return engines;
}

export type Db = Engine['db'];

/** School scoping as the host applies it: `schools` by `_id`, every other collection by `school`. */
export function scopedTo(school: string): NonNullable<ParseOptions['baseFilter']> {
  const id = ObjectId.createFromHexString(school);
  return (collection) => (collection.name === 'schools' ? { _id: id } : { school: id });
}

/** Scoping to Colegio Los Andes, as an object base filter (applies to every collection read). */
export const andesOnly = () => ({ school: ObjectId.createFromHexString(SCHOOL.andes) });

/** Runs a query that must be accepted and returns the envelope's `response`. */
async function respond(
  db: Db,
  query: string,
  options: ParseOptions & { collection?: CollectionName } = {},
): Promise<QueryResponse> {
  const { collection = 'students', ...parseOptions } = options;
  const result = await dsl.run(db, collection, query, parseOptions);
  if (!result.ok) throw new Error(`Expected ${query} to be accepted, got ${JSON.stringify(result.issues)}`);
  return result.response;
}

/** The records of an array response. */
export async function records(
  db: Db,
  query: string,
  options: ParseOptions & { collection?: CollectionName } = {},
): Promise<MongoDocument[]> {
  const response = await respond(db, query, options);
  if (!Array.isArray(response)) throw new Error(`Expected an array response for ${query}`);
  return response;
}

/** The totals object of a `__include_totals=true` response. */
export async function totals(
  db: Db,
  query: string,
  options: ParseOptions & { collection?: CollectionName } = {},
): Promise<TotalsResponse> {
  const response = await respond(db, query, options);
  if (Array.isArray(response)) throw new Error(`Expected a totals object for ${query}`);
  return response;
}

/** `name surname` of each record (the data set's people all have distinct ones). */
export function fullNames(docs: readonly MongoDocument[]): string[] {
  return docs.map((doc) => {
    const user = doc.user as { name?: string; surname?: string } | undefined;
    return `${user?.name} ${user?.surname}`;
  });
}

/** Runs a query and gives the full names of the records, in the order returned. */
export async function namesFor(
  db: Db,
  query: string,
  options: ParseOptions & { collection?: CollectionName } = {},
): Promise<string[]> {
  return fullNames(await records(db, query, options));
}

/** The issues a rejected query reports. */
export async function rejected(
  db: Db,
  query: string,
  options: ParseOptions & { collection?: CollectionName } = {},
): Promise<Issue[]> {
  const { collection = 'students', ...parseOptions } = options;
  const result = await dsl.run(db, collection, query, parseOptions);
  if (result.ok) throw new Error(`Expected ${query} to be rejected`);
  return result.issues;
}

/** `[code, param]` of each issue: what a test asserts (messages are for people). */
export const codes = (issues: readonly Issue[]) => issues.map((issue) => [issue.code, issue.param]);

/** A record as JSON shows it: ObjectIds as hex strings, Dates as ISO strings. */
export function plain(value: unknown): unknown {
  if (value instanceof ObjectId) return value.toHexString();
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object' && (value as { _bsontype?: string })._bsontype === 'ObjectId') {
    return (value as { toHexString(): string }).toHexString();
  }
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
  }
  return value;
}

/** A stored record without the given top-level fields (e.g. the hidden `_search` and `_sync`). */
export function without(doc: Doc, ...keys: string[]): Doc {
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !keys.includes(key)));
}

/** The full names of students by number, e.g. `student(1)` is `José Pérez` (see dataset.ts). */
const STUDENT_NAMES: Readonly<Record<number, string>> = {
  1: 'José Pérez',
  2: 'María José Álvarez',
  3: 'Ana Müller',
  4: 'Ana Ñandú',
  5: 'Mariana Castro',
  6: 'Josefina Andrade',
  7: 'Josué Mena',
  8: 'Lucas Müller',
  9: 'Sofía Ramírez',
  10: 'Mateo Sánchez',
  11: 'Valentina Ortiz',
  12: 'Ana Rodríguez',
  13: 'Diego Fernández',
  14: 'Camila Herrera',
  15: 'Sebastián Núñez',
  16: 'Isabella Jiménez',
  17: 'Martín López',
  18: 'Emilia Vásquez',
  19: 'Nicolás Guerrero',
  20: 'Renata Morales',
  21: 'José Cedeño',
  22: 'Ana Zambrano',
  23: 'Carlos Mendoza',
  24: 'Lucía Intriago',
  25: 'Gabriel Loor',
  26: 'Daniela Vera',
  27: 'Andrés Macías',
  28: 'Thiago Quishpe',
  29: 'Samantha Chicaiza',
  30: 'Joaquín Tene',
};

/** Full names of the given student numbers, in that order. */
export const students = (...numbers: number[]) => numbers.map((n) => STUDENT_NAMES[n]!);
