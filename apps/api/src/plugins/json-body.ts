import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BODY_SHAPE } from '../config/limits.js';
import { httpError } from '../errors/http-error.js';

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

const COMMA = 44;

/** The shape a JSON body may have before it is parsed: how deep, how many keys, how many items. */
export interface JsonShapeLimits {
  readonly depth: number;
  readonly keys: number;
  readonly items: number;
}

/**
 * What is wrong with the shape of `text`, or `undefined`: nesting deeper than `limits.depth`, an
 * object with more than `limits.keys` keys, an array with more than `limits.items` items. One pass
 * over the characters, brackets and commas inside strings ignored, stopping at the first problem;
 * it trusts nothing about the text being JSON (the parser that runs after it decides that), it only
 * bounds the work of that parser and of the validator: a 1 MiB `[[[[…` or an object of 100,000
 * keys is refused here, never handed to `JSON.parse`.
 */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits): string | undefined {
  // Per open container: whether it is an object, and how many commas it holds directly.
  const isObject = new Uint8Array(limits.depth + 2);
  const commas = new Uint32Array(limits.depth + 2);
  let depth = 0;
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
      if (depth > limits.depth)
        return `The body nests arrays and objects deeper than ${limits.depth} levels.`;
      isObject[depth] = code === OPEN_BRACE ? 1 : 0;
      commas[depth] = 0;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    } else if (code === COMMA && depth > 0) {
      const entries = ++commas[depth]! + 1;
      if (isObject[depth] === 1 && entries > limits.keys)
        return `An object of the body has more than ${limits.keys} keys.`;
      if (isObject[depth] === 0 && entries > limits.items)
        return `An array of the body has more than ${limits.items} items.`;
    }
  }
  return undefined;
}

/**
 * `application/json` bodies: the shape is checked first (`BODY_TOO_COMPLEX` past `BODY_SHAPE`),
 * then Fastify's own parser reads the text (an empty or broken body `VALIDATION_FAILED`, and so is
 * a prototype key, named as such). `bodyLimit` still applies before any of it.
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
    const parse = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      const problem = jsonShapeProblem(text, BODY_SHAPE);
      if (problem) {
        done(
          httpError('BODY_TOO_COMPLEX', `${problem} No body the service takes has that shape.`, 'body'),
          undefined,
        );
        return;
      }
      parse(request, text, (error, body) => {
        // The parser refuses a prototype key as "not valid JSON": say what it really refused.
        const key = error ? prototypeKey(text) : undefined;
        if (key) done(prototypeKeyError(key), undefined);
        else done(error, body);
      });
    });
  },
  { name: 'json-body' },
);

/**
 * Where a JSON text holds a key Fastify's parser refuses because it could reach an object's
 * prototype — `__proto__`, or `constructor` holding `prototype` — as a dotted path; `undefined` if
 * none does or the text is not JSON. Called only for a text the parser refused, and only after the
 * shape check, so the walk is bounded by `BODY_SHAPE`.
 */
export function prototypeKey(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return findPrototypeKey(value, '');
}

function findPrototypeKey(value: unknown, path: string): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key === '__proto__') return at;
    if (
      key === 'constructor' &&
      child !== null &&
      typeof child === 'object' &&
      Object.hasOwn(child, 'prototype')
    )
      return `${at}.prototype`;
    const found = findPrototypeKey(child, at);
    if (found) return found;
  }
  return undefined;
}

function prototypeKeyError(path: string) {
  const what = path.endsWith('__proto__') ? 'a "__proto__" key' : 'a "constructor" key holding "prototype"';
  return httpError(
    'VALIDATION_FAILED',
    `The body has ${what} (${path}), which could change the prototype of the objects built from it; no field has that name, remove it.`,
    path,
  );
}
