import { Agent } from 'undici';
import { describe, expect, it } from 'vitest';
import { type IntegrationClientOptions, resolveOptions } from '../../src/delivery/options.js';
import { DEFAULT_RETRY_DELAYS_MS } from '../../src/delivery/retry-timing.js';
import { generateSigningSecret } from '../../src/delivery/signing.js';
import { InvalidOptionsError } from '../../src/errors/errors.js';

function issuesOf(options: unknown): string[] {
  try {
    resolveOptions(options as IntegrationClientOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidOptionsError);
    return (error as InvalidOptionsError).issues.map((i) => `${i.param}: ${i.message}`);
  }
  return [];
}

describe('resolveOptions', () => {
  it('applies the defaults', () => {
    const resolved = resolveOptions({ baseUrl: 'https://erp.example.com/' });
    expect(resolved).toMatchObject({
      origin: 'https://erp.example.com',
      basePath: '',
      token: undefined,
      signingSecrets: [],
      timeoutMs: 10_000,
      retryDelaysMs: DEFAULT_RETRY_DELAYS_MS,
      retryJitter: 0.2,
      maxRetryAfterMs: 86_400_000,
      userAgent: '@school/integration-client/0.1.0',
      maxResponseBodyBytes: 65_536,
      connections: 16,
      keepAliveTimeoutMs: 4_000,
      dispatcher: undefined,
      headers: {},
    });
  });

  it('keeps a base path and takes URL objects', () => {
    expect(resolveOptions({ baseUrl: new URL('http://127.0.0.1:8080/erp/v2//') })).toMatchObject({
      origin: 'http://127.0.0.1:8080',
      basePath: '/erp/v2',
    });
  });

  it('takes one secret or two, and extra headers in lower case', () => {
    const secret = generateSigningSecret();
    const resolved = resolveOptions({
      baseUrl: 'https://erp.example.com',
      signingSecrets: secret,
      headers: { 'X-Api-Key': 'k' },
      dispatcher: new Agent(),
    });
    expect(resolved.signingSecrets).toEqual([secret]);
    expect(resolved.headers).toEqual({ 'x-api-key': 'k' });
  });

  it.each([
    [{}, 'baseUrl: must be an absolute http(s) URL, e.g. "https://erp.example.com"'],
    [
      { baseUrl: 'erp.example.com' },
      'baseUrl: must be an absolute http(s) URL, e.g. "https://erp.example.com"',
    ],
    [{ baseUrl: 'ftp://erp.example.com' }, 'baseUrl: must use http: or https:, not ftp:'],
    [
      { baseUrl: 'https://u:p@erp.example.com' },
      'baseUrl: must not contain a user name or password; use the token option',
    ],
    [{ baseUrl: 'https://erp.example.com?a=1' }, 'baseUrl: must not have a query or fragment'],
    [{ baseUrl: 'https://x.com', timeout: 5 }, 'timeout: is not an option'],
    [
      { baseUrl: 'https://x.com', token: 'a b' },
      'token: must be a non-empty string of visible ASCII characters',
    ],
    [
      { baseUrl: 'https://x.com', token: '' },
      'token: must be a non-empty string of visible ASCII characters',
    ],
    [
      { baseUrl: 'https://x.com', signingSecrets: 'secret' },
      'signingSecrets[0]: must be "whsec_" followed by standard base64',
    ],
    [
      { baseUrl: 'https://x.com', timeoutMs: 0 },
      'timeoutMs: must be a positive integer number of milliseconds',
    ],
    [
      { baseUrl: 'https://x.com', retryDelaysMs: [1, -1] },
      'retryDelaysMs: must be an array of non-negative numbers',
    ],
    [{ baseUrl: 'https://x.com', retryJitter: 1.5 }, 'retryJitter: must be a number from 0 to 1'],
    [{ baseUrl: 'https://x.com', maxRetryAfterMs: -1 }, 'maxRetryAfterMs: must be a non-negative number'],
    [{ baseUrl: 'https://x.com', userAgent: 'a\nb' }, 'userAgent: must be a non-empty header value'],
    [
      { baseUrl: 'https://x.com', maxResponseBodyBytes: 1.5 },
      'maxResponseBodyBytes: must be a positive integer',
    ],
    [{ baseUrl: 'https://x.com', connections: 0 }, 'connections: must be an integer from 1 to 10000'],
    [{ baseUrl: 'https://x.com', keepAliveTimeoutMs: -1 }, 'keepAliveTimeoutMs: must be a positive integer'],
    [{ baseUrl: 'https://x.com', dispatcher: {} }, 'dispatcher: must be an undici Dispatcher'],
    [
      { baseUrl: 'https://x.com', headers: { Authorization: 'x' } },
      'headers.Authorization: is set by the client',
    ],
    [
      { baseUrl: 'https://x.com', headers: { 'bad name': 'x' } },
      'headers.bad name: is not a valid header name',
    ],
    [
      { baseUrl: 'https://x.com', headers: { 'x-a': 'a\r\nb' } },
      'headers.x-a: must be a string without line breaks',
    ],
  ])('refuses %j', (options, issue) => {
    expect(issuesOf(options).some((i) => i.startsWith(issue))).toBe(true);
  });

  it('reports every problem at once', () => {
    expect(issuesOf({ baseUrl: 'nope', timeoutMs: -1, retryJitter: 9 })).toHaveLength(3);
  });

  it('takes the default for an option given as undefined, and refuses null', () => {
    expect(resolveOptions({ baseUrl: 'https://x.com', timeoutMs: undefined }).timeoutMs).toBe(10_000);
    expect(issuesOf({ baseUrl: 'https://x.com', timeoutMs: null })).toEqual([
      'timeoutMs: must be a positive integer number of milliseconds',
    ]);
  });

  it('names every option, in the documented order, when one is unknown', () => {
    expect(issuesOf({ baseUrl: 'https://x.com', timeout: 5 })).toEqual([
      'timeout: is not an option (options are: baseUrl, token, signingSecrets, timeoutMs, retryDelaysMs, ' +
        'retryJitter, maxRetryAfterMs, userAgent, maxResponseBodyBytes, connections, keepAliveTimeoutMs, ' +
        'dispatcher, headers)',
    ]);
  });

  it('keeps its own copy of the retry schedule', () => {
    const delays = [1_000, 2_000];
    const resolved = resolveOptions({ baseUrl: 'https://x.com', retryDelaysMs: delays });
    delays.push(3_000);
    expect(resolved.retryDelaysMs).toEqual([1_000, 2_000]);
  });

  it('refuses a missing options object', () => {
    expect(issuesOf(undefined)).toEqual([': must be an object with at least baseUrl']);
  });
});
