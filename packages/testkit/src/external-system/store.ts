/**
 * What a well-made external system does with the requests of the integration contract: a create
 * makes an entity and answers its id (a repeated Idempotency-Key answers the id already made,
 * without applying the body again); an update applies its body as a JSON Merge Patch; a failure
 * notice is kept. It also notes what no external system should ever see: an update of an entity it
 * never created. The merge patch is json-merge-patch's, not the integration client's own, so the
 * tests compare the client's updates against an implementation it does not share.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { apply as applyMergePatch } from 'json-merge-patch';
import { type Entity, EXTERNAL_COLLECTIONS, type ExternalCollection, type Json } from './types.js';

// The contract's collections, and its record ids as payloads carry them (lower-case 24-hex). The
// fake spells the id itself, apart from the client's code, so that it checks what the client sends.
const COLLECTION = `(${EXTERNAL_COLLECTIONS.join('|')})`;
const whole = (pattern: string) => new RegExp(`^${pattern}$`, 'u');
const COLLECTION_PATH = whole(`/api/integration/${COLLECTION}`);
const RECORD_PATH = whole(`/api/integration/${COLLECTION}/([^/?]+)`);
const KEY = whole(`create-${COLLECTION}-([0-9a-f]{24})`);

export class EntityStore {
  /** Entities by `collection/externalId`. */
  readonly entities = new Map<string, Entity>();
  readonly notices: Json[] = [];
  /** Updates that arrived for an entity that was never created. */
  readonly updatesBeforeCreate: string[] = [];
  /** Creates answered from the Idempotency-Key (the entity existed already). */
  replays = 0;
  readonly #byKey = new Map<string, string>();
  #ids = 0;

  /** `collection/<record _id>` of the record a create or an update is about, when it can tell. */
  recordOf(method: string, path: string, headers: IncomingHttpHeaders): string | undefined {
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

  /** Handles one request: the status and the JSON body to answer. */
  handle(method: string, path: string, headers: IncomingHttpHeaders, body: Json): [number, Json] {
    if (method === 'POST' && path === '/api/integration/failures') {
      this.notices.push(body);
      return [200, { status: 'received' }];
    }
    const create = COLLECTION_PATH.exec(path);
    if (method === 'POST' && create) return this.#create(create[1] as ExternalCollection, headers, body);
    const update = RECORD_PATH.exec(path);
    if (method === 'PUT' && update) {
      const externalId = decodeURIComponent(update[2]!);
      const entity = this.entities.get(`${update[1]}/${externalId}`);
      if (!entity) {
        this.updatesBeforeCreate.push(`${method} ${path}`);
        return [404, { status: 'error', message: 'no such entity' }];
      }
      entity.state = applyMergePatch(structuredClone(entity.state), body);
      return [200, { status: 'success', data: { userId: externalId } }];
    }
    return [404, { status: 'error', message: `no route ${method} ${path}` }];
  }

  #create(collection: ExternalCollection, headers: IncomingHttpHeaders, body: Json): [number, Json] {
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
}
