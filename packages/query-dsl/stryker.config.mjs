// Mutation testing of the query language's core: parsing, validation, the plan and the MongoDB
// translation. Run from the repository root with `pnpm mutate` (see docs/testing.md).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './stryker-message-text.mjs'],
  // Mutants that can only reword an issue's message are left out (the reasons are in that file):
  // `ignorers: []` counts them again.
  ignorers: ['message-text'],
  // `related` is off: the tests import the package by its name, which Vitest's related-file search
  // does not follow back to the source files.
  vitest: { configFile: 'stryker.vitest.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // Vitest does not type-check, so only the mutated files need `// @ts-nocheck`, not every file.
  disableTypeChecks:
    '{src/{parse,validate,plan,mongo}/**/!(*.test).ts,src/core/{edit-distance,operators}.ts}',
  mutate: [
    'src/parse/**/*.ts',
    'src/validate/**/*.ts',
    'src/plan/**/*.ts',
    'src/mongo/**/*.ts',
    // Moved to core/ from validate/ (edit distance) and plan/ (the operator table), still measured.
    'src/core/edit-distance.ts',
    'src/core/operators.ts',
    '!src/**/*.test.ts',
  ],
  // The tests import the package by its own name (`@school/query-dsl`), which a copy in a sandbox
  // folder would not be; mutating the files where they are keeps every import on the mutated code.
  // Stryker puts the files back when the run ends.
  inPlace: true,
  // The machine the project is built on has two cores, shared.
  concurrency: 2,
  // Static mutants (module-level constants, mostly the regexes) need a fresh module graph and the
  // whole suite each: about 80 of them would take most of the run. They are left out of the score;
  // `pnpm mutate -- --ignoreStatic false` includes them.
  ignoreStatic: true,
  // Only mutants in changed code, or covered by changed tests, run again; the file is git-ignored.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: 85 },
  timeoutMS: 20000,
};
