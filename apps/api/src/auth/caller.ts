import type { CollectionDefinition, MongoFilter } from '@school/query-dsl';
import { ObjectId } from 'bson';
import type { Scope } from '../config/app-config.js';

/** Who is calling: what their token may do, and in which schools. */
export interface Caller {
  readonly name: string;
  /** Identifies the token (never derived from its secret) for rate limits and logs. */
  readonly tokenId: string;
  /**
   * The issued token at the root of this one's chain of issued issuers (a token issued by a
   * configured token is a root), whose rate-limit window its requests share. Absent: its own.
   */
  readonly lineage?: string;
  readonly scopes: ReadonlySet<Scope>;
  /** `*` for every school, else the schools the token is limited to. */
  readonly schools: '*' | readonly ObjectId[];
  /** When the token stops working; a token it issues can't outlive it. Absent: never. */
  readonly expiresAt?: Date;
}

/**
 * The filter that keeps a caller inside their schools, for a collection: `schools` by `_id`, every
 * other collection by `school`. The query DSL ANDs it into every query, total and lookup as a
 * branch of its own; storage code that filters by hand goes through `withinScope`.
 */
export function scopeFilter(
  caller: Caller,
  collection: Pick<CollectionDefinition, 'name'>,
): MongoFilter | undefined {
  if (caller.schools === '*') return undefined;
  return { [collection.name === 'schools' ? '_id' : 'school']: { $in: [...caller.schools] } };
}

/**
 * `filter`, limited to the caller's schools. The two are separate branches of an `$and`, never
 * merged into one object: for `schools` both name `_id`, and a spread would let one replace the
 * other (a read by `_id` of school B turned into a read of the caller's own school).
 */
export function withinScope(
  caller: Caller,
  collection: Pick<CollectionDefinition, 'name'>,
  filter: MongoFilter,
): MongoFilter {
  const scope = scopeFilter(caller, collection);
  return scope === undefined ? filter : { $and: [filter, scope] };
}

export function callerSeesSchool(caller: Caller, school: unknown): boolean {
  if (caller.schools === '*') return true;
  if (!(school instanceof ObjectId)) return false;
  return caller.schools.some((id) => id.equals(school));
}
