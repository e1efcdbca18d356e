/**
 * The one test double of the external system for the sync's tests: a real `node:http` server on
 * 127.0.0.1 that records every request, keeps the entities it was sent — creates, then JSON Merge
 * Patch updates — and can be scripted per request.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyMergePatch, type IntegrationCollection } from '@school/integration-client';
import type { ObjectId } from 'bson';
import type { Json } from '../helper.js';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------

/** One request as the receiver got it. */
export interface Received {
  readonly seq: number;
  readonly method: string;
  /** The path (with query) as sent. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The body as text, exactly as sent (for signature checks). */
  readonly raw: string;
  /** The body parsed as JSON (`undefined` when empty or not JSON). */
  readonly body: Json;
  /** `Date.now()` when the request had fully arrived. */
  readonly at: number;
  /** `collection/<record _id>` for a create or update of a record the receiver can tell. */
  readonly record: string | undefined;
  /** The status the receiver answered (undefined while pending or when it never answered). */
  status: number | undefined;
  /** Answered by a script rather than by the fake external store. */
  scripted: boolean;
}

/** A scripted answer; `hang` never answers (the client's time-out ends it). */
export interface Scripted {
  readonly status?: number;
  readonly body?: unknown;
  /** A raw body instead of JSON. */
  readonly raw?: string;
  readonly headers?: Record<string, string>;
  readonly hang?: boolean;
  /** Let the fake external store handle the request now, but send its reply only this much later. */
  readonly replyLateMs?: number;
}

export type Script = (request: Received) => Scripted | undefined | Promise<Scripted | undefined>;

/** An entity of the external system, created by a POST and patched by PUTs. */
export interface Entity {
  readonly collection: IntegrationCollection;
  readonly externalId: string;
  /** `collection/<record _id>` (from the create's Idempotency-Key). */
  readonly record: string;
  state: Json;
}

const COLLECTION_PATH = /^\/api\/integration\/(students|parents|grades)$/u;
const RECORD_PATH = /^\/api\/integration\/(students|parents|grades)\/([^/?]+)$/u;
const KEY = /^create-(students|parents|grades)-([0-9a-f]{24})$/u;

/**
 * The external system: a `node:http` server on 127.0.0.1 (port 0). By default it behaves as a
 * well-made receiver: a create makes an entity and answers its id (a repeated Idempotency-Key
 * answers the id already made, without applying the body again, as idempotency keys work); an
 * update applies the body as a JSON Merge Patch; a failure notice is kept. `script` may answer
 * any request instead. It notes every request and what no receiver should ever see: an update of
 * an entity it never created, or two requests for the same record at the same time.
 */
export class Receiver {
  readonly requests: Received[] = [];
  /** Entities by `collection/externalId`. */
  readonly entities = new Map<string, Entity>();
  readonly notices: Json[] = [];
  /** Updates that arrived for an entity that was never created. */
  readonly updatesBeforeCreate: string[] = [];
  /** Two requests for one record in flight at once. */
  readonly overlaps: string[] = [];
  /** Creates answered from the Idempotency-Key (the entity existed already). */
  replays = 0;
  /** Answered before every default (not scripted) reply. */
  delayMs = 0;
  script: Script | undefined;
  url = '';
  readonly #server: Server;
  readonly #byKey = new Map<string, string>();
  readonly #inFlight = new Map<string, number>();
  readonly #hanging = new Set<ServerResponse>();
  #ids = 0;
  #seq = 0;

  private constructor() {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        void this.#handle(request.method ?? '', request.url ?? '', request.headers, chunks, response);
      });
    });
    this.#server.keepAliveTimeout = 60_000;
  }

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    await new Promise<void>((resolve) => receiver.#server.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.#server.address() as AddressInfo;
    receiver.url = `http://127.0.0.1:${port}`;
    return receiver;
  }

  async close(): Promise<void> {
    for (const response of this.#hanging) response.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The entity made for a record (`collection`, record `_id`), if any. */
  entityOf(collection: IntegrationCollection, id: string | ObjectId): Entity | undefined {
    const record = `${collection}/${String(id)}`;
    for (const entity of this.entities.values()) if (entity.record === record) return entity;
    return undefined;
  }

  /** The requests about one record, in order of arrival. */
  requestsFor(collection: IntegrationCollection, id: string | ObjectId): Received[] {
    const record = `${collection}/${String(id)}`;
    return this.requests.filter((request) => request.record === record);
  }

  async #handle(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    chunks: Buffer[],
    response: ServerResponse,
  ): Promise<void> {
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: Json;
    try {
      body = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      body = undefined;
    }
    const received: Received = {
      seq: ++this.#seq,
      method,
      path,
      headers,
      raw,
      body,
      at: Date.now(),
      record: this.#recordOf(method, path, headers),
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
    const scripted = this.script ? await this.script(received) : undefined;
    if (scripted?.replyLateMs !== undefined) {
      const [status, reply] = this.#default(method, path, headers, body);
      await sleep(scripted.replyLateMs);
      received.status = status;
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply));
      return;
    }
    if (scripted) {
      received.scripted = true;
      if (scripted.hang) {
        this.#hanging.add(response);
        response.on('close', () => this.#hanging.delete(response));
        return;
      }
      const status = scripted.status ?? 200;
      received.status = status;
      const text = scripted.raw ?? (scripted.body === undefined ? '' : JSON.stringify(scripted.body));
      response.writeHead(status, { 'content-type': 'application/json', ...scripted.headers });
      response.end(text);
      return;
    }
    if (this.delayMs > 0) await sleep(this.delayMs);
    const [status, reply] = this.#default(method, path, headers, body);
    received.status = status;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(reply));
  }

  #recordOf(method: string, path: string, headers: IncomingHttpHeaders): string | undefined {
    if (method === 'POST' && COLLECTION_PATH.test(path)) {
      const key = KEY.exec(String(headers['idempotency-key'] ?? ''));
      return key ? `${key[1]}/${key[2]}` : undefined;
    }
    const match = RECORD_PATH.exec(path);
    if (method === 'PUT' && match) {
      return this.entities.get(`${match[1]}/${decodeURIComponent(match[2]!)}`)?.record;
    }
    return undefined;
  }

  #default(method: string, path: string, headers: IncomingHttpHeaders, body: Json): [number, Json] {
    if (method === 'POST' && path === '/api/integration/failures') {
      this.notices.push(body);
      return [200, { status: 'received' }];
    }
    const create = COLLECTION_PATH.exec(path);
    if (method === 'POST' && create) {
      const collection = create[1] as IntegrationCollection;
      const key = String(headers['idempotency-key'] ?? '');
      let externalId = this.#byKey.get(key);
      if (externalId !== undefined) {
        this.replays++;
      } else {
        externalId = `ext-${collection.slice(0, 2)}-${++this.#ids}`;
        const record = KEY.exec(key);
        this.entities.set(`${collection}/${externalId}`, {
          collection,
          externalId,
          record: record ? `${record[1]}/${record[2]}` : `unknown/${key}`,
          state: body,
        });
        if (key !== '') this.#byKey.set(key, externalId);
      }
      const data = collection === 'grades' ? { id: externalId } : { userId: externalId };
      return [201, { status: 'success', data }];
    }
    const update = RECORD_PATH.exec(path);
    if (method === 'PUT' && update) {
      const externalId = decodeURIComponent(update[2]!);
      const entity = this.entities.get(`${update[1]}/${externalId}`);
      if (!entity) {
        this.updatesBeforeCreate.push(`${method} ${path}`);
        return [404, { status: 'error', message: 'no such entity' }];
      }
      entity.state = applyMergePatch(entity.state, body);
      return [200, { status: 'success', data: { userId: externalId } }];
    }
    return [404, { status: 'error', message: `no route ${method} ${path}` }];
  }
}

/** A port on 127.0.0.1 where nothing listens (connection refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
