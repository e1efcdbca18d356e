/**
 * An answer written straight to a socket, for what never becomes a request Fastify sees: a request
 * Node's parser refuses or cuts at its deadline, a connection refused as it is accepted. It is the
 * envelope all the same, and always closes the connection.
 */
import type { Socket } from 'node:net';
import type { ErrorEntry } from '../errors/http-error.js';

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
  503: 'Service Unavailable',
};

/**
 * Writes the envelope with `Connection: close` and destroys the socket, as Node and Fastify do with
 * their own answers: a socket merely ended would stay half-open (HTTP servers allow it) for as long
 * as the client keeps its side open.
 */
export function answerAndClose(
  socket: Socket,
  status: number,
  entry: ErrorEntry,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (socket.writable && !responseStarted(socket)) {
    const body = JSON.stringify({ response: null, errors: [entry] });
    const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(
      `HTTP/1.1 ${status} ${REASONS[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra.join('')}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Whether a reply on this socket has begun: bytes written now would land inside it. Node keeps the
 * reply in progress on `_httpMessage` and makes the same check before its own error answers.
 */
function responseStarted(socket: Socket): boolean {
  const { _httpMessage: reply } = socket as Socket & { _httpMessage?: { headersSent?: boolean } | null };
  return reply?.headersSent === true;
}
