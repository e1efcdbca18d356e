/**
 * `pnpm --dir apps/api reindex-search`: writes the search fields of every searchable record of the
 * MongoDB named by `MONGODB_URI` again, as this version computes them. Run it once after an upgrade
 * whose notes say the search fold or tokens changed; records written before it are otherwise not
 * found by every word that should find them. Safe to run at any time and more than once: it changes
 * nothing but the search fields, writes only records whose fields differ, and the service may keep
 * serving meanwhile.
 */
import { ConfigError, loadConfig } from './config/app-config.js';
import { createLogger } from './observability/logging.js';
import { DatabaseUnreachableError, openDatabase } from './plugins/database.js';
import { RecordStore } from './storage/records.js';

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.mongodbUri) {
    console.error('reindex-search needs MONGODB_URI: an embedded database is rebuilt at every start.');
    return 1;
  }
  const database = await openDatabase(config, createLogger(config));
  try {
    for (const { collection, read, rewritten } of await new RecordStore(database.db).rebuildSearchFields()) {
      console.log(`${collection}: ${read} read, ${rewritten} rewritten`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DatabaseUnreachableError)
      console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
