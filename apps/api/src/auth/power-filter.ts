import type { Document, Filter } from 'mongodb';
import type { Caller } from './caller.js';

/**
 * The stored tokens `holder`'s power covers (`covers` in token-power.ts), as a MongoDB filter, so
 * the database picks a page of them: no scope outside the holder's (`$not` of an element that is
 * `$nin` them), and unless the holder has every school, a list of schools (never `"*"`) with no
 * element outside the holder's. test/security/token-list-filter.property.test.ts holds the two
 * to the same answers.
 */
export function coveredBy(holder: Pick<Caller, 'scopes' | 'schools'>): Filter<Document> {
  const scopes = { scopes: { $not: { $elemMatch: { $nin: [...holder.scopes] } } } };
  if (holder.schools === '*') return scopes;
  return {
    $and: [
      scopes,
      { schools: { $ne: '*' } },
      { schools: { $not: { $elemMatch: { $nin: [...holder.schools] } } } },
    ],
  };
}
