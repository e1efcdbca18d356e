/**
 * Applies a `$set` document with dotted keys (`{ 'relational_data.all': … }`, what query-dsl's
 * `searchIndexFields` returns) to a plain record, as MongoDB would: missing objects are made.
 */
export function setDotted<T extends Record<string, unknown>>(record: T, fields: Record<string, unknown>): T {
  for (const [path, value] of Object.entries(fields)) {
    const keys = path.split('.');
    let target: Record<string, unknown> = record;
    for (const key of keys.slice(0, -1)) {
      const next = target[key];
      if (next === null || typeof next !== 'object') target[key] = {};
      target = target[key] as Record<string, unknown>;
    }
    target[keys[keys.length - 1]!] = value;
  }
  return record;
}
