// Mutation testing of the sync state transitions (`_sync`). Run from the repository root with
// `pnpm mutate` (see docs/testing.md).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'stryker.vitest.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: ['src/sync/sync-state.ts'],
  // Vitest does not type-check, so only the mutated file needs `// @ts-nocheck`.
  disableTypeChecks: 'src/sync/sync-state.ts',
  // A sandbox copy one folder deeper would break the relative `extends` of tsconfig.json, which
  // Vite reads; mutating the file where it is avoids that. Stryker puts it back when the run ends.
  inPlace: true,
  // The machine the project is built on has two cores, shared.
  concurrency: 2,
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: 85 },
  timeoutMS: 20000,
};
