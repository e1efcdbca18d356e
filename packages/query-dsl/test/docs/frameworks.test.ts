/**
 * docs/frameworks.md: each common Node framework hands the raw query string to the reader, so a
 * repeated key, a bracket operator and a `+` read the same everywhere. The examples the page shows
 * are the files of examples/frameworks/, run here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBooks } from '../../examples/frameworks/books.js';
import { app as expressApp } from '../../examples/frameworks/express.js';
import { app as fastifyApp } from '../../examples/frameworks/fastify.js';
import { app as honoApp } from '../../examples/frameworks/hono.js';
import { app as koaApp } from '../../examples/frameworks/koa.js';
import { server as nodeServer } from '../../examples/frameworks/node-http.js';

const query = '?tags=sf&tags=humour&year[$gte]=1960&select=title+year';
const expected = {
  kind: 'find',
  filter: { tags: { $in: ['sf', 'humour'] }, year: { $gte: 1960 } },
  options: expect.objectContaining({ projection: { title: 1, year: 1 } }),
};

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  await fastifyApp.close();
});

/** Listens on a free loopback port and answers `GET /books<query>`, as JSON. */
async function getOver(server: Server, search = query): Promise<{ status: number; body: unknown }> {
  if (!server.listening) {
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  }
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/books${search}`);
  return { status: response.status, body: await response.json() };
}

describe('each framework reads repeated keys, bracket operators and `+` as the raw query string says', () => {
  it("Node's http: req.url", async () => {
    expect(await getOver(nodeServer)).toEqual({ status: 200, body: expected });
  });

  it('Express: req.originalUrl', async () => {
    const server = expressApp.listen(0, '127.0.0.1');
    expect(await getOver(server)).toEqual({ status: 200, body: expected });
  });

  it('Koa: ctx.querystring', async () => {
    const server = koaApp.listen(0, '127.0.0.1');
    expect(await getOver(server)).toEqual({ status: 200, body: expected });
  });

  it('Fastify: request.url', async () => {
    const response = await fastifyApp.inject({ method: 'GET', url: `/books${query}` });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 200, body: expected });
  });

  it('Hono: the search of c.req.url', async () => {
    const response = await honoApp.request(`/books${query}`);
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 200, body: expected });
  });

  it('answers 400 with the issues for a field the collection does not have', async () => {
    const response = await honoApp.request('/books?pages[$gt]=100');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([
      expect.objectContaining({ code: 'UNKNOWN_FIELD', param: 'pages' }),
    ]);
  });
});

describe("Hono's parsed accessors lose what the reader needs (why the guide reads the raw string)", () => {
  it('c.req.query() keeps the first of a repeated key', async () => {
    const probe = new (await import('hono')).Hono().get('/', (c) => c.json(c.req.query()));
    expect(await (await probe.request('/?tags=sf&tags=humour')).json()).toEqual({ tags: 'sf' });
  });

  it('c.req.queries() makes every value a list: one operand and one selection are refused', async () => {
    const probe = new (await import('hono')).Hono().get('/', (c) => c.json(readBooks(c.req.queries())));
    const response = await probe.request(`/${query}`);
    expect(await response.json()).toEqual({
      status: 400,
      body: [
        expect.objectContaining({
          code: 'INVALID_VALUE',
          param: 'year',
          message: 'year[$gte] takes one value.',
        }),
        expect.objectContaining({ code: 'INVALID_SELECT', param: 'select' }),
      ],
    });
  });
});

describe('docs/frameworks.md', () => {
  const page = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'frameworks.md'), 'utf8');
  const dir = join(import.meta.dirname, '..', '..', 'examples', 'frameworks');

  it('shows each example file as it is', () => {
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['books.ts', 'express.ts', 'fastify.ts', 'hono.ts', 'koa.ts', 'node-http.ts']);
    for (const file of files) {
      const code = readFileSync(join(dir, file), 'utf8').trimEnd();
      expect(page, file).toContain(`\`\`\`ts\n// examples/frameworks/${file}\n${code}\n\`\`\``);
    }
  });
});
