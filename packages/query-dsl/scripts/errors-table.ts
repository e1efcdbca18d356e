import { markdownTable } from '@school/testkit/docs-tables';
import { limitCatalogue } from '../src/core/errors.js';
import { ISSUE_CODES } from '../src/index.js';

/** The page that shows the issue catalogue, and the name of its generated region. */
export const ERRORS_PAGE = { path: new URL('../docs/errors.md', import.meta.url), region: 'issue-codes' };

/** The issue catalogue (`ISSUE_CODES`, default limits) as docs/limits.md shows it. */
export function errorsTable(): string {
  return markdownTable(
    ['code', 'HTTP status', 'when'],
    Object.entries(ISSUE_CODES).map(([code, { status, description }]) => [
      `\`${code}\``,
      String(status),
      description,
    ]),
  );
}

/** Every limit with its default (`limitCatalogue()`), as docs/limits.md shows it. */
export function limitsTable(): string {
  return markdownTable(
    ['limit', 'default', 'option', 'past it'],
    limitCatalogue().map(({ bounds, value, option, past }) => [
      bounds,
      String(value),
      option === undefined ? 'fixed' : `\`${option}\``,
      past === undefined ? '— (part of the estimate)' : `\`${past}\``,
    ]),
  );
}
