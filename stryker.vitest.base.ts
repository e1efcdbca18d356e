import { configDefaults, defineProject, type UserWorkspaceConfig } from 'vitest/config';

/**
 * A package's Vitest project as `pnpm mutate` runs it (each package's stryker.vitest.config.ts).
 * Without isolation: the mutants are switched on at run time, so the test files can share one module
 * graph instead of loading it again for every file, which would be most of a run's time. With a
 * longer limit: the instrumented code (every mutant behind a switch, every test's coverage counted)
 * runs slower than the code, and the limit is still only there for a hang. `excluded` names the test
 * files a run leaves out, each with its reason in the package's file.
 */
export function mutationProject(project: UserWorkspaceConfig, excluded: readonly string[] = []) {
  return defineProject({
    ...project,
    test: {
      ...project.test,
      isolate: false,
      testTimeout: 60_000,
      exclude: [...configDefaults.exclude, ...excluded],
    },
  });
}
