import { markdownTable } from '@school/testkit/docs-tables';
import { ERROR_CODES } from '../src/errors/http-error.js';

/** The page that shows the service's error codes (the HTTP API reference), and its generated region. */
export const ERRORS_PAGE = {
  path: new URL('../../../docs/http-api.md', import.meta.url),
  region: 'error-codes',
};

/** Every code the service answers with (`ERROR_CODES`) as docs/http-api.md shows it. */
export function errorsTable(): string {
  return markdownTable(
    ['code', 'status', 'when'],
    Object.entries(ERROR_CODES).map(([code, { status, description }]) => [
      `\`${code}\``,
      String(status),
      description,
    ]),
  );
}
