/**
 * The answer to a request that never reaches Fastify: Node's parser refused it, or it did not arrive
 * within its deadline. Each is the envelope with a status that says what happened, then the
 * connection closes (its parser is in an unknown state, or its client too slow to keep).
 */
import type { Socket } from 'node:net';
import type { ConnectionLimits } from '../config/connections.js';
import { ERROR_CODES, type ErrorEntry } from '../errors/http-error.js';
import { answeredWhileArriving } from './guard.js';
import { answerAndClose } from './raw-reply.js';

type ClientError = Error & { code?: string; reason?: string };

/** Fastify's `clientErrorHandler` for these deadlines. */
export function clientErrorWriter(
  limits: Pick<ConnectionLimits, 'headersTimeoutMs' | 'requestTimeoutMs'>,
): (error: ClientError, socket: Socket) => void {
  return (error, socket) => {
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    if (error.code === 'ECONNRESET' || socket.destroyed || (timedOut && answeredWhileArriving(socket))) {
      socket.destroy();
      return;
    }
    const [status, entry] = answerFor(error, limits);
    answerAndClose(socket, status, entry);
  };
}

function answerFor(
  error: ClientError,
  { headersTimeoutMs, requestTimeoutMs }: Pick<ConnectionLimits, 'headersTimeoutMs' | 'requestTimeoutMs'>,
): [number, ErrorEntry] {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [
        ERROR_CODES.REQUEST_TIMEOUT.status,
        {
          code: 'REQUEST_TIMEOUT',
          message: `The request did not arrive in time: its headers must arrive within ${headersTimeoutMs} ms and the whole request, body included, within ${requestTimeoutMs} ms of its first byte.`,
          param: '',
        },
      ];
    case 'HPE_HEADER_OVERFLOW':
      return [
        431,
        { code: 'PAYLOAD_TOO_LARGE', message: 'The request headers are too large.', param: 'headers' },
      ];
    case 'HPE_INVALID_URL':
      return [
        ERROR_CODES.INVALID_VALUE.status,
        {
          code: 'INVALID_VALUE',
          message: `The URL could not be read (${reasonOf(error)}); percent-encode non-ASCII characters, spaces and control characters in it.`,
          param: 'url',
        },
      ];
    default:
      return [
        ERROR_CODES.INVALID_VALUE.status,
        {
          code: 'INVALID_VALUE',
          message: `The request could not be read as HTTP/1.1 (${reasonOf(error)}).`,
          param: error.code?.includes('HEADER') ? 'headers' : '',
        },
      ];
  }
}

/** The parser's own words for what it refused (fixed texts such as "Invalid method encountered"). */
function reasonOf(error: ClientError): string {
  return (error.reason ?? 'malformed request').replace(/\.$/u, '');
}
