// Mutation testing of the integration client: payload building, the diff, delivery and its
// errors. Run from the repository root with `pnpm mutate`, or `pnpm --dir packages/integration-client
// mutate` (see docs/testing.md, "Mutation testing").
import { strykerBase } from '../../stryker.base.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...strykerBase,
  mutate: [
    'src/**/*.ts',
    '!src/**/*.test.ts',
    // Declarations of the generated validators: no code, nothing to mutate.
    '!src/**/*.d.ts',
  ],
  // `src/validation/validators.generated.js` is not listed above: it is Ajv's standalone output
  // (`pnpm generate`), held to the schemas by test/validation/generated-validators.test.ts; mutating it would
  // measure the tests against Ajv's code generator, not against this package's decisions.
  //
  // Vitest does not type-check, so only the mutated files need `// @ts-nocheck` (not the generated
  // validators, whose text test/validation/generated-validators.test.ts compares with a fresh generation).
  disableTypeChecks: 'src/**/!(*.test|*.d).ts',
};
