import type { Issue } from '../errors/issue.js';

/** The headers the client sets itself: an extra header must not replace them. */
const managedHeaders = new Set([
  'accept',
  'authorization',
  'connection',
  'content-length',
  'content-type',
  'host',
  'idempotency-key',
  'transfer-encoding',
  'user-agent',
  'webhook-id',
  'webhook-signature',
  'webhook-timestamp',
]);
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const headerValue = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Whether `value` can be sent as a header value: a string without line breaks. */
export function isHeaderValue(value: unknown): value is string {
  return typeof value === 'string' && headerValue.test(value);
}

function headerNameProblem(name: string): string | undefined {
  if (!headerName.test(name)) return 'is not a valid header name';
  if (managedHeaders.has(name.toLowerCase())) return 'is set by the client and cannot be overridden';
  return undefined;
}

/** The `headers` option, names in lower case; each bad header is one problem in `issues`. */
export function readExtraHeaders(
  value: unknown,
  name: string,
  issues: Issue[],
): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  if (typeof value !== 'object' || value === null) {
    issues.push({
      code: 'INVALID_VALUE',
      param: name,
      message: 'must be an object of header names to string values',
    });
    return headers;
  }
  for (const [header, given] of Object.entries(value)) {
    const text: unknown = given;
    let message = headerNameProblem(header);
    if (message === undefined && isHeaderValue(text)) headers[header.toLowerCase()] = text;
    else {
      message ??= 'must be a string without line breaks';
      issues.push({ code: 'INVALID_VALUE', param: `${name}.${header}`, message });
    }
  }
  return headers;
}
