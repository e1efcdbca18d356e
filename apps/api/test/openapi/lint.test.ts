/**
 * The OpenAPI document passes Redocly's recommended rules with no error and no warning: every
 * operation has an operationId, a summary and a 4xx reply, path parameters are declared, the
 * info has a license, and every component is used.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { build } from '../support/helper.js';

const t = await build();

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
}

describe('the OpenAPI document', () => {
  // Redocly runs as a process of its own: the limit only catches a hang, on however busy a machine.
  it('passes redocly lint (recommended rules) with zero errors and zero warnings', {
    timeout: 90_000,
  }, async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).body;
    const file = join(mkdtempSync(join(tmpdir(), 'school-openapi-')), 'openapi.json');
    writeFileSync(file, document);
    const redocly = new URL('../../node_modules/.bin/redocly', import.meta.url).pathname;
    // Redocly exits 1 when it finds errors; the JSON report is what the test reads.
    const { stdout } = await promisify(execFile)(
      redocly,
      ['lint', file, '--format=json', '--extends=recommended'],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 20 * 1024 * 1024,
      },
    ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(stdout) as LintReport;
    const problems = report.problems.map(
      (problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
