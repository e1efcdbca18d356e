import type { IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici';
import {
  type DeliveryError,
  type DeliveryMethod,
  DeliveryNetworkError,
  DeliveryTimeoutError,
} from '../errors/errors.js';

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

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return errorCode((error as { cause?: unknown }).cause);
}

/** Why the transport itself ended a request. */
class Stop extends Error {
  constructor(readonly why: 'timeout' | 'aborted' | 'too-large') {
    super(`request stopped: ${why}`);
  }
}

/**
 * One request, driven through undici's `dispatch` handler API: no response stream, no abort signal
 * object, the body collected up to the limit, one timer for the whole exchange. Settles once; what
 * undici reports after that (the error of an abort we asked for) is ignored.
 */
class Exchange implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private stopped: Stop | undefined;
  private settled = false;
  private status = 0;
  private headers: IncomingHttpHeaders = {};
  private readonly chunks: Buffer[] = [];
  private size = 0;
  readonly timer: NodeJS.Timeout;
  readonly started = performance.now();

  constructor(
    private readonly settings: TransportSettings,
    private readonly request: TransportRequest,
    private readonly resolve: (result: TransportReply | TransportFailure) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    this.timer = setTimeout(stopOnTimeout, settings.timeoutMs, this);
  }

  /** Ends the request from this side: a timeout, the caller's signal, a body over the limit. */
  stop(why: Stop['why']): void {
    if (this.settled) return;
    this.stopped = new Stop(why);
    if (why === 'too-large') this.finish();
    else this.fail(this.stopped);
    this.controller?.abort(this.stopped);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.stopped !== undefined) controller.abort(this.stopped);
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ): void {
    if (statusCode < 200) return; // 1xx: informational, the reply is still to come
    this.status = statusCode;
    this.headers = headers;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    const room = this.settings.maxResponseBodyBytes - this.size;
    if (chunk.length > room) {
      this.chunks.push(chunk.subarray(0, room));
      this.size += room;
      this.stop('too-large');
      return;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  onResponseEnd(): void {
    this.finish();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.fail(error);
  }

  private finish(): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    const { chunks } = this;
    const body = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
    this.resolve({
      ok: true,
      status: this.status,
      headers: this.headers,
      body,
      tooLarge: this.stopped?.why === 'too-large',
      durationMs: performance.now() - this.started,
    });
  }

  private fail(cause: unknown): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    const code = errorCode(cause);
    if (code === 'UND_ERR_INVALID_ARG') {
      this.reject(cause); // a bug in what we built, not a network failure
      return;
    }
    const { method, url } = this.request;
    const { timeoutMs } = this.settings;
    let error: DeliveryError;
    if (cause instanceof Stop && cause.why === 'aborted') {
      error = new DeliveryNetworkError({ method, url, code: 'ABORTED', cause: this.request.signal?.reason });
    } else if (
      cause instanceof Stop ||
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'UND_ERR_BODY_TIMEOUT'
    ) {
      error = new DeliveryTimeoutError({ method, url, timeoutMs, phase: 'reply', cause });
    } else if (code === 'UND_ERR_CONNECT_TIMEOUT') {
      error = new DeliveryTimeoutError({ method, url, timeoutMs, phase: 'connect', cause });
    } else {
      error = new DeliveryNetworkError({ method, url, code: code ?? 'UNKNOWN', cause });
    }
    this.resolve({ ok: false, error, durationMs: performance.now() - this.started });
  }
}

function stopOnTimeout(exchange: Exchange): void {
  exchange.stop('timeout');
}

function dispatchOptions(settings: TransportSettings, request: TransportRequest): Dispatcher.DispatchOptions {
  const { method, path, headers, body } = request;
  return { origin: settings.origin, method, path, headers, body };
}

/**
 * Sends one request and reads the reply (at most `maxResponseBodyBytes` of it), under one time
 * limit that covers waiting for a connection, connecting, sending, waiting and reading. Never
 * rejects for network trouble: it resolves to a {@link DeliveryNetworkError} or
 * {@link DeliveryTimeoutError} failure.
 */
export function transport(
  settings: TransportSettings,
  request: TransportRequest,
): Promise<TransportReply | TransportFailure> {
  const { signal } = request;
  if (signal?.aborted) {
    const { method, url } = request;
    const error = new DeliveryNetworkError({ method, url, code: 'ABORTED', cause: signal.reason });
    return Promise.resolve({ ok: false, error, durationMs: 0 });
  }
  return new Promise((resolve, reject) => {
    if (signal === undefined) {
      settings.dispatcher.dispatch(
        dispatchOptions(settings, request),
        new Exchange(settings, request, resolve, reject),
      );
      return;
    }
    const onAbort = () => exchange.stop('aborted');
    const exchange = new Exchange(
      settings,
      request,
      (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
    signal.addEventListener('abort', onAbort, { once: true });
    settings.dispatcher.dispatch(dispatchOptions(settings, request), exchange);
  });
}
