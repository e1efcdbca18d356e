import express, { type Express } from 'express';
import { readBooks } from './books.js';

export const app: Express = express();
app.get('/books', (req, res) => {
  // Not req.query: Express has already parsed it with its own query parser and settings.
  const url = req.originalUrl;
  const { status, body } = readBooks(url.includes('?') ? url.slice(url.indexOf('?')) : '');
  res.status(status).json(body);
});
