/**
 * No regular expression of the code that runs for users can be driven into super-linear
 * backtracking: each one is analysed by `recheck` (a maintained ReDoS checker that proves the
 * complexity of a pattern with an automaton, and falls back to fuzzing) and must come out `safe`.
 * A vulnerable pattern is named with its file, line and recheck's attack string, e.g.
 * `'0'.repeat(54773) + '\x00'`.
 *
 * recheck's pure-JavaScript backend is used, so the answer is the same on every platform and
 * needs no native binary or Java.
 */
import { check, type Diagnostics } from 'recheck';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, OBJECT_ID_PATTERN } from '../apps/api/src/config/patterns.js';
import { hexIdSchema } from '../packages/integration-client/src/payloads/ids.js';
import { regexesIn, shippedCodeFiles } from './regexes.js';

const files = shippedCodeFiles();
const found = files.map(regexesIn);
const patterns = found.flatMap((result) => result.literal);

/**
 * Patterns computed at run time, which no analyser can read ahead. Each is listed with why it is
 * not a risk; a new one fails the test until it is reviewed and added here.
 */
const REVIEWED_DYNAMIC: Readonly<Record<string, string>> = {
  // The in-process engine answers a query's own `$regex`, as MongoDB does: the caller's pattern is
  // the caller's cost (the query-dsl never emits `$regex`), bounded by MongoDB's 32,764 bytes.
  "packages/mongo-memory/src/query/regex.ts: new RegExp(source, [...new Set(flags)].join(''))":
    'the database answering a query’s own $regex',
  // Copies a stored RegExp value (same pattern, no new matching).
  'packages/mongo-memory/src/bson/clone.ts: new RegExp(value.source, value.flags)':
    'a copy of a stored value',
  // Compiles a collection schema's `pattern` once, when the collection is defined, only to see that
  // it is a regular expression (as Ajv's compile did); it never matches anything.
  "packages/query-dsl/src/schema/strict-rules.ts: new RegExp(pattern, 'u')":
    'the application’s own schema, compiled and never run',
  // The service's declared patterns (identifier, e-mail), constants checked below with recheck.
  "apps/api/src/config/patterns.ts: new RegExp(pattern, 'u')": 'the constant patterns, checked below',
  // The identifier's pattern, declared once by query-dsl (`OBJECT_ID_PATTERN`) and by the
  // integration client for its payloads (`hexIdSchema`): constants checked below.
  "packages/query-dsl/src/validate/coerce.ts: new RegExp(OBJECT_ID_PATTERN, 'u')":
    'the identifier pattern, checked below',
  "packages/integration-client/src/payloads/ids.ts: new RegExp(hexIdSchema.pattern, 'iu')":
    'the payload identifier pattern, checked below',
  // The fake external system's paths and idempotency keys: literal text, the contract's collection
  // names as alternatives, `[^/?]+` and 24 hex characters; linear by construction.
  "packages/testkit/src/external-system/store.ts: new RegExp(`^${pattern}$`, 'u')":
    'the fake external system’s paths and keys, linear by construction',
  // A route's path as a RegExp: literal segments, `[^/]+` per parameter, `.*` for a wildcard; one
  // unbounded part per wildcard route at most, so matching is linear.
  "apps/api/src/plugins/route-methods.ts: new RegExp(`^${source}$`, 'u')":
    'route paths, linear by construction',
};

function describeProblem(file: string, line: number, source: string, flags: string, result: Diagnostics) {
  const where = `${file}:${line}: /${source}/${flags}`;
  if (result.status === 'vulnerable') {
    return `${where} is ${result.complexity.summary}; attack string: ${result.attack.pattern}`;
  }
  if (result.status === 'unknown') return `${where} could not be analysed (${result.error.kind})`;
  return undefined;
}

describe('regular expressions', () => {
  beforeAll(() => {
    // Read by recheck when it checks: the same backend everywhere.
    process.env.RECHECK_BACKEND = 'pure';
  });

  it('are found in the code that ships', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(patterns.length).toBeGreaterThan(30);
    expect(patterns).toContainEqual(
      expect.objectContaining({ file: 'packages/query-dsl/src/validate/coerce.ts', flags: 'u' }),
    );
  });

  it('none of them backtracks super-linearly on any input (recheck says safe)', async () => {
    const problems: string[] = [];
    for (const { file, line, source, flags } of patterns) {
      const result = await check(source, flags, { timeout: 60_000 });
      const problem = describeProblem(file, line, source, flags, result);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('the analyser catches a known quadratic pattern (the test can fail)', async () => {
    const result = await check(String.raw`^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$`, 'u');
    expect(result.status).toBe('vulnerable');
  }, 60_000);

  it("the service's declared patterns (config/patterns.ts) and the payloads' identifier are safe too", async () => {
    for (const pattern of [OBJECT_ID_PATTERN, EMAIL_PATTERN, hexIdSchema.pattern]) {
      expect((await check(pattern, 'u')).status, pattern).toBe('safe');
    }
  });

  it('every pattern computed at run time has been reviewed', () => {
    const dynamic = found.flatMap((result) => result.dynamic).map(({ file, text }) => `${file}: ${text}`);
    expect(dynamic.sort()).toEqual(Object.keys(REVIEWED_DYNAMIC).sort());
  });
});
