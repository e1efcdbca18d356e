// Mutation testing of the query language's core: parsing, validation, the plan and the MongoDB
// translation. Run from the repository root with `pnpm mutate` (see docs/testing.md).
import { strykerBase } from '../../stryker.base.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...strykerBase,
  plugins: [...strykerBase.plugins, './stryker-message-text.mjs'],
  // Mutants that can only reword an issue's message are left out (the reasons are in that file):
  // `ignorers: []` counts them again.
  ignorers: ['message-text'],
  // Vitest does not type-check, so only the mutated files need `// @ts-nocheck`, not every file.
  disableTypeChecks:
    '{src/{parse,validate,plan,mongo,spec}/**/!(*.test).ts,src/core/{edit-distance,operators}.ts,src/build/spec-parts.ts}',
  mutate: [
    'src/parse/**/*.ts',
    'src/validate/**/*.ts',
    'src/plan/**/*.ts',
    'src/mongo/**/*.ts',
    // A typed description (`dsl.find`) read into the same checks, and the forms its parts take.
    'src/spec/**/*.ts',
    'src/build/spec-parts.ts',
    // Moved to core/ from validate/ (edit distance) and plan/ (the operator table), still measured.
    'src/core/edit-distance.ts',
    'src/core/operators.ts',
    '!src/**/*.test.ts',
  ],
};
