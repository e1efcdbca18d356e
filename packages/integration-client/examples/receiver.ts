import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyMergePatch } from '@school/integration-client';
import { Webhook } from 'standardwebhooks';

/**
 * A minimal external system, in memory: it checks the token and the signature, creates a record
 * once per Idempotency-Key, applies an update to exactly the fields it names, and keeps failure
 * notices. `outage` makes it answer the next requests with 503, to show retries.
 */
export async function startExampleReceiver(options: { token: string; signingSecret: string }) {
  const webhook = new Webhook(options.signingSecret);
  const records = new Map<string, unknown>(); // external id -> record
  const createdByKey = new Map<string, string>(); // Idempotency-Key -> external id
  const failures: unknown[] = [];
  const state = { outage: 0 };

  const server = createServer(async (req, res) => {
    const reply = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const body = await readBody(req); // verify the exact bytes received, before parsing them
    if (state.outage > 0) {
      state.outage -= 1;
      return reply(503, { status: 'error', message: 'down for maintenance' });
    }
    if (req.headers.authorization !== `Bearer ${options.token}`) {
      return reply(401, { status: 'error', message: 'unknown token' });
    }
    let data: unknown;
    try {
      data = webhook.verify(body, req.headers as Record<string, string>); // also refuses stale timestamps
    } catch {
      return reply(401, { status: 'error', message: 'invalid signature' });
    }
    const [, api, integration, collection, externalId] = (req.url ?? '').split('/');
    if (api !== 'api' || integration !== 'integration') return reply(404, { status: 'error' });

    if (req.method === 'POST' && collection === 'failures') {
      failures.push(data);
      return reply(200, { status: 'received' });
    }
    if (req.method === 'POST' && externalId === undefined) {
      const key = String(req.headers['idempotency-key']);
      let id = createdByKey.get(key); // a repeated create gets the id it got the first time
      if (id === undefined) {
        id = randomUUID();
        createdByKey.set(key, id);
        records.set(id, data);
      }
      return reply(201, { status: 'created', data: collection === 'grades' ? { id } : { userId: id } });
    }
    if (req.method === 'PUT' && externalId !== undefined) {
      const id = decodeURIComponent(externalId);
      const record = records.get(id);
      if (record === undefined) return reply(404, { status: 'error', message: 'unknown id' });
      // Only the fields in the body change; null clears one. On MongoDB: toMongoUpdate(data).
      records.set(id, applyMergePatch(record, data));
      return reply(200, { status: 'updated', data: { userId: id } });
    }
    return reply(405, { status: 'error' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    records,
    failures,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
