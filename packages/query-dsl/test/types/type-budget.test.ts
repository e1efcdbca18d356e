/**
 * The library's types must check quickly for its users: a type that expands without bound (a
 * collection definition walked as if it were a record, say) makes `tsc` run for minutes instead
 * of failing. This test type-checks the project in test/types — the must-compile and must-fail
 * lines of the library's types, with the library's own sources — and holds it to a fixed number
 * of type instantiations (a count `tsc --extendedDiagnostics` reports, the same on every machine).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * About 53 000 today (56 000 before the two walks of a record in src/result/ became one). An
 * endless or exponential type is millions; the margin leaves room for the library to grow.
 */
const INSTANTIATION_BUDGET = 90_000;

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const project = fileURLToPath(new URL('./tsconfig.json', import.meta.url));

async function checkTypes(): Promise<{ errors: string[]; instantiations: number }> {
  const run = promisify(execFile);
  // A check that does not end is killed (and reported as a failure) rather than left running.
  const output = await run(process.execPath, [tsc, '-p', project, '--noEmit', '--extendedDiagnostics'], {
    timeout: 150_000,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string; message: string }) => ({ stdout: error.stdout ?? error.message }));
  const lines = output.stdout.split('\n');
  const count = lines.find((line) => line.startsWith('Instantiations:'));
  return {
    errors: lines.filter((line) => line.includes('error TS')),
    instantiations: Number(count?.replace(/\D/g, '') ?? Number.NaN),
  };
}

describe('the type-level tests of the library', () => {
  it('compile where they must, fail where they must, within a fixed instantiation count', {
    timeout: 180_000,
  }, async () => {
    const { errors, instantiations } = await checkTypes();
    expect(errors).toEqual([]);
    expect(instantiations).toBeGreaterThan(0);
    expect(instantiations).toBeLessThanOrEqual(INSTANTIATION_BUDGET);
  });
});
