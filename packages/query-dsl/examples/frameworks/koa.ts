import Koa from 'koa';
import { readBooks } from './books.js';

export const app = new Koa();
app.use((ctx) => {
  // ctx.querystring is the raw query string (ctx.query is parsed by node:querystring).
  const { status, body } = readBooks(ctx.querystring);
  ctx.status = status;
  ctx.body = body;
});
