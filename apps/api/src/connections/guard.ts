/**
 * What the listener holds for its clients, bounded and known: connections in total (Node closes a
 * connection past `maxConnections` as it is accepted) and per client address (answered
 * `503 TOO_MANY_CONNECTIONS` and closed), and the requests in flight, so a shutdown can tell a
 * request it owes an answer from a client still sending one.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';
import type { ConnectionLimits } from '../config/connections.js';
import { ERROR_CODES } from '../errors/http-error.js';
import { answerAndClose } from './raw-reply.js';

export interface ConnectionGuard {
  /** Connections open now (those refused at once aside). */
  open(): number;
  /** Requests received whole and not yet answered: what a shutdown must not cut. */
  unanswered(): number;
}

/** Seconds a refused client is told to wait: by then its other connections have likely ended. */
const RETRY_AFTER_SECONDS = 1;

/** Each socket's last request answered before it had all arrived (a refusal before the body). */
const answeredEarly = new WeakMap<Socket, IncomingMessage>();

/**
 * Whether the request still arriving on this socket has had its answer: then a deadline that cuts
 * it closes the connection without a second answer the client never asked for.
 */
export function answeredWhileArriving(socket: Socket): boolean {
  return answeredEarly.get(socket)?.complete === false;
}

export function guardConnections(
  server: Server,
  {
    maxConnections,
    maxConnectionsPerAddress,
  }: Pick<ConnectionLimits, 'maxConnections' | 'maxConnectionsPerAddress'>,
): ConnectionGuard {
  server.maxConnections = maxConnections;
  const perAddress = new Map<string, number>();
  let open = 0;
  server.on('connection', (socket: Socket) => {
    // An address counts as the rate limiter counts it: IPv6 by its /64, which one client holds whole.
    const address = socket.remoteAddress === undefined ? undefined : normalizeIP(socket.remoteAddress);
    if (address === undefined) return socket.destroy();
    const count = perAddress.get(address) ?? 0;
    if (count >= maxConnectionsPerAddress) {
      return answerAndClose(
        socket,
        ERROR_CODES.TOO_MANY_CONNECTIONS.status,
        {
          code: 'TOO_MANY_CONNECTIONS',
          message: `This address already has ${maxConnectionsPerAddress} connections open, the most it may (MAX_CONNECTIONS_PER_ADDRESS); send requests on those, or close one first.`,
          param: '',
        },
        { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
    }
    perAddress.set(address, count + 1);
    open += 1;
    socket.once('close', () => {
      open -= 1;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left === 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });

  const inFlight = new Set<ServerResponse<IncomingMessage>>();
  const track = (request: IncomingMessage, reply: ServerResponse<IncomingMessage>) => {
    inFlight.add(reply);
    reply.once('close', () => inFlight.delete(reply));
    reply.once('finish', () => {
      if (!request.complete) answeredEarly.set(request.socket, request);
    });
  };
  server.on('request', track);
  // A request sent with `Expect: 100-continue` arrives as 'checkContinue' instead of 'request' once
  // a listener for it exists (plugins/body-gate.ts): it is tracked all the same.
  server.on('checkContinue', track);
  return {
    open: () => open,
    unanswered: () => [...inFlight].filter((reply) => reply.req.complete && !reply.writableFinished).length,
  };
}
