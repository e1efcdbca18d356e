import { markdownTable } from '@school/testkit/docs-tables';
import {
  ERROR_CLASSES,
  HTTP_STATUS_HINTS,
  INVALID_REPLY_REASONS,
  ISSUE_CODES,
  NETWORK_ERROR_CODES,
} from '../src/errors/catalogue.js';

/** The page that shows the error catalogue. */
export const ERRORS_PAGE = new URL('../docs/errors.md', import.meta.url);

const code = (name: string) => `\`${name}\``;

/** Each generated region of docs/errors.md and its table, from src/errors/catalogue.ts. */
export function errorsTables(): Record<string, string> {
  return {
    'error-classes': markdownTable(
      ['class', 'thrown or returned', '`retryable`', 'when'],
      Object.entries(ERROR_CLASSES).map(([name, entry]) => [
        code(name),
        entry.kind,
        entry.retryable,
        entry.when,
      ]),
    ),
    'issue-codes': markdownTable(
      ['code', 'meaning'],
      Object.entries(ISSUE_CODES).map(([name, meaning]) => [code(name), meaning]),
    ),
    'reply-reasons': markdownTable(
      ['`reason`', 'the 2xx reply was refused because'],
      Object.entries(INVALID_REPLY_REASONS).map(([name, meaning]) => [code(name), meaning]),
    ),
    'network-codes': markdownTable(
      ['`code`', 'the message says'],
      Object.entries(NETWORK_ERROR_CODES).map(([name, meaning]) => [code(name), meaning]),
    ),
    'status-hints': markdownTable(
      ['status', 'not retried; the message adds'],
      Object.entries(HTTP_STATUS_HINTS).map(([status, hint]) => [status, hint]),
    ),
  };
}
