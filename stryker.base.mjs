// What every package's mutation testing shares (`pnpm mutate`, see docs/testing.md, "Mutation
// testing"). Each package's stryker.config.mjs says what it mutates, and what it leaves out and why.
import { fileURLToPath } from 'node:url';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export const strykerBase = {
  testRunner: 'vitest',
  plugins: [
    '@stryker-mutator/vitest-runner',
    fileURLToPath(new URL('./stryker-unicode-regex.mjs', import.meta.url)),
  ],
  // Left out in every package (the reason is in that file): the regex mutants that would not
  // compile. A package that adds ignorers keeps this one (`[...strykerBase.ignorers, …]`).
  ignorers: ['unicode-regex'],
  // Each package narrows its Vitest project for Stryker in stryker.vitest.config.ts. `related` is
  // off: the tests import the packages by name, which Vitest's related-file search does not follow.
  vitest: { configFile: 'stryker.vitest.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // The tests import the packages by their own names, which a copy in a sandbox folder would not
  // be (and a copy one folder deeper breaks tsconfig's relative `extends`); mutating the files where
  // they are keeps every import on the mutated code. Stryker puts the files back when the run ends.
  inPlace: true,
  // The machine the project is built on has two cores, shared.
  concurrency: 2,
  // Static mutants (module-level constants, mostly the regexes) need a fresh module graph and the
  // whole suite each; they are left out of the score. `ignoreStatic: false` in a package's
  // configuration counts them (the command line can only switch it on).
  ignoreStatic: true,
  // Only mutants in changed code, or covered by changed tests, run again; the file is git-ignored.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The report colours a file's score green from `high`, red below `low`; a run whose score is
  // below `break` exits with an error (the scheduled workflow still publishes its report).
  thresholds: { high: 90, low: 85, break: 85 },
  timeoutMS: 20000,
  // The first run of the whole suite (to learn which tests reach which mutant) can take longer than
  // Stryker's default 5 minutes on a busy shared machine.
  dryRunTimeoutMinutes: 20,
};
