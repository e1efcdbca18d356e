import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from '../errors.js';
import { MAX_BODY_DEPTH } from '../limits.js';

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/**
 * How deeply `text`'s arrays and objects nest, reading no further than the first point deeper than
 * `limit`: one pass over the characters, brackets inside strings ignored. It trusts nothing about
 * the text being JSON (the parser that runs after it decides that), it only bounds the work of that
 * parser and of the validator: a 1 MiB `[[[[…` is refused here, never handed to `JSON.parse`.
 * @returns the depth found, or `limit + 1` as soon as the text goes deeper than `limit`.
 */
export function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return deepest;
}

/**
 * `application/json` bodies: the nesting depth is checked first (`BODY_TOO_DEEP` past
 * `MAX_BODY_DEPTH`), then Fastify's own parser reads the text (prototype keys refused, an empty or
 * broken body `VALIDATION_FAILED`). `bodyLimit` still applies before any of it.
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
    const parse = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (nestingDepth(text, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
        done(
          httpError(
            'BODY_TOO_DEEP',
            `The body nests arrays and objects deeper than ${MAX_BODY_DEPTH} levels; no collection's fields go that deep.`,
            'body',
          ),
          undefined,
        );
        return;
      }
      parse(request, text, done);
    });
  },
  { name: 'json-body' },
);
