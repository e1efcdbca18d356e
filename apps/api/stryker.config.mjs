// Mutation testing of the sync state transitions (`_sync`). Run from the repository root with
// `pnpm mutate`, or `pnpm --dir apps/api mutate` (see docs/testing.md, "Mutation testing").
import { strykerBase } from '../../stryker.base.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...strykerBase,
  // One file: every write of `_sync` after a record's own write, where a wrong condition loses or
  // repeats a delivery without any reply showing it. The rest of the host is not mutated: its
  // tests reach it through HTTP (every request passes the same plugins, auth and routes), so most
  // of its mutants would each run most of the host's suite. Its libraries are mutated in their own
  // packages.
  mutate: ['src/sync/sync-state.ts'],
  // Vitest does not type-check, so only the mutated file needs `// @ts-nocheck`.
  disableTypeChecks: 'src/sync/sync-state.ts',
};
