// Mutation testing of the in-process MongoDB engine: queries, updates, projections, sorting, the
// planner, indexes and the pipeline. Run from the repository root with `pnpm mutate`, or
// `pnpm --dir packages/mongo-memory mutate` (see docs/testing.md, "Mutation testing").
import { strykerBase } from '../../stryker.base.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...strykerBase,
  mutate: ['src/**/*.ts'],
  // Vitest does not type-check, so only the mutated files need `// @ts-nocheck`.
  disableTypeChecks: 'src/**/*.ts',
};
