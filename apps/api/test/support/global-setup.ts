/**
 * Once per test run: builds apps/api/dist/server.js when it is missing or stale (a fresh clone's
 * `pnpm install && pnpm test` has not built it), so the tests that start the real server as a
 * child process don't each race to build it.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const launcher = fileURLToPath(new URL('../../scripts/start.mjs', import.meta.url));
  execFileSync(process.execPath, [launcher, '--build-only'], { stdio: 'inherit' });
}
