/**
 * An address a client on this machine can use for a listen address: a wildcard (`0.0.0.0`, `::`)
 * is something to listen on, never to connect to, so it is shown as the loopback address.
 */
export function reachableUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}
