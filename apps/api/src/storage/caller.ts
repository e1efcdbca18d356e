import type { CollectionDefinition, MongoFilter } from '@school/query-dsl';
import { ObjectId } from 'bson';
import type { Scope } from '../config.js';

/** Who is calling: what their token may do, and in which schools. */
export interface Caller {
  readonly name: string;
  /** Identifies the token (not the secret) for rate limits and logs. */
  readonly tokenId: string;
  readonly scopes: ReadonlySet<Scope>;
  /** `*` for every school, else the schools the token is limited to. */
  readonly schools: '*' | readonly ObjectId[];
}

/**
 * The filter that keeps a caller inside their schools, for a collection: `schools` by `_id`, every
 * other collection by `school`. It is ANDed into every query, total, lookup and write.
 */
export function scopeFilter(
  caller: Caller,
  collection: Pick<CollectionDefinition, 'name'>,
): MongoFilter | undefined {
  if (caller.schools === '*') return undefined;
  return { [collection.name === 'schools' ? '_id' : 'school']: { $in: [...caller.schools] } };
}

export function callerSeesSchool(caller: Caller, school: unknown): boolean {
  if (caller.schools === '*') return true;
  if (!(school instanceof ObjectId)) return false;
  return caller.schools.some((id) => id.equals(school));
}
