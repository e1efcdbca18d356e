/**
 * `dsl.parse` on untrusted input: it never throws, answers with a plan or with issues, every
 * issue is well-formed, and nothing it reads can reach `Object.prototype`.
 */
import { ISSUE_CODES, type ParseResult, type QueryInput, RESERVED_PARAMS } from '@school/query-dsl';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anyText,
  baseFilterOption,
  collectionName,
  hostileKey,
  hostileQuery,
  hostileValue,
} from '../support/arbitraries.js';
import { dsl } from '../support/school-collections.js';

/** 300 runs by default; `PROPERTY_RUNS=5000` to hunt harder. */
const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) };

/** The result is a plan or a non-empty list of issues, each with a known code, a message and a param. */
function expectWellFormed(result: ParseResult): void {
  if (result.ok) {
    expect(result.plan).toBeDefined();
    return;
  }
  expect(result.issues.length).toBeGreaterThan(0);
  for (const issue of result.issues) {
    expect(Object.hasOwn(ISSUE_CODES, issue.code), `unknown code ${issue.code}`).toBe(true);
    expect(typeof issue.message).toBe('string');
    expect(issue.message.trim().length, `empty message for ${issue.code}`).toBeGreaterThan(0);
    // A string; it may be empty when the offending key itself is empty (`__sort={"":"asc"}`).
    expect(typeof issue.param).toBe('string');
  }
}

const codesOf = (result: Extract<ParseResult, { ok: false }>) => result.issues.map((issue) => issue.code);

const prototypeSnapshot = () => Object.getOwnPropertyNames(Object.prototype).sort();

describe('dsl.parse on untrusted input', { timeout: Math.max(10_000, RUNS.numRuns * 10) }, () => {
  it('never throws on any text, and answers with a plan or well-formed issues', () => {
    fc.assert(
      fc.property(collectionName, anyText, (collection, text) => {
        expectWellFormed(dsl.parse(collection, text));
      }),
      RUNS,
    );
  });

  it('never throws on hostile query strings, with or without a base filter', () => {
    fc.assert(
      fc.property(collectionName, hostileQuery, fc.option(baseFilterOption), (collection, query, option) => {
        expectWellFormed(dsl.parse(collection, query, option ? { baseFilter: option.baseFilter } : {}));
      }),
      RUNS,
    );
  });

  it('never throws on a reserved parameter with any value, given once or several times', () => {
    const reserved = fc.constantFrom(...RESERVED_PARAMS);
    fc.assert(
      fc.property(
        collectionName,
        fc.array(fc.tuple(reserved, hostileValue, fc.option(hostileKey)), { minLength: 1, maxLength: 4 }),
        (collection, entries) => {
          const query = entries
            .map(([key, value, inner]) => `${key}${inner ? `[${inner}]` : ''}=${encodeURIComponent(value)}`)
            .join('&');
          expectWellFormed(dsl.parse(collection, query));
        },
      ),
      RUNS,
    );
  });

  it('never throws on URLSearchParams and on parsed objects of any shape', () => {
    const input = fc.oneof(
      fc
        .array(fc.tuple(hostileKey, hostileValue), { maxLength: 6 })
        .map((pairs) => new URLSearchParams(pairs)),
      fc.dictionary(hostileKey, fc.oneof(hostileValue, fc.array(hostileValue, { maxLength: 3 })), {
        maxKeys: 6,
      }),
      fc.object({ maxDepth: 4 }),
      fc.anything({ maxDepth: 3, withNullPrototype: true, withBigInt: true, withDate: true, withMap: true }),
    );
    fc.assert(
      fc.property(collectionName, input, (collection, value) => {
        expectWellFormed(dsl.parse(collection, value as QueryInput));
      }),
      RUNS,
    );
  });

  it('answers INVALID_SORT, without throwing, for a sort order that is an object', () => {
    for (const query of ['__sort[user.name][x]=asc', '__sort={"_id":{"toString":0}}']) {
      const result = dsl.parse('students', query);
      expect(result.ok ? [] : codesOf(result)).toEqual(['INVALID_SORT']);
    }
  });

  it('answers INVALID_VALUE, without throwing, for an object where text is expected', () => {
    for (const query of [
      'user.name=[{"toString":0}]',
      'user.name={"$eq":{"toString":0}}',
      'elemMatch={"property":"addresses","parameters":{"name":{"$ne":{"toString":0}}}}',
    ]) {
      const result = dsl.parse('students', query);
      expect(result.ok ? [] : codesOf(result)).toEqual(['INVALID_VALUE']);
    }
  });

  it('answers with issues, without throwing, for an object input holding an invalid Date', () => {
    const result = dsl.parse('students', { created_at: new Date(Number.NaN) });
    expect(result.ok).toBe(false);
  });

  it('leaves Object.prototype as it was, whatever the keys', () => {
    const before = prototypeSnapshot();
    fc.assert(
      fc.property(collectionName, hostileQuery, (collection, query) => {
        dsl.parse(collection, query);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(prototypeSnapshot()).toEqual(before);
      }),
      RUNS,
    );
  });

  it('reads the same query the same way every time', () => {
    fc.assert(
      fc.property(collectionName, hostileQuery, (collection, query) => {
        const first = dsl.parse(collection, query);
        const second = dsl.parse(collection, query);
        expect(second.ok).toBe(first.ok);
        if (!first.ok && !second.ok) expect(second.issues).toEqual(first.issues);
      }),
      { numRuns: Math.ceil(RUNS.numRuns / 3) },
    );
  });
});
