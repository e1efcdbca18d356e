#!/usr/bin/env node
/**
 * `pnpm start`: builds the server when dist/server.js is missing or older than a source it is
 * built from, then runs it in this same process. One node process, no tsx and no second package
 * manager in between, so SIGTERM and SIGINT reach the server itself and it shuts down cleanly.
 *
 * In production run `node apps/api/dist/server.js` directly (see apps/api/docs/operating.md): where no
 * sources are present (a deployed image) this script only runs the built server.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const api = fileURLToPath(new URL('..', import.meta.url));
const server = join(api, 'dist', 'server.js');
// Everything tsup bundles into dist/server.js: this package and the workspace packages' sources.
const inputs = [
  join(api, 'src'),
  join(api, 'tsup.config.ts'),
  join(api, 'package.json'),
  join(api, '..', '..', 'packages', 'query-dsl', 'src'),
  join(api, '..', '..', 'packages', 'integration-client', 'src'),
];

if (existsSync(join(api, 'src')) && newestChange(inputs) > builtAt(server)) build();
// `--build-only`: what the tests' setup runs before starting the server as a child process.
if (!process.argv.includes('--build-only')) await import(pathToFileURL(server).href);

function build() {
  process.stderr.write('building apps/api/dist/server.js ...\n');
  const require = createRequire(join(api, 'package.json'));
  const tsupPackage = require.resolve('tsup/package.json');
  const { bin } = require(tsupPackage);
  const cli = join(dirname(tsupPackage), typeof bin === 'string' ? bin : bin.tsup);
  const result = spawnSync(process.execPath, [cli, '--silent'], { cwd: api, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('the build failed (above); fix it and run pnpm start again\n');
    process.exit(result.status ?? 1);
  }
}

function builtAt(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
}

/** The latest modification time among the files (and files under the folders) given. */
function newestChange(paths) {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      continue;
    }
    // Folders too: deleting or renaming a file changes its folder's time.
    newest = Math.max(newest, stat.mtimeMs);
    for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}
