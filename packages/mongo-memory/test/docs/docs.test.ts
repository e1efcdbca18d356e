import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MemoryMongoClient } from '../../src/index.js';

const doc = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/**
 * The code block after the "runnable" marker as JavaScript, without its import line (the
 * repository's test/readme-examples.test.ts type-checks and runs it as a user's project would).
 */
function example(): string {
  const marker = doc.indexOf('<!-- runnable -->');
  const start = doc.indexOf('```ts\n', marker) + '```ts\n'.length;
  const code = doc.slice(start, doc.indexOf('```', start)).replace(/^import .*$/m, '');
  return ts.transpileModule(code, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
}

type AsyncFn = (...args: unknown[]) => Promise<{ page: unknown; duplicate: Error & { code?: number } }>;
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
  ...args: string[]
) => AsyncFn;

describe('the in-process engine documentation', () => {
  it('has a usage example that runs and gives the results its comments state', async () => {
    const run = new AsyncFunction('MemoryMongoClient', `${example()}\nreturn { page, duplicate };`);
    const { page, duplicate } = await run(MemoryMongoClient);
    expect(page).toEqual([{ name: 'Cleo', parents: ['Ada', 'Ben'] }]);
    expect(duplicate.name).toBe('MongoServerError');
    expect(duplicate.code).toBe(11000);
    expect(duplicate.message).toBe(
      'E11000 duplicate key error collection: school.students index: email_1 dup key: { email: "cleo@example.org" }',
    );
  });

  it('keeps a "Differences from MongoDB" page with the corrections and the remaining differences', () => {
    const differences = readFileSync(new URL('../../docs/differences.md', import.meta.url), 'utf8');
    expect(doc).toContain('](docs/differences.md)');
    expect(differences).toContain('# Differences from MongoDB');
    expect(differences).toContain('## Corrections made where mingo 7.2.7 differs from MongoDB');
    expect(differences).toContain('## Remaining known differences');
  });
});
