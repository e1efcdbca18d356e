/**
 * Each package's tests are laid out as its `src/` is (docs/testing.md, "Where tests live"): no test
 * beside the code; every folder of `test/` is named after the `src/` folder it tests, or is one of
 * the few folders below for what is not one `src/` folder; a test file at the top of `test/` is
 * named after the top-level `src/` file it tests (`test/index.test.ts` for `src/index.ts`).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, parse } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, sourceFiles } from './files.js';

/** The folders of a package's `test/` that mirror no `src/` folder, and what each holds. */
const EXTRA_FOLDERS: Readonly<Record<string, string>> = {
  conformance: "another project's own tests, ported (MongoDB's jstests, the drivers' unified CRUD tests)",
  properties: 'property tests whose subject spans several src/ folders',
  docs: "the package's README and docs/ pages held to the code",
  security: "apps/api's threat model: hostile requests and authorization, each across several src/ folders",
  support: 'helpers, doubles and fixtures more than one folder uses; no tests',
  'mongo-rules': "query-dsl: every command the library emits, held to MongoDB's documented rules",
  types: 'query-dsl: lines that must or must not compile, type-checked within a budget',
};

const TEST = /\.test\.tsx?$/;

/** The workspace packages, as `packages/<name>` and `apps/<name>`. */
const packages = ['packages', 'apps'].flatMap((dir) =>
  readdirSync(join(repoRoot, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(repoRoot, dir, entry.name, 'src')))
    .map((entry) => `${dir}/${entry.name}`),
);

const entriesOf = (path: string) =>
  existsSync(join(repoRoot, path)) ? readdirSync(join(repoRoot, path), { withFileTypes: true }) : [];

/** Everything in `pkg` that breaks the layout, one line each. */
function breaches(pkg: string): string[] {
  const files = sourceFiles(join(repoRoot, pkg));
  const srcFolders = entriesOf(`${pkg}/src`).filter((entry) => entry.isDirectory());
  const srcStems = entriesOf(`${pkg}/src`)
    .filter((entry) => entry.isFile())
    .map((entry) => parse(entry.name).name);
  const folderNames = new Set([...srcFolders.map((entry) => entry.name), ...Object.keys(EXTRA_FOLDERS)]);
  const found = files.filter((path) => path.startsWith(`${pkg}/src/`) && TEST.test(path));
  for (const entry of entriesOf(`${pkg}/test`)) {
    const path = `${pkg}/test/${entry.name}`;
    if (entry.isDirectory()) {
      if (!folderNames.has(entry.name)) found.push(`${path}/ is no src/ folder and no declared extra folder`);
    } else if (!srcStems.includes(entry.name.replace(TEST, ''))) {
      found.push(`${path} is not the test of a top-level src/ file`);
    }
  }
  found.push(...files.filter((path) => path.startsWith(`${pkg}/test/support/`) && TEST.test(path)));
  return found;
}

describe("each package's tests", () => {
  it('are found in every package', () => {
    expect(packages).toEqual(
      expect.arrayContaining(['apps/api', 'packages/mongo-memory', 'packages/query-dsl', 'packages/testkit']),
    );
  });

  it.each(packages)(
    '%s: none beside the code; test/ folders named after src/ folders or declared; no test in support/',
    (pkg) => {
      expect(breaches(pkg)).toEqual([]);
    },
  );
});
