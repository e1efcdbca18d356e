/**
 * The database engines this package's tests run on: the in-process engine always, a real MongoDB
 * too when `MONGODB_URI` is set (the workspace's one way of choosing, in @school/testkit).
 */
import { availableEngines as chooseEngines, type Engine } from '@school/testkit/engines';
import { ENGINE_NAME, MemoryMongoClient } from '../../src/index.js';

export type { CollectionLike, DbLike, Engine } from '@school/testkit/engines';

/** The engines for the test file `label`; each database is unique and dropped at close. */
export function availableEngines(label = 'test'): Promise<Engine[]> {
  return chooseEngines({ name: ENGINE_NAME, client: () => new MemoryMongoClient() }, label);
}
