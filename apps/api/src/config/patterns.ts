/**
 * The text patterns the service checks, each declared once: the schemas state them as `pattern`
 * (so the OpenAPI document says what a standard validator, a generated client or a fuzzer must
 * send), and the ajv that validates bodies defines its formats from the same text (app.ts), so
 * `format` and `pattern` never disagree.
 */

import { OBJECT_ID_PATTERN } from '@school/query-dsl';

/** A record's `_id` and every reference: the query library's `objectid`, 24 hexadecimal characters. */
export { OBJECT_ID_PATTERN };

/**
 * An e-mail address: dot-separated words of letters, digits and `!#$%&'*+/=?^_`{|}~-` before the
 * `@`, and a host name with at least one dot after it (`ana@colegio.edu.ec`; `ana@localhost` and
 * `0@com` are refused). It is ajv-formats' `email` written without the `i` flag, which a JSON
 * Schema `pattern` cannot carry.
 */
export const EMAIL_PATTERN =
  "^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*" +
  '@(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?\\.)+[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$';

/** A pattern's text as a RegExp, for code that checks the same thing outside a schema. */
export const patternRegExp = (pattern: string): RegExp => new RegExp(pattern, 'u');

/** `OBJECT_ID_PATTERN` as a RegExp: whether a text (a token's school, an id in a path) is an identifier. */
export const OBJECT_ID_TEXT = patternRegExp(OBJECT_ID_PATTERN);
