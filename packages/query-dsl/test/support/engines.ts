/**
 * The database engines the query-dsl tests run on: the in-process engine always, a real MongoDB
 * too when `MONGODB_URI` is set (the workspace's one way of choosing, in @school/testkit).
 */
import { ENGINE_NAME, MemoryMongoClient } from '@school/mongo-memory';
import { availableEngines as chooseEngines, type Engine } from '@school/testkit/engines';

export type { Engine } from '@school/testkit/engines';

/** The engines for the test file `label`; each database is unique and dropped at close. */
export function availableEngines(label = 'test'): Promise<Engine[]> {
  return chooseEngines({ name: ENGINE_NAME, client: () => new MemoryMongoClient() }, label);
}
