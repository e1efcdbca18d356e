import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_OPERATORS, toMongo } from '@school/query-dsl';
import { EJSON } from 'bson';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { dsl } from '../support/school-collections.js';

const packageDir = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
// The README and the reference pages it links: an example moved to a page still runs here.
const pages = [
  readme,
  ...readdirSync(join(packageDir, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => readFileSync(join(packageDir, 'docs', name), 'utf8')),
].join('\n');

describe('the README', () => {
  it('is one page: its title and every section heading appear once', () => {
    const headings: string[] = readme.match(/^#{1,2} .*$/gm) ?? [];
    expect(headings.filter((heading) => heading.startsWith('# '))).toEqual(['# @school/query-dsl']);
    expect(headings.filter((heading, index) => headings.indexOf(heading) !== index)).toEqual([]);
  });
});

describe("the docs' lists of operators", () => {
  // A run of three or more operators in backticks (`$eq $ne …`) lists the query language's operators.
  const lists = [...pages.matchAll(/`(\$[a-z]+(?: \$[a-z]+){2,})`/g)].map((match) => match[1]!);

  it('are each the operator table, in its order', () => {
    expect(lists.length).toBeGreaterThanOrEqual(1);
    expect(lists.filter((list) => list !== [...SUPPORTED_OPERATORS].join(' '))).toEqual([]);
  });
});

describe('every convention example in the docs is what the library produces', () => {
  const examples = [
    ...pages.matchAll(/<!-- example: (\w+) ([\w.]+) -->\n```text\n(.*?)\n```\n```json\n(.*?)\n```/gs),
  ].map((match) => ({ collection: match[1]!, part: match[2]!, query: match[3]!, expected: match[4]! }));

  it('has examples to check, each shown once', () => {
    expect(examples.length).toBeGreaterThanOrEqual(20);
    const keys = examples.map(({ collection, part, query }) => `${collection} ${part} ${query}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it.each(examples)('$query', ({ collection, part, query, expected }) => {
    const result = dsl.parseUntyped(collection, query);
    if (part === 'issues') {
      expect(result.ok ? [] : result.issues).toEqual(JSON.parse(expected));
      return;
    }
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    let actual: unknown = EJSON.serialize(toMongo(result.plan), { relaxed: true });
    for (const key of part.split('.')) actual = (actual as Record<string, unknown>)[key];
    expect(actual).toEqual(JSON.parse(expected));
  });
});

describe('every runnable TypeScript example in the docs runs', () => {
  const blocks = [...pages.matchAll(/<!-- runnable -->\n```ts\n(.*?)\n```/gs)].map((match) => match[1]!);
  const dir = join(packageDir, 'test', '.readme-examples');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has runnable examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(1);
  });

  it('type-checks every runnable example', { timeout: 60_000 }, () => {
    mkdirSync(dir, { recursive: true });
    const files = blocks.map((code, index) => {
      const file = join(dir, `typed-${index}.ts`);
      writeFileSync(file, code);
      return file;
    });
    const config = ts.getParsedCommandLineOfConfigFile(
      join(packageDir, 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: () => {},
      },
    );
    const program = ts.createProgram(files, { ...config!.options, noEmit: true });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
  });

  // Each example is compiled on import, like the type-check above: a limit for a hang, not for speed.
  it.each(blocks.map((code, index) => ({ code, index })))(
    'example $index',
    { timeout: 60_000 },
    async ({ code, index }) => {
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `example-${index}.ts`);
      writeFileSync(file, code);
      const logged: unknown[] = [];
      const original = console.log;
      console.log = (...args: unknown[]) => logged.push(args);
      try {
        await import(/* @vite-ignore */ file);
      } finally {
        console.log = original;
      }
      expect(logged.length).toBeGreaterThan(0);
    },
  );
});
