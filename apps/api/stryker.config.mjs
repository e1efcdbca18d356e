// Mutation testing of the sync state transitions (`_sync`). Run from the repository root with
// `pnpm mutate` (see docs/testing.md).
import { strykerBase } from '../../stryker.base.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...strykerBase,
  mutate: ['src/sync/sync-state.ts'],
  // Vitest does not type-check, so only the mutated file needs `// @ts-nocheck`.
  disableTypeChecks: 'src/sync/sync-state.ts',
};
