/**
 * Behind a reverse proxy every connection comes from the proxy. With `TRUST_PROXY` naming it, the
 * address in its `X-Forwarded-For` is the client's, so requests without a valid token are
 * rate-limited per real client; without it the header is ignored, so a client can't pick its own
 * address to escape the limit.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/app-config.js';
import { build } from '../support/helper.js';

const PROXY = '10.0.0.7';
const limits = { RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' };

/** `GET /health` through the proxy for the client `forwardedFor`. */
function viaProxy(app: Awaited<ReturnType<typeof build>>['app'], forwardedFor: string) {
  return app.inject({
    method: 'GET',
    url: '/health',
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': forwardedFor },
  });
}

describe('TRUST_PROXY', () => {
  it('naming the proxy, counts each forwarded client apart', async () => {
    const t = await build({ env: { ...limits, TRUST_PROXY: PROXY } });
    for (let request = 1; request <= 2; request++)
      expect((await viaProxy(t.app, '198.51.100.1')).statusCode).toBe(200);
    expect((await viaProxy(t.app, '198.51.100.1')).statusCode).toBe(429);
    expect((await viaProxy(t.app, '198.51.100.2')).statusCode).toBe(200);
  });

  it('as a number of hops, believes that many addresses nearest the service', async () => {
    const t = await build({ env: { ...limits, TRUST_PROXY: '1' } });
    for (let request = 1; request <= 2; request++)
      expect((await viaProxy(t.app, '198.51.100.3')).statusCode).toBe(200);
    expect((await viaProxy(t.app, '198.51.100.3')).statusCode).toBe(429);
    expect((await viaProxy(t.app, '198.51.100.4')).statusCode).toBe(200);
  });

  it('unset, ignores X-Forwarded-For: a client cannot pick a fresh address to escape the limit', async () => {
    const t = await build({ env: limits });
    for (let request = 1; request <= 2; request++)
      expect((await viaProxy(t.app, `198.51.100.${10 + request}`)).statusCode).toBe(200);
    expect((await viaProxy(t.app, '198.51.100.13')).statusCode).toBe(429);
  });
});

describe('reading TRUST_PROXY', () => {
  const read = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('takes hops, addresses, CIDR ranges and the range names', () => {
    expect(read('')).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('0')).toBe(false);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.7, 10.1.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.7',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else, naming every wrong entry', () => {
    expect(() => read('10.0.0.7,proxy.local,10.0.0.0/33,true')).toThrow(
      'TRUST_PROXY must be a number of hops (1 to 99) or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal; not "proxy.local", "10.0.0.0/33", "true"',
    );
  });
});
