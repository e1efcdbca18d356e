import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { parseFlatQuery } from '../../src/parse/flat-query.js';

const QS_OPTIONS = {
  ignoreQueryPrefix: true,
  allowDots: false,
  plainObjects: true,
  arrayLimit: 100,
  parameterLimit: 1000,
  depth: 8,
  duplicates: 'combine',
} as const;

const piece = fc.oneof(
  fc.constantFrom(
    'a',
    'user.name',
    'x',
    '%20',
    '+',
    '%2B',
    '%',
    '%E0%A4%A',
    '=',
    '"',
    '{',
    '}',
    '$gt',
    'é',
    '%C3%A9',
    '..',
    '0',
  ),
  fc.string({ maxLength: 4 }),
);
const part = fc
  .array(piece, { maxLength: 4 })
  .map((pieces) => pieces.join('').replaceAll('&', '').replaceAll('[', '').replaceAll(']', ''));
const key = fc.oneof(
  part,
  fc
    .tuple(
      fc.constantFrom('a', 'user.name', '__sort', 'x', '__proto__', 'constructor'),
      fc.constantFrom(
        '$gt',
        'b',
        'user.surname',
        '0',
        '',
        '$in][',
        'c',
        '__proto__',
        'constructor',
        'hasOwnProperty',
      ),
    )
    .map(([base, inner]) => `${base}[${inner}]`),
  fc
    .tuple(fc.constantFrom('a', 'x'), fc.constantFrom('%5Bb%5D', '%5B%24gt%5D', '[b][c]', '[]'))
    .map(([base, rest]) => base + rest),
);
const flatQuery = fc
  .array(fc.tuple(key, fc.option(part, { nil: undefined })), { maxLength: 8 })
  .map((pairs) => pairs.map(([name, value]) => (value === undefined ? name : `${name}=${value}`)).join('&'));

describe('the flat query reader', () => {
  it('reads what qs reads for every query string it accepts', () => {
    fc.assert(
      fc.property(fc.boolean(), flatQuery, (prefix, query) => {
        const text = `${prefix ? '?' : ''}${query}`;
        const flat = parseFlatQuery(text, 1000, 100);
        if (flat === undefined) return; // deeper brackets: qs reads it
        if (typeof flat === 'string') throw new Error(`limit ${flat} for ${text}`);
        // Where the reader deliberately differs from qs: `__proto__` is kept (to be reported, qs
        // drops it) and a key used plainly and with brackets keeps both (qs merges them).
        if (text.includes('__proto__') || [...flat.values()].some(mixesForms)) return;
        expect(plain(Object.fromEntries(flat as Map<string, unknown>))).toEqual(
          plain(qs.parse(text, QS_OPTIONS)),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('reads one level of brackets, plain or encoded', () => {
    expect(
      plain(
        Object.fromEntries(
          parseFlatQuery('__sort[name]=asc&a%5B%24gt%5D=2', 1000, 100) as Map<string, unknown>,
        ),
      ),
    ).toEqual({
      __sort: { name: 'asc' },
      a: { $gt: '2' },
    });
  });

  it('leaves deeper, empty and numeric brackets to qs', () => {
    expect(parseFlatQuery('a[b][c]=1', 1000, 100)).toBeUndefined();
    expect(parseFlatQuery('a[]=1', 1000, 100)).toBeUndefined();
    expect(parseFlatQuery('a[0]=1', 1000, 100)).toBeUndefined();
  });

  it('keeps the plain values and the bracket keys of a key used both ways, in order', () => {
    const read = (text: string) =>
      plain(Object.fromEntries(parseFlatQuery(text, 1000, 100) as Map<string, unknown>));
    expect(read('a=1&a=2&a[$ne]=2')).toEqual({ a: ['1', '2', { $ne: '2' }] });
    expect(read('a[$gt]=0&a=1&a[$lt]=5')).toEqual({ a: [{ $gt: '0', $lt: '5' }, '1'] });
  });

  it('keeps __proto__ as an ordinary key, for the caller to refuse', () => {
    const read = parseFlatQuery('__proto__[school]=x&select[__proto__]=1', 1000, 100) as Map<string, unknown>;
    expect(JSON.stringify(plain(Object.fromEntries(read)))).toBe(
      '{"__proto__":{"school":"x"},"select":{"__proto__":"1"}}',
    );
    expect(({} as Record<string, unknown>).school).toBeUndefined();
  });

  it('keeps brackets in values, which are JSON', () => {
    expect(
      Object.fromEntries(parseFlatQuery('a=%5B%221%22%5D&a=2', 1000, 100) as Map<string, unknown>),
    ).toEqual({
      a: ['["1"]', '2'],
    });
  });

  it('reports its limits instead of truncating', () => {
    expect(parseFlatQuery('a=1&b=2&c=3', 2, 100)).toBe('parameters');
    expect(parseFlatQuery('a=1&a=2&a=3', 1000, 2)).toBe('list');
  });
});

function mixesForms(value: unknown): boolean {
  return Array.isArray(value) && value.some((item) => typeof item === 'object');
}

/** Null-prototype objects (qs's and ours) as plain ones, so equality compares content only. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, plain(child)]));
  }
  return value;
}
