import { readFileSync } from 'node:fs';
import { generatedRegion, tableRows } from '@school/testkit/docs-tables';
import { describe, expect, it } from 'vitest';
import { ERRORS_PAGE, errorsTables } from '../../scripts/errors-table.js';
import { ERROR_CLASSES, ISSUE_CODES } from '../../src/errors/catalogue.js';
import * as api from '../../src/index.js';

const page = readFileSync(ERRORS_PAGE, 'utf8');
const firstCells = (region: string) =>
  tableRows(generatedRegion(page, region)).map(([cell = '']) => cell.replaceAll('`', ''));

describe('docs/errors.md, the one page of the error catalogue', () => {
  it.each(Object.entries(errorsTables()))(
    'its %s table is what `pnpm docs:tables` writes',
    (region, table) => {
      expect(generatedRegion(page, region)).toBe(table);
    },
  );

  it('lists every error class of the catalogue once, and no other', () => {
    expect(firstCells('error-classes')).toEqual(Object.keys(ERROR_CLASSES));
  });

  it('lists every issue code once, and no other', () => {
    expect(firstCells('issue-codes')).toEqual(Object.keys(ISSUE_CODES));
  });

  it('is the only table of error classes among the package pages', () => {
    for (const doc of ['README.md', 'docs/external-system.md']) {
      const text = readFileSync(new URL(`../../${doc}`, import.meta.url), 'utf8');
      expect(text.match(/^\| `\w+Error` \|.*$/gm) ?? [], doc).toEqual([]);
    }
  });
});

describe('the catalogue of error classes', () => {
  it('is every error class the package exports, and only those', () => {
    const exported = Object.entries(api)
      .filter(([, value]) => typeof value === 'function' && value.prototype instanceof Error)
      .map(([name]) => name);
    expect(exported.sort()).toEqual(Object.keys(ERROR_CLASSES).sort());
  });

  const url = 'https://erp.example.com/api/integration/students';
  const built: Record<string, api.IntegrationClientError> = {
    DeliveryNetworkError: new api.DeliveryNetworkError({ method: 'POST', url, code: 'ECONNRESET' }),
    DeliveryTimeoutError: new api.DeliveryTimeoutError({ method: 'PUT', url, timeoutMs: 10, phase: 'reply' }),
    InvalidReplyError: new api.InvalidReplyError({
      method: 'POST',
      url,
      status: 200,
      reason: 'not-json',
      expected: 'JSON',
    }),
    InvalidOptionsError: new api.InvalidOptionsError([]),
    InvalidPayloadError: new api.InvalidPayloadError('student payload', []),
    InvalidRecordError: new api.InvalidRecordError('students', undefined, []),
  };

  it.each(Object.entries(built))('says whether a %s is retryable as the class decides it', (name, error) => {
    expect(ERROR_CLASSES[name as keyof typeof ERROR_CLASSES].retryable).toBe(error.retryable ? 'yes' : 'no');
  });

  it('names the statuses a DeliveryHttpError is retried for, and no other', () => {
    const listed = (
      /^(.*): yes; other: no$/.exec(ERROR_CLASSES.DeliveryHttpError.retryable)?.[1] ?? ''
    ).split(', ');
    const named = (status: number) =>
      listed.includes(String(status)) || (listed.includes('5xx') && status >= 500 && status <= 599);
    for (let status = 300; status <= 599; status++) {
      expect(new api.DeliveryHttpError({ method: 'POST', url, status }).retryable, String(status)).toBe(
        named(status),
      );
    }
  });
});
