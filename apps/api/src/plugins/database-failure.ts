/**
 * Why the driver could not connect, in the terms a person acts on: a name that does not resolve
 * (DNS), a server that can't be reached, or a server that refused us (credentials, options).
 */
import { MongoServerSelectionError } from 'mongodb';

/** The failure of `MongoClient.connect()`, classified. */
export type ConnectFailure =
  /** The DNS lookup of a host name (or, for `mongodb+srv://`, of its SRV or TXT record) failed. */
  | {
      readonly kind: 'dns';
      readonly name: string;
      readonly code: string;
      readonly record: 'SRV' | 'TXT' | 'host';
    }
  /** No server could be reached in time. */
  | { readonly kind: 'unreachable' }
  /** A server answered and refused: credentials, rights or options. */
  | { readonly kind: 'refused' };

const DNS_CALLS: Readonly<Record<string, 'SRV' | 'TXT' | 'host'>> = {
  querySrv: 'SRV',
  queryTxt: 'TXT',
  getaddrinfo: 'host',
};

interface SystemError {
  readonly code?: unknown;
  readonly syscall?: unknown;
  readonly hostname?: unknown;
  readonly cause?: unknown;
  readonly reason?: { readonly servers?: ReadonlyMap<string, { readonly error?: unknown }> };
}

export function classifyConnectFailure(error: unknown): ConnectFailure {
  const dns = dnsFailureIn(error);
  if (dns) return dns;
  return error instanceof MongoServerSelectionError ? { kind: 'unreachable' } : { kind: 'refused' };
}

/** What to check, as a sentence; `timeoutMs` is MONGODB_SERVER_SELECTION_TIMEOUT_MS. */
export function whatToCheck(failure: ConnectFailure, timeoutMs: number): string {
  switch (failure.kind) {
    case 'dns':
      return failure.record === 'host'
        ? `The host name ${failure.name} could not be looked up in DNS (${failure.code}): check the host names in MONGODB_URI and that this machine can resolve them.`
        : `The DNS lookup of the ${failure.record} record ${failure.name} failed (${failure.code}): check the host name in MONGODB_URI (a mongodb+srv:// address needs its SRV record) and that this machine can resolve it.`;
    case 'unreachable':
      return `Check that mongod is running and reachable from this machine (host, port, firewall, TLS, replica set name); MONGODB_SERVER_SELECTION_TIMEOUT_MS (${timeoutMs} ms) sets how long to wait.`;
    case 'refused':
      return "Check the credentials and options in MONGODB_URI and the user's rights on the database.";
  }
}

/**
 * The first failed DNS lookup in the error, its causes and, for a server selection, the errors of
 * the servers it tried. Bounded: the driver nests a handful of levels at most.
 */
function dnsFailureIn(error: unknown, depth = 0): Extract<ConnectFailure, { kind: 'dns' }> | undefined {
  if (depth > 8 || error === null || typeof error !== 'object') return undefined;
  const { code, syscall, hostname, cause, reason } = error as SystemError;
  const record = typeof syscall === 'string' ? DNS_CALLS[syscall] : undefined;
  if (record && typeof code === 'string') {
    return { kind: 'dns', name: typeof hostname === 'string' ? hostname : '(unnamed)', code, record };
  }
  const nested = [cause, ...[...(reason?.servers?.values() ?? [])].map((server) => server.error)];
  for (const inner of nested) {
    const found = dnsFailureIn(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}
