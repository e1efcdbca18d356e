import { readFileSync } from 'node:fs';
import { generatedRegion, tableRows } from '@school/testkit/docs-tables';
import { describe, expect, it } from 'vitest';
import { ERRORS_PAGE, errorsTable } from '../../scripts/errors-table.js';
import { ERROR_CODES } from '../../src/errors/http-error.js';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const region = generatedRegion(readFileSync(ERRORS_PAGE.path, 'utf8'), ERRORS_PAGE.region);
const rows = tableRows(region).map(([code = '', status, description]) => ({
  code: code.replaceAll('`', ''),
  status: Number(status),
  description,
}));

describe("docs/http-api.md, the one table of the service's error codes", () => {
  it('is what `pnpm docs:tables` writes from ERROR_CODES', () => {
    expect(region).toBe(errorsTable());
  });

  it('lists every code the service answers with, with its status and meaning', () => {
    for (const [code, { status, description }] of Object.entries(ERROR_CODES)) {
      expect(rows.find((row) => row.code === code)).toEqual({ code, status, description });
    }
  });

  it('lists only codes the service has, each once', () => {
    expect(rows.map((row) => row.code).filter((code) => !Object.hasOwn(ERROR_CODES, code))).toEqual([]);
    expect(rows).toHaveLength(Object.keys(ERROR_CODES).length);
  });

  it.each([
    '../../README.md',
    '../../../../README.md',
    '../../../../docs/query-conventions.md',
    '../../../../docs/security.md',
  ])('%s links to it instead of listing codes itself', (page) => {
    expect(read(page).match(/^\| `[A-Z_]+` \| \d{3} \|.*$/gm) ?? []).toEqual([]);
  });
});
