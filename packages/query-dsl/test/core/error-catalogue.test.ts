import { readFileSync } from 'node:fs';
import { DEFAULT_LIMITS, ISSUE_CODES, issueCatalogue, type QueryLimits } from '@school/query-dsl';
import { generatedRegion, tableRows } from '@school/testkit/docs-tables';
import { describe, expect, it } from 'vitest';
import { ERRORS_PAGE } from '../../scripts/errors-table.js';
import { limitCatalogue } from '../../src/core/errors.js';

const page = readFileSync(ERRORS_PAGE.path, 'utf8');
const rows = tableRows(generatedRegion(page, ERRORS_PAGE.region)).map(([code = '', status, description]) => ({
  code: code.replaceAll('`', ''),
  status: Number(status),
  description,
}));

describe('docs/errors.md, the one table of issue codes', () => {
  it('lists every code of the catalogue with its status and meaning', () => {
    for (const [code, { status, description }] of Object.entries(ISSUE_CODES)) {
      expect(rows.find((row) => row.code === code)).toEqual({ code, status, description });
    }
  });

  it('lists only codes the catalogue has, each once', () => {
    expect(rows.map((row) => row.code).filter((code) => !Object.hasOwn(ISSUE_CODES, code))).toEqual([]);
    expect(rows).toHaveLength(Object.keys(ISSUE_CODES).length);
  });

  it('is the only table of codes among the Markdown pages of the package', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme.match(/^\| `[A-Z_]+` \| \d{3} \|.*$/gm) ?? []).toEqual([]);
  });
});

describe('the catalogue quotes the limits in force', () => {
  // Each limit a description names, raised by one: the description must change with it.
  const quoted: (keyof QueryLimits)[] = [
    'maxDepth',
    'maxFilters',
    'maxListLength',
    'maxSearchWords',
    'maxSearchWordLength',
    'maxPopulatePaths',
    'maxCost',
  ];

  it.each(quoted)('%s is read from the limits, not written into the text', (limit) => {
    const limits = { ...DEFAULT_LIMITS, [limit]: DEFAULT_LIMITS[limit] + 1 };
    const description = issueCatalogue(limits).QUERY_TOO_COMPLEX.description;
    expect(description).not.toBe(ISSUE_CODES.QUERY_TOO_COMPLEX.description);
    expect(description).toContain(String(DEFAULT_LIMITS[limit] + 1));
  });

  it('names the query string length in KiB when it is whole KiB, else in bytes', () => {
    expect(
      issueCatalogue({ ...DEFAULT_LIMITS, maxQueryLength: 4096 }).QUERY_TOO_COMPLEX.description,
    ).toContain('query string > 4 KiB,');
    expect(
      issueCatalogue({ ...DEFAULT_LIMITS, maxQueryLength: 5000 }).QUERY_TOO_COMPLEX.description,
    ).toContain('query string > 5000 bytes,');
  });

  it('is ISSUE_CODES with the default limits', () => {
    expect(issueCatalogue()).toEqual(ISSUE_CODES);
    expect(ISSUE_CODES.QUERY_TOO_COMPLEX.description).toContain(`> ${DEFAULT_LIMITS.maxFilters} filters`);
  });
});

describe('the limits table of docs/limits.md', () => {
  it('has a row for every option of QueryLimits, with its default, and no option the limits lack', () => {
    const options = limitCatalogue().flatMap(({ option, value }) => (option ? [[option, value]] : []));
    expect(Object.fromEntries(options)).toEqual({ ...DEFAULT_LIMITS });
    expect(options).toHaveLength(Object.keys(DEFAULT_LIMITS).length);
  });

  it('gives the values of the limits in force', () => {
    const limits = { ...DEFAULT_LIMITS, maxFilters: 7, arrayFanOut: 3 };
    const values = Object.fromEntries(limitCatalogue(limits).map(({ option, value }) => [option, value]));
    expect(values).toMatchObject({ maxFilters: 7, arrayFanOut: 3 });
  });
});
