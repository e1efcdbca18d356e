import { isIP } from 'node:net';

/**
 * Which proxies' `X-Forwarded-For` to believe, for the client address that requests without a
 * valid token are rate-limited by: `false` (none; the connection's address counts), a number of
 * proxy hops, or the proxies' addresses and CIDR ranges (the names `loopback`, `linklocal` and
 * `uniquelocal` stand for their ranges). Fastify takes each form as it is.
 */
export type TrustProxy = false | number | readonly string[];

const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `TRUST_PROXY`: unset or `0`/`false` trusts none; `N` trusts N hops; else a comma-separated list. */
export function trustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  const value = raw?.trim();
  if (!value || value === '0' || value.toLowerCase() === 'false') return false;
  if (/^\d{1,2}$/u.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    problems.push(
      `TRUST_PROXY must be a number of hops (1 to 99) or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal; not ${wrong.map((entry) => `"${entry}"`).join(', ')}`,
    );
    return false;
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/u.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
