/**
 * Which query inputs are read, and how anything else is named when it is refused. A `Map`,
 * `Headers`, a `Date` or any class instance has no enumerable keys of its own, so written back as
 * a query string it would read as an empty query and drop the caller's filters without a word.
 */

/** What a caller may hand over: a raw query string (with or without `?`), `URLSearchParams`, a `URL`, or a parsed object. */
export type QueryInput = string | URLSearchParams | URL | Readonly<Record<string, unknown>>;

/** The message of the `INVALID_VALUE` issue for an input that is none of those, naming what it is. */
export function refusedInputMessage(input: unknown): string {
  return `The query must be a query string, URLSearchParams, a URL or a plain object, got ${kindOf(input)}.`;
}

/**
 * A plain object: made by a literal, `Object.create(null)` (Node's and Fastify's query parsers)
 * or `JSON.parse`, in this realm or another (a prototype whose own prototype is null).
 */
export function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** `null`, `a number`, `an array`, `a Map`, `a Headers`, `a Date`, `an instance of Foo`. */
function kindOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  if (typeof input !== 'object') return typeof input === 'undefined' ? 'undefined' : article(typeof input);
  const name = constructorName(input);
  return name === undefined ? 'an object of an unknown kind' : article(name);
}

function constructorName(value: object): string | undefined {
  const tag: unknown = (value as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag];
  if (typeof tag === 'string' && tag !== '') return tag;
  const prototype: unknown = Object.getPrototypeOf(value);
  const maker: unknown =
    prototype && typeof prototype === 'object'
      ? Object.getOwnPropertyDescriptor(prototype, 'constructor')?.value
      : undefined;
  return typeof maker === 'function' && maker.name !== '' ? maker.name : undefined;
}

const article = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
