/**
 * `/docs/json` and `/docs/yaml` serialized once per app, with an ETag: Swagger UI's own routes
 * serialize the whole document on every request (tens of milliseconds of CPU for half a megabyte,
 * several times that for YAML), which anyone may ask for without a token. A client that already
 * holds the document sends `If-None-Match` and gets `304` with no body.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

interface Serialized {
  readonly text: string;
  readonly etag: string;
  readonly type: string;
}

type Format = 'json' | 'yaml';

/** Per app (its `swagger` decorator, shared by every scope of one app), per format. */
const documents = new WeakMap<object, Map<Format, Serialized>>();

/** An `onRequest` hook for Swagger UI's routes: answers the document's two routes from the cache. */
export async function cachedDocument(
  this: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const format = formatOf(request.routeOptions.url);
  if (format === undefined) return;
  const document = serialized(this, format);
  // Revalidated on each use (no-cache): the document changes when the service is upgraded.
  reply.header('etag', document.etag).header('cache-control', 'no-cache');
  if (matches(request.headers['if-none-match'], document.etag)) return reply.code(304).send();
  return reply.type(document.type).send(document.text);
}

function formatOf(url: string | undefined): Format | undefined {
  if (url?.endsWith('/json')) return 'json';
  if (url?.endsWith('/yaml')) return 'yaml';
  return undefined;
}

function serialized(app: FastifyInstance, format: Format): Serialized {
  const key = app.swagger;
  const known = documents.get(key) ?? new Map<Format, Serialized>();
  documents.set(key, known);
  const cached = known.get(format);
  if (cached) return cached;
  const text = format === 'json' ? JSON.stringify(app.swagger()) : app.swagger({ yaml: true });
  const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"`;
  const document = {
    text,
    etag,
    type: format === 'json' ? 'application/json; charset=utf-8' : 'application/x-yaml',
  };
  known.set(format, document);
  return document;
}

/** `If-None-Match`: `*` or a list of tags, weak (`W/`) or strong, compared weakly as a GET may. */
function matches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//u, '') === etag;
  });
}
