/**
 * The libraries run where building code from strings is refused (edge runtimes, hardened Node):
 * a child `node --disallow-code-generation-from-strings` defines a collection, parses a query and
 * builds and checks an integration payload from the packages' sources. Ajv compiles validators with
 * `new Function`, so the packages carry validators compiled when they are built instead (each
 * package's `pnpm generate`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './files.js';

const dir = mkdtempSync(join(tmpdir(), 'school-no-eval-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source = (pkg: string) => pathToFileURL(join(repoRoot, 'packages', pkg, 'src', 'index.ts')).href;

const script = `
const dsl = await import(${JSON.stringify(source('query-dsl'))});
const client = await import(${JSON.stringify(source('integration-client'))});
const out = {};
try { new Function('return 1'); out.codeFromStrings = 'allowed'; } catch (error) { out.codeFromStrings = error.name; }
const students = dsl.defineCollection('students', {
  schema: { type: 'object', properties: { name: { type: 'string' }, year: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } } },
  search: { fields: { name: 'words' } },
});
try { dsl.defineCollection('typo', { schema: { type: 'object', properties: { a: { type: 'string', fromat: 'email' } } } }); } catch (error) { out.typo = error.message; }
const parsed = dsl.createQueryDsl({ collections: [students] }).parse('students', 'tags=sf&tags=humour&year[$gte]=1960&global_search=Łódź');
out.filter = parsed.ok ? dsl.toMongo(parsed.plan).read.filter : parsed.issues;
const ids = { _id: '65f0c2a1b4d3e2f1a0b9c801', school: '65f0c2a1b4d3e2f1a0b9c800', user: { _id: '65f0c2a1b4d3e2f1a0b9c802', name: 'Ana', surname: 'Pérez' } };
const payload = client.buildStudentPayload(ids, { parentUserIds: [] });
out.valid = client.validatePayload('students', payload);
out.invalid = client.validatePayload('students', { ...payload, name: 7 });
console.log(JSON.stringify(out));
`;

/** Runs the script in a child node that refuses code from strings; its printed result. */
function runHardened(): Record<string, unknown> {
  const file = join(dir, 'hardened.mts');
  writeFileSync(file, script);
  // `--import tsx` resolves from the working directory: the repository's tsx reads the sources.
  const output = execFileSync(
    process.execPath,
    ['--disallow-code-generation-from-strings', '--import', 'tsx', file],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
}

describe('under node --disallow-code-generation-from-strings', () => {
  const out = runHardened();

  it('code from strings is refused there (the check is real)', () => {
    expect(out.codeFromStrings).toBe('EvalError');
  });

  it('defines a collection, and still refuses a misspelled keyword', () => {
    expect(out.typo).toMatch(/unknown keyword "fromat" \(did you mean "format"\?\)/);
  });

  it('parses repeated keys, bracket operators and a non-ASCII search', () => {
    expect(out.filter).toEqual({
      tags: { $in: ['sf', 'humour'] },
      year: { $gte: 1960 },
      _search: { $elemMatch: { $gte: 'lodz', $lt: 'lod{' } },
    });
  });

  it('builds a payload and checks it against its schema', () => {
    expect(out.valid).toEqual([]);
    expect(out.invalid).toEqual([{ code: 'INVALID_VALUE', param: 'name', message: 'must be string' }]);
  });
});
