import { ObjectId } from 'bson';

/**
 * ObjectIds in creation order, the same on every run: the timestamp part counts seconds from
 * `start`, the rest counts records. So `_id` order is creation order, and `created_at` can be read
 * back from the id (`getTimestamp()`).
 */
export function objectIds(start = new Date('2025-01-01T00:00:00Z')): () => ObjectId {
  const base = Math.floor(start.getTime() / 1000);
  let n = 0;
  return () => {
    n += 1;
    const seconds = (base + n * 60).toString(16).padStart(8, '0');
    return ObjectId.createFromHexString(`${seconds}${n.toString(16).padStart(16, '0')}`);
  };
}
