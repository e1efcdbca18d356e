import { defineConfig } from 'tsup';

/**
 * The server as one ES module for `node dist/server.js` (and the `reindex-search` command beside it). The workspace packages are bundled from
 * their sources (so the server runs without building them first); npm dependencies stay external
 * and are exactly this package's `dependencies`.
 */
export default defineConfig({
  entry: { server: 'src/server.ts', 'reindex-search': 'src/reindex-search.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  dts: false,
  noExternal: [/^@school\//],
  // Loaded only in embedded development mode, when installed (a devDependency).
  external: ['mongodb-memory-server'],
  esbuildOptions(options) {
    options.conditions = ['@school/source'];
  },
});
