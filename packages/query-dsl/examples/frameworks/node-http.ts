import { createServer } from 'node:http';
import { readBooks } from './books.js';

export const server = createServer((req, res) => {
  // req.url is the path and the raw query string, as sent.
  const url = req.url ?? '/';
  const { status, body } = readBooks(url.includes('?') ? url.slice(url.indexOf('?')) : '');
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
});
