/**
 * The workspace's one fake external system: a real `node:http` server on 127.0.0.1 (port 0) that
 * the integration client and the host's sync worker talk to in tests and benchmarks.
 *
 * By default it behaves as a well-made external system (see `store.ts`) and notes every request.
 * Tests steer it with queued `replies` (answered first, in order) and a `script` (asked for every
 * other request); either may hang, answer late, answer anything, or take the raw response. It also
 * notes two requests for one record in flight at once, which no receiver should ever see.
 *
 * `mode: 'acknowledge'` is for benchmarks: every request is answered at once with a valid reply and
 * nothing is parsed or kept, so the receiver costs the sender being measured as little as it can.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ObjectId } from 'bson';
import { EntityStore } from './store.js';
import type { Entity, ExternalCollection, Json, Received, Script, Scripted } from './types.js';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface ReceiverOptions {
  /** `store` (the default) keeps entities and every request; `acknowledge` only answers, fast. */
  readonly mode?: 'store' | 'acknowledge';
}

export class Receiver {
  readonly requests: Received[] = [];
  /** Replies to give next, in order, before the script or the store is asked. */
  readonly replies: Scripted[] = [];
  /** Two requests for one record in flight at once. */
  readonly overlaps: string[] = [];
  /** Arrival time (`performance.now()`) of the latest request per path. */
  readonly arrivals = new Map<string, number>();
  /** Requests fully received so far. */
  count = 0;
  /** Waited before every reply of the store (not before scripted ones). */
  delayMs = 0;
  script: Script | undefined;
  url = '';
  port = 0;
  readonly #store = new EntityStore();
  readonly #server: Server;
  readonly #inFlight = new Map<string, number>();
  readonly #hanging = new Set<ServerResponse>();
  readonly #sockets = new Set<Socket>();
  readonly #waiters: Array<{ count: number; done: () => void }> = [];
  #connections = 0;
  #ids = 0;

  private constructor(mode: 'store' | 'acknowledge') {
    this.#server = createServer((request, response) => {
      if (mode === 'acknowledge') {
        request.resume();
        request.on('end', () => this.#acknowledge(request.method ?? '', request.url ?? '', response));
        return;
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.#arrived(request.url ?? '', performance.now());
        void this.#handle(request.method ?? '', request.url ?? '', request.headers, chunks, response);
      });
    });
    this.#server.keepAliveTimeout = 60_000;
    this.#server.on('connection', (socket) => {
      this.#connections += 1;
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  static async start(options: ReceiverOptions = {}): Promise<Receiver> {
    const receiver = new Receiver(options.mode ?? 'store');
    await new Promise<void>((resolve) => receiver.#server.listen(0, '127.0.0.1', resolve));
    receiver.port = (receiver.#server.address() as AddressInfo).port;
    receiver.url = `http://127.0.0.1:${receiver.port}`;
    return receiver;
  }

  async close(): Promise<void> {
    for (const response of this.#hanging) response.destroy();
    for (const socket of this.#sockets) socket.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** Entities by `collection/externalId`. */
  get entities(): Map<string, Entity> {
    return this.#store.entities;
  }
  /** The failure notices received. */
  get notices(): Json[] {
    return this.#store.notices;
  }
  /** Updates that arrived for an entity that was never created. */
  get updatesBeforeCreate(): string[] {
    return this.#store.updatesBeforeCreate;
  }
  /** Creates answered from their Idempotency-Key (the entity existed already). */
  get replays(): number {
    return this.#store.replays;
  }

  /** How many TCP connections were opened to the receiver. */
  connections(): number {
    return this.#connections;
  }

  /** Resolves when `count` more requests than now have fully arrived. */
  after(count: number): Promise<void> {
    const target = this.count + count;
    return new Promise((done) => {
      if (this.count >= target) done();
      else this.#waiters.push({ count: target, done });
    });
  }

  /** The entity made for a record (`collection`, record `_id`), if any. */
  entityOf(collection: ExternalCollection, id: string | ObjectId): Entity | undefined {
    const record = `${collection}/${String(id)}`;
    for (const entity of this.entities.values()) if (entity.record === record) return entity;
    return undefined;
  }

  /** The requests about one record, in order of arrival. */
  requestsFor(collection: ExternalCollection, id: string | ObjectId): Received[] {
    const record = `${collection}/${String(id)}`;
    return this.requests.filter((request) => request.record === record);
  }

  /** Counts a request that has fully arrived (at `at`, `performance.now()`) and wakes who waits for it. */
  #arrived(path: string, at: number): void {
    this.arrivals.set(path, at);
    this.count += 1;
    for (let i = this.#waiters.length - 1; i >= 0; i--) {
      const waiter = this.#waiters[i]!;
      if (this.count >= waiter.count) {
        this.#waiters.splice(i, 1);
        waiter.done();
      }
    }
  }

  #acknowledge(method: string, path: string, response: ServerResponse): void {
    const at = performance.now();
    const id = `x${++this.#ids}`;
    const body = `{"status":"ok","data":{"userId":"${id}","id":"${id}"}}`;
    response.writeHead(method === 'POST' ? 201 : 200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
    this.#arrived(path, at);
  }

  async #handle(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    chunks: Buffer[],
    response: ServerResponse,
  ): Promise<void> {
    const received = this.#note(method, path, headers, Buffer.concat(chunks).toString('utf8'), response);
    const scripted = this.replies.shift() ?? (this.script ? await this.script(received) : undefined);
    if (scripted?.replyLost) {
      const [status] = this.#store.handle(method, path, headers, received.body);
      received.status = status;
      this.#hanging.add(response);
      response.on('close', () => this.#hanging.delete(response));
      return;
    }
    if (scripted?.replyLateMs !== undefined) {
      const [status, reply] = this.#store.handle(method, path, headers, received.body);
      await sleep(scripted.replyLateMs);
      received.status = status;
      if (!response.destroyed) sendJson(response, status, reply);
      return;
    }
    if (scripted) {
      received.scripted = true;
      this.#answer(scripted, received, response);
      return;
    }
    if (this.delayMs > 0) await sleep(this.delayMs);
    const [status, reply] = this.#store.handle(method, path, headers, received.body);
    received.status = status;
    sendJson(response, status, reply);
  }

  #note(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    raw: string,
    response: ServerResponse,
  ): Received {
    const received: Received = {
      seq: this.requests.length + 1,
      method,
      path,
      headers,
      raw,
      body: parseJson(raw),
      at: Date.now(),
      record: this.#store.recordOf(method, path, headers),
      status: undefined,
      scripted: false,
    };
    this.requests.push(received);
    const { record } = received;
    if (record !== undefined) {
      const inFlight = this.#inFlight.get(record) ?? 0;
      if (inFlight > 0)
        this.overlaps.push(`${method} ${path} while another request for ${record} was in flight`);
      this.#inFlight.set(record, inFlight + 1);
      response.on('close', () => this.#inFlight.set(record, (this.#inFlight.get(record) ?? 1) - 1));
    }
    return received;
  }

  #answer(scripted: Scripted, received: Received, response: ServerResponse): void {
    if (scripted.respond) {
      scripted.respond(response, received);
      return;
    }
    if (scripted.hang) {
      this.#hanging.add(response);
      response.on('close', () => this.#hanging.delete(response));
      return;
    }
    const status = scripted.status ?? 200;
    received.status = status;
    const text = scripted.raw ?? (scripted.body === undefined ? '' : JSON.stringify(scripted.body));
    const typed = scripted.raw !== undefined || scripted.body !== undefined;
    response.writeHead(status, {
      ...(typed ? { 'content-type': 'application/json' } : {}),
      ...scripted.headers,
    });
    response.end(text);
  }
}

function parseJson(raw: string): Json {
  try {
    return raw === '' ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function sendJson(response: ServerResponse, status: number, body: Json): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** A port on 127.0.0.1 where nothing listens (connection refused): it was just released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
