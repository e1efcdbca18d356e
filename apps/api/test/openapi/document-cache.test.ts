/**
 * The documentation's assets are cheap to ask for again: `/docs/json` and `/docs/yaml` are
 * serialized once and carry an ETag, and Swagger UI's static files carry one too, so a client that
 * already holds one sends `If-None-Match` and gets `304` with no body.
 */
import { describe, expect, it } from 'vitest';
import { build } from '../support/helper.js';

const t = await build();

describe.each([
  { url: '/docs/json', type: /^application\/json/u, document: () => JSON.stringify(t.app.swagger()) },
  { url: '/docs/yaml', type: /^application\/x-yaml/u, document: () => t.app.swagger({ yaml: true }) },
])('$url', ({ url, type, document }) => {
  it('is the OpenAPI document, with an ETag', async () => {
    const reply = await t.app.inject({ method: 'GET', url });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(type);
    expect(reply.headers.etag).toMatch(/^"[\w-]+"$/u);
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.body).toBe(document());
  });

  it('is 304 with no body for a client that holds it, and whole again for one that does not', async () => {
    const first = await t.app.inject({ method: 'GET', url });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': `W/${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"older"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });
});

describe("Swagger UI's static files", () => {
  it('are 304 with no body for a client that holds them', async () => {
    const url = '/docs/static/swagger-ui-bundle.js';
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
