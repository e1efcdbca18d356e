/**
 * The only file that listens. Reads the configuration, builds the app, listens, prints how to
 * try it, and closes gracefully on SIGINT/SIGTERM (in-flight requests finish, the database closes).
 */
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config });
  const { database, demoToken } = app.school;
  await app.listen({ host: config.host, port: config.port });
  const base = `http://${config.host}:${(app.server.address() as { port: number }).port}`;
  app.log.info({ database: database.mode }, `database: ${describeMode(database.mode)}`);
  if (demoToken) {
    const auth = `-H "Authorization: Bearer ${demoToken}" -H "type: API"`;
    app.log.info(
      [
        `demo token (full access): ${demoToken}`,
        'try:',
        `  curl -sg ${auth} '${base}/api/students?__per_page=2'`,
        `  curl -sg ${auth} '${base}/api/students?global_search=jose&select=user.name+user.surname'`,
        `  curl -sg ${auth} '${base}/api/students?populate={"school":"name","years.group":"name"}&__include_totals=true'`,
        `API docs: ${base}/docs`,
      ].join('\n'),
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

function describeMode(mode: string): string {
  if (mode === 'mongodb') return 'MongoDB (MONGODB_URI)';
  if (mode === 'memory-server') return 'embedded mongod (mongodb-memory-server); data is lost on exit';
  return 'in-process engine (no mongod available); for development and tests only, data is lost on exit';
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
