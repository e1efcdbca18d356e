// An application of the packed @school/query-dsl, as CommonJS (app.mjs is the same as ESM): a Hono app and an Express app hand the
// raw query string to the reader, as packages/query-dsl/docs/frameworks.md
// recommends. Prints, as JSON, which build it
// loaded, a fold, and each app's answer to every query string given as an argument.
const { once } = require('node:events');
const { createQueryDsl, defineCollection, foldText, toMongo } = require('@school/query-dsl');
const express = require('express');
const { Hono } = require('hono');

const books = defineCollection('books', {
  schema: {
    type: 'object',
    properties: {
      title: { type: 'string' },
      year: { type: 'integer' },
      tags: { type: 'array', items: { type: 'string' } },
    },
  },
});
const dsl = createQueryDsl({ collections: [books] });

function readBooks(search) {
  const result = dsl.parse('books', search);
  return result.ok ? { status: 200, body: toMongo(result.plan).read } : { status: 400, body: result.issues };
}

const hono = new Hono();
hono.get('/books', (c) => {
  const { status, body } = readBooks(new URL(c.req.url).search);
  return c.json(body, status);
});

const app = express();
app.get('/books', (req, res) => {
  const url = req.originalUrl;
  const { status, body } = readBooks(url.includes('?') ? url.slice(url.indexOf('?')) : '');
  res.status(status).json(body);
});

async function main() {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const answers = [];
  for (const query of process.argv.slice(2)) {
    const fromHono = await hono.request(`/books${query}`);
    const fromExpress = await fetch(`http://127.0.0.1:${server.address().port}/books${query}`);
    answers.push({
      query,
      hono: { status: fromHono.status, body: await fromHono.json() },
      express: { status: fromExpress.status, body: await fromExpress.json() },
    });
  }
  server.close();
  const entry = require.resolve('@school/query-dsl');
  console.log(JSON.stringify({ entry, fold: foldText('Stanisław Москва 中文'), answers }));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
