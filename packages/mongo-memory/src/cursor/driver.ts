/**
 * The driver's side of the engine's cursors: the detached client they belong to, the driver's
 * cursor constructors as the engine extends them, and the driver's namespace objects.
 */
import { AggregationCursor, type Document, FindCursor, MongoClient, type MongoDBNamespace } from 'mongodb';

/**
 * The driver's cursors check that they belong to a `MongoClient`. This one is never connected: the
 * engine's cursors override every member that would use it, so it never opens a socket.
 */
let detached: MongoClient | undefined;
export function detachedClient(): MongoClient {
  detached ??= new MongoClient('mongodb://in-process.invalid');
  return detached;
}

/**
 * The driver declares its cursor constructors `@internal`; at run time they are
 * `(client, namespace, filter | pipeline, options)` in drivers 6 and 7 (pinned by
 * test/db.test.ts). These two lines state that signature so the engine can extend them.
 */
export const DriverFindCursor = FindCursor as new <T>(
  client: MongoClient,
  ns: MongoDBNamespace,
  filter: Document,
  options: Document,
) => FindCursor<T>;
export const DriverAggregationCursor = AggregationCursor as new <T>(
  client: MongoClient,
  ns: MongoDBNamespace,
  pipeline: Document[],
  options: Document,
) => AggregationCursor<T>;

const namespaces = new Map<string, MongoDBNamespace>();

/**
 * The driver's namespace object for `db.collection` (its class is not exported at run time): read
 * once from a cursor of the detached client, which is never run.
 */
export function namespaceOf(ns: string): MongoDBNamespace {
  let found = namespaces.get(ns);
  if (found === undefined) {
    const dot = ns.indexOf('.');
    const probe = detachedClient()
      .db(ns.slice(0, dot))
      .collection(ns.slice(dot + 1))
      .find();
    probe.emit('close');
    found = probe.namespace;
    namespaces.set(ns, found);
  }
  return found;
}
