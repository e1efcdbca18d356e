import { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici';
import type { DeliveryError, DeliveryMethod } from '../errors/delivery-error.js';
import { DeliveryNetworkError } from '../errors/delivery-network-error.js';
import { DeliveryTimeoutError } from '../errors/delivery-timeout-error.js';

export interface TransportRequest {
  readonly method: DeliveryMethod;
  readonly path: string;
  readonly url: string;
  /** Header names and values, alternating (`['content-type', 'application/json', ...]`). */
  readonly headers: string[];
  readonly body: string;
  readonly signal?: AbortSignal | undefined;
}

export interface TransportReply {
  readonly ok: true;
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The body as text, at most `maxBytes` bytes of it. */
  readonly body: string;
  /** The body was longer than `maxBytes` and was cut. */
  readonly tooLarge: boolean;
  readonly durationMs: number;
}

export interface TransportFailure {
  readonly ok: false;
  readonly error: DeliveryError;
  readonly durationMs: number;
}

export interface TransportSettings {
  readonly dispatcher: Dispatcher;
  readonly origin: string;
  readonly timeoutMs: number;
  readonly maxResponseBodyBytes: number;
}

type Body = Dispatcher.ResponseData['body'];

async function readBounded(body: Body, headers: IncomingHttpHeaders, maxBytes: number) {
  const declared = Number(headers['content-length']);
  if (Number.isInteger(declared) && declared <= maxBytes) {
    return { text: await body.text(), tooLarge: false };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (size + chunk.length > maxBytes) {
      chunks.push(chunk.subarray(0, maxBytes - size));
      tooLarge = true;
      break; // ends the iteration, which destroys the body stream (and that connection)
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), tooLarge };
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return errorCode((error as { cause?: unknown }).cause);
}

/**
 * Aborts a request. undici takes an EventEmitter as `signal`, which costs much less per request
 * than an AbortController.
 */
interface AbortState {
  readonly abort: EventEmitter;
  timedOut: boolean;
  callerAborted: boolean;
}

function onTimeout(state: AbortState): void {
  state.timedOut = true;
  state.abort.emit('abort');
}

function abortByCaller(state: AbortState): void {
  state.callerAborted = true;
  state.abort.emit('abort');
}

/**
 * Sends one request and reads the reply (bounded), under one time limit that covers connecting,
 * sending, waiting and reading. Never throws for network trouble: it returns the failure as a
 * {@link DeliveryNetworkError} or {@link DeliveryTimeoutError}.
 */
export async function transport(
  settings: TransportSettings,
  request: TransportRequest,
): Promise<TransportReply | TransportFailure> {
  const started = performance.now();
  const { method, url, signal } = request;
  if (signal?.aborted) {
    const error = new DeliveryNetworkError({ method, url, code: 'ABORTED', cause: signal.reason });
    return { ok: false, error, durationMs: 0 };
  }
  const state: AbortState = { abort: new EventEmitter(), timedOut: false, callerAborted: false };
  const timer = setTimeout(onTimeout, settings.timeoutMs, state);
  const onCallerAbort = signal === undefined ? undefined : () => abortByCaller(state);
  if (onCallerAbort !== undefined) signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const reply = await settings.dispatcher.request({
      origin: settings.origin,
      path: request.path,
      method,
      headers: request.headers,
      body: request.body,
      signal: state.abort,
    });
    const { text, tooLarge } = await readBounded(reply.body, reply.headers, settings.maxResponseBodyBytes);
    return {
      ok: true,
      status: reply.statusCode,
      headers: reply.headers,
      body: text,
      tooLarge,
      durationMs: performance.now() - started,
    };
  } catch (cause) {
    const code = errorCode(cause);
    if (code === 'UND_ERR_INVALID_ARG') throw cause; // a bug in what we built, not a network failure
    let error: DeliveryError;
    if (state.timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      error = new DeliveryTimeoutError({ method, url, timeoutMs: settings.timeoutMs, phase: 'reply', cause });
    } else if (code === 'UND_ERR_CONNECT_TIMEOUT') {
      error = new DeliveryTimeoutError({
        method,
        url,
        timeoutMs: settings.timeoutMs,
        phase: 'connect',
        cause,
      });
    } else if (state.callerAborted) {
      error = new DeliveryNetworkError({ method, url, code: 'ABORTED', cause });
    } else {
      error = new DeliveryNetworkError({ method, url, code: code ?? 'UNKNOWN', cause });
    }
    return { ok: false, error, durationMs: performance.now() - started };
  } finally {
    clearTimeout(timer);
    if (onCallerAbort !== undefined) signal?.removeEventListener('abort', onCallerAbort);
  }
}
