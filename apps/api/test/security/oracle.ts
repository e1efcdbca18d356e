/**
 * The authorization oracle: what a caller may have read or changed, judged from the database
 * itself. A snapshot holds every record of every collection the API reaches (the eight
 * collections, tokens and the delivery log) with the school it belongs to; comparing two
 * snapshots tells what a request changed, and the school map tells whether an identifier in a
 * reply belongs to a record outside the caller's schools.
 */
import { createHash } from 'node:crypto';
import { EJSON, type ObjectId } from 'bson';
import type { Db, Document } from 'mongodb';
import { COLLECTIONS } from '../../src/collections/index.js';
import type { SchoolIds, TokenName } from '../support/helper.js';

/** Schools a caller may reach: every one, or a list of ids (hex). */
export type Reach = '*' | readonly string[];

export interface CallerModel {
  readonly scopes: ReadonlySet<'read' | 'write' | 'admin' | 'metrics'>;
  readonly schools: Reach;
}

/** The configured tokens of the test helper, as the oracle understands them. */
export function configuredCallers(schools: SchoolIds): Record<TokenName, CallerModel> {
  const rw = new Set(['read', 'write'] as const);
  const all = new Set(['read', 'write', 'admin'] as const);
  return {
    full: { scopes: rw, schools: '*' },
    read: { scopes: new Set(['read']), schools: '*' },
    write: { scopes: new Set(['write']), schools: '*' },
    admin: { scopes: all, schools: '*' },
    schoolA: { scopes: rw, schools: [schools.A] },
    schoolB: { scopes: rw, schools: [schools.B] },
    schoolsAB: { scopes: rw, schools: [schools.A, schools.B] },
    adminA: { scopes: all, schools: [schools.A] },
    readA: { scopes: new Set(['read']), schools: [schools.A] },
    root: { scopes: new Set(['read', 'write', 'admin', 'metrics']), schools: '*' },
  };
}

/** An issued token, as stored: who it is, read from the database (never from the API's reply). */
export async function issuedCaller(db: Db, secret: string): Promise<CallerModel | undefined> {
  const hash = createHash('sha256').update(secret, 'utf8').digest('hex');
  const record = await db.collection('api_tokens').findOne({ token_sha256: hash, active: true });
  if (!record) return undefined;
  return {
    scopes: new Set(record.scopes as Array<'read' | 'write' | 'admin' | 'metrics'>),
    schools: record.schools === '*' ? '*' : (record.schools as ObjectId[]).map(String),
  };
}

/** One stored record: its serialized form (to compare) and the schools it belongs to. */
interface Entry {
  readonly text: string;
  /** `*` for a token that reaches every school (it belongs to no single school). */
  readonly schools: Reach;
}

export type Snapshot = ReadonlyMap<string, Entry>;

const OTHER = ['api_tokens', 'sync_deliveries'] as const;

export async function snapshot(db: Db): Promise<Snapshot> {
  const entries = new Map<string, Entry>();
  for (const name of [...COLLECTIONS.map((c) => c.name), ...OTHER]) {
    for (const record of await db.collection(name).find({}).toArray()) {
      entries.set(`${name}:${record._id}`, {
        text: EJSON.stringify(record),
        schools: schoolsOf(name, record),
      });
    }
  }
  return entries;
}

function schoolsOf(collection: string, record: Document): Reach {
  if (collection === 'schools') return [String(record._id)];
  if (collection === 'api_tokens')
    return record.schools === '*' ? '*' : (record.schools as ObjectId[]).map(String);
  return [String(record.school)];
}

/** Whether everything `schools` covers is inside `reach`. */
export function within(reach: Reach, schools: Reach): boolean {
  if (reach === '*') return true;
  if (schools === '*') return false;
  return schools.every((school) => reach.includes(school));
}

/** The records a request created or changed, each with the schools it had before and after. */
export function changes(
  before: Snapshot,
  after: Snapshot,
): Array<{ key: string; before?: Reach; after?: Reach }> {
  const changed: Array<{ key: string; before?: Reach; after?: Reach }> = [];
  for (const [key, entry] of after) {
    const old = before.get(key);
    if (old?.text === entry.text) continue;
    changed.push({ key, ...(old ? { before: old.schools } : {}), after: entry.schools });
  }
  for (const [key, entry] of before) if (!after.has(key)) changed.push({ key, before: entry.schools });
  return changed;
}

/**
 * Identifiers in a reply that name a record outside `reach`. Every record of every collection has
 * an ObjectId, so a reply that carries a record (or a reference, a populated object, a token's
 * school list, a delivery's record) of another school carries one of these.
 */
export function foreignIds(reply: unknown, state: Snapshot, reach: Reach): string[] {
  if (reach === '*') return [];
  const foreign = new Set<string>();
  for (const [key, entry] of state) {
    if (!within(reach, entry.schools)) foreign.add(key.slice(key.indexOf(':') + 1));
  }
  const text = JSON.stringify(reply);
  return [...new Set(text.match(/[0-9a-f]{24}/gu) ?? [])].filter((id) => foreign.has(id));
}

/** How many records of a collection lie inside `reach`. */
export function countWithin(state: Snapshot, collection: string, reach: Reach): number {
  let count = 0;
  for (const [key, entry] of state) {
    if (key.startsWith(`${collection}:`) && within(reach, entry.schools)) count++;
  }
  return count;
}
