/**
 * Each published package's public API, as api-extractor reads it from the built declarations, is
 * the report checked in beside the package (`packages/<name>/etc/<name>.api.md`): a change of what
 * a user can import shows in review as a change of that file. The reports of the sources under test
 * are written once per run by the project's setup (build-packages.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { reportPath, UPDATE_COMMAND } from '../scripts/api-report.js';
import { publishedPackages, readText, repoRoot } from './files.js';

describe.each(publishedPackages())('$manifest.name', (pkg) => {
  const extracted = inject('apiReports')[pkg.dir];
  const path = reportPath(pkg.dir);

  it('has a public API report api-extractor can write from its build', () => {
    expect(extracted, `${pkg.dir} was not built`).toBeDefined();
    expect(extracted && 'error' in extracted ? extracted.error : '').toBe('');
  });

  it(`has its report checked in, as \`${UPDATE_COMMAND}\` writes it`, () => {
    const stale = `${path} is not the current public API: run \`${UPDATE_COMMAND}\` and commit the change`;
    expect(existsSync(join(repoRoot, path)), stale).toBe(true);
    expect(readText(path), stale).toBe(extracted && 'report' in extracted ? extracted.report : undefined);
  });
});
