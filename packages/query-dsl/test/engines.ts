/**
 * The database engines the tests run on: the in-process engine always, and a real MongoDB when
 * `MONGODB_URI` is set. One implementation, owned by the engine's package; the query-dsl tests use
 * the same one.
 */
export * from '../../mongo-memory/test/engines.js';
