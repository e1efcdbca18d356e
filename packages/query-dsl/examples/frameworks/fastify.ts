import Fastify from 'fastify';
import { readBooks } from './books.js';

export const app = Fastify();
app.get('/books', async (request, reply) => {
  // Not request.query: Fastify has already parsed it (node:querystring, no brackets).
  const url = request.url;
  const { status, body } = readBooks(url.includes('?') ? url.slice(url.indexOf('?')) : '');
  return reply.code(status).send(body);
});
