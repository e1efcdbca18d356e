import type { Issue } from '../errors/issue.js';
import { withoutTrailingSlashes } from './trailing-slashes.js';

/** Where the external system is: the origin and the base path the client appends its paths to. */
export interface BaseAddress {
  readonly origin: string;
  /** Base path without trailing slash ('' for the root). */
  readonly basePath: string;
}

function problem(message: string): Issue {
  return { code: 'INVALID_VALUE', param: 'baseUrl', message };
}

function parse(value: unknown): URL | undefined {
  if (typeof value !== 'string' && !(value instanceof URL)) return undefined;
  try {
    return new URL(value instanceof URL ? value.href : value);
  } catch {
    return undefined;
  }
}

/** The `baseUrl` option as an address; its problems (all of them) go to `issues`. */
export function readBaseUrl(value: unknown, _name: string, issues: Issue[]): BaseAddress {
  const url = parse(value);
  if (url === undefined) {
    issues.push(problem('must be an absolute http(s) URL, e.g. "https://erp.example.com"'));
    return { origin: '', basePath: '' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    issues.push(problem(`must use http: or https:, not ${url.protocol}`));
  }
  if (url.username !== '' || url.password !== '') {
    issues.push(problem('must not contain a user name or password; use the token option'));
  }
  if (url.search !== '' || url.hash !== '') issues.push(problem('must not have a query or fragment'));
  return { origin: url.origin, basePath: withoutTrailingSlashes(url.pathname) };
}
