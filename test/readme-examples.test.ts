/**
 * Every TypeScript example of a published package's README and docs pages compiles and runs as a
 * user's project has it: the pages as published (read from the tarball), the packages installed from their
 * tarballs (their built `.d.ts` and JavaScript, no source), checked by `tsc` with the strictest
 * settings a user may have (`strict`, `module`/`moduleResolution` `nodenext`,
 * `exactOptionalPropertyTypes`, `noUncheckedIndexedAccess`), then each one run by Node.
 *
 * A TypeScript block of a page is one of: `<!-- runnable -->` (a whole program), `<!-- example:
 * examples/<file> -->` (a shipped example file, included verbatim: see the package's docs test),
 * `<!-- checked: test/<path> -->` (a program that needs other packages, run by that test of the
 * package) or `<!-- fragment -->` (a signature or a shape, not a program). A block without one is
 * a failure, so no example goes unchecked by being left unmarked.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { publishedPackages, repoRoot } from './files.js';

const MARKER = /^(?:runnable|fragment|example: examples\/[\w-]+\.ts|checked: test\/[\w/-]+\.test\.ts)$/;

const run = promisify(execFile);
const consumer = inject('packedConsumer');
const tsc = createRequire(join(repoRoot, 'package.json')).resolve('typescript/bin/tsc');

/** The settings of a strict user's project: what the examples must compile under. */
const USER_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023'],
    module: 'nodenext',
    moduleResolution: 'nodenext',
    types: ['node'],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    rootDir: '.',
    outDir: 'built',
  },
  include: ['readme/**/*.ts'],
};

interface Block {
  /** Where it is written in the consumer project, relative to it. */
  file: string;
  marker: string;
  code: string;
  /** Compiled and run: a runnable block or an example file. */
  runs: boolean;
}

/** Every ```ts block of a README with the marker comment on the line above it (`''` for none). */
function tsBlocks(readme: string): { marker: string; code: string }[] {
  return [...readme.matchAll(/(?:^|\n)(?:<!-- ([^\n]*?) -->\n)?```ts\n([\s\S]*?)\n```/g)].map((match) => ({
    marker: match[1] ?? '',
    code: match[2]!,
  }));
}

/** The README and the docs pages of an installed package, by their path in it. */
function publishedPages(installed: string): [string, string][] {
  const docs = existsSync(join(installed, 'docs'))
    ? readdirSync(join(installed, 'docs'))
        .filter((file) => file.endsWith('.md'))
        .map((file) => `docs/${file}`)
    : [];
  return ['README.md', ...docs].map((page) => [page, readFileSync(join(installed, page), 'utf8')]);
}

/** Writes each runnable block and example file of a package's published pages into the consumer project. */
function writeExamples(name: string): Block[] {
  const installed = join(consumer, 'node_modules', name);
  const folder = join('readme', name.replace('@school/', ''));
  // A shipped example may import its siblings (`./receiver.js`): the folder comes along.
  if (existsSync(join(installed, 'examples'))) {
    cpSync(join(installed, 'examples'), join(consumer, folder, 'examples'), { recursive: true });
  }
  const pageBlocks = publishedPages(installed).flatMap(([page, text]) =>
    tsBlocks(text).map((block, index) => ({
      ...block,
      name: `${page.replace(/\W+/g, '-')}-block-${index}.ts`,
    })),
  );
  return pageBlocks.flatMap(({ marker, code, name: blockFile }): Block[] => {
    const example = /^example: (examples\/[\w-]+\.ts)$/.exec(marker)?.[1];
    const file = example ? join(folder, example) : join(folder, blockFile);
    const runs = marker === 'runnable' || example !== undefined;
    if (runs) {
      mkdirSync(join(consumer, folder, 'examples'), { recursive: true });
      writeFileSync(join(consumer, file), `${code}\n`);
    }
    return [{ file, marker, code, runs }];
  });
}

const blocks = Object.fromEntries(publishedPackages().map((pkg) => [pkg.manifest.name, [] as Block[]]));
let problems: string[] = [];

beforeAll(async () => {
  rmSync(join(consumer, 'readme'), { recursive: true, force: true });
  for (const name of Object.keys(blocks)) blocks[name] = writeExamples(name);
  writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify(USER_TSCONFIG, null, 2));
  const output = await run(process.execPath, [tsc, '-p', consumer, '--pretty', 'false'], {
    cwd: consumer,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
  problems = output.stdout.split('\n').filter((line) => line.includes('error TS'));
}, 180_000);

describe.each(publishedPackages())('the README and docs of $manifest.name', ({ dir, manifest: { name } }) => {
  it('marks every TypeScript block as runnable, an example file, checked by a test, or a fragment', () => {
    const unmarked = blocks[name]!.filter(({ marker }) => !MARKER.test(marker));
    expect(unmarked.map(({ code }) => code.split('\n')[0])).toEqual([]);
    const tests = blocks[name]!.flatMap(({ marker }) => /^checked: (test\/\S+)$/.exec(marker)?.[1] ?? []);
    expect(tests.filter((test) => !existsSync(join(repoRoot, dir, test)))).toEqual([]);
  });

  it('has examples that compile under strict, nodenext, exactOptionalPropertyTypes and noUncheckedIndexedAccess', () => {
    expect(blocks[name]!.filter(({ runs }) => runs).length).toBeGreaterThan(0);
    const folder = `readme/${name.replace('@school/', '')}/`;
    expect(problems.filter((line) => line.startsWith(folder))).toEqual([]);
    // An error of the project itself (its settings, a package's types) fails every README.
    expect(problems.filter((line) => !line.startsWith('readme/'))).toEqual([]);
  });

  it('has examples that run to the end', { timeout: 120_000 }, async () => {
    for (const { file } of blocks[name]!.filter(({ runs }) => runs)) {
      const built = join(consumer, 'built', file.replace(/\.ts$/, '.js'));
      const outcome = await run(process.execPath, [built], { cwd: consumer, timeout: 60_000 }).then(
        () => 'ran',
        (error: { stderr?: string; message: string }) => error.stderr || error.message,
      );
      expect(outcome, file).toBe('ran');
    }
  });
});
