// Mutation testing of the query language: parsing, validation, the plan, the MongoDB translation,
// collection definitions and schemas. Run from the repository root with `pnpm mutate`, or
// `pnpm --dir packages/query-dsl mutate` (see docs/testing.md, "Mutation testing").
import { strykerBase } from '../../stryker.base.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...strykerBase,
  plugins: [...strykerBase.plugins, './stryker-message-text.mjs'],
  // Mutants that can only reword an issue's message are left out (the reasons are in that file):
  // `ignorers: strykerBase.ignorers` counts them again.
  ignorers: [...strykerBase.ignorers, 'message-text'],
  // Every source file, so that a file moved or added is measured without touching this list.
  mutate: [
    'src/**/*.ts',
    // Declarations of the generated modules: no code, nothing to mutate. The generated modules
    // themselves (`*.generated.js`: the fold tables, the meta-schema's validator) are not listed:
    // their scripts write them, and tests hold them to a fresh generation.
    '!src/**/*.d.ts',
  ],
  // Vitest does not type-check, so only the mutated files need `// @ts-nocheck`.
  disableTypeChecks: 'src/**/!(*.d).ts',
};
