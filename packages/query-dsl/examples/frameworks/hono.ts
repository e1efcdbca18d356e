import { Hono } from 'hono';
import { readBooks } from './books.js';

export const app = new Hono();
app.get('/books', (c) => {
  // Not c.req.query() (keeps the first of a repeated key) nor c.req.queries() (reads
  // `year[$gte]` and `select=title+year` its own way): the raw query string of the request's URL.
  const { status, body } = readBooks(new URL(c.req.url).search);
  return c.json(body, status === 200 ? 200 : 400);
});
