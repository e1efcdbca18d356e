/**
 * Limits on untrusted input (docs/query-conventions.md): each one exceeded is a clear QUERY_TOO_COMPLEX, never a
 * silent truncation; each one reached exactly is still accepted.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { codes, conformanceEngines, namesFor, rejected, students } from '../support/conformance.js';
import { seed } from '../support/dataset.js';

const engines = await conformanceEngines('limits');
const list = (count: number, item: (i: number) => string) => Array.from({ length: count }, (_, i) => item(i));

describe.each(engines)('limits on $name', ({ db }) => {
  beforeAll(() => seed(db));

  it('a query string of 8 KiB is read, one byte more is QUERY_TOO_COMPLEX', async () => {
    expect(await namesFor(db, `user.name=${'a'.repeat(8192 - 'user.name='.length)}`)).toEqual([]);
    expect(codes(await rejected(db, `user.name=${'a'.repeat(8193 - 'user.name='.length)}`))).toEqual([
      ['QUERY_TOO_COMPLEX', 'query'],
    ]);
  });

  it('bytes are counted, not characters', async () => {
    const accented = 'á'.repeat(4100); // 8200 bytes in UTF-8
    expect(codes(await rejected(db, `user.name=${accented}`))).toEqual([['QUERY_TOO_COMPLEX', 'query']]);
  });

  it('JSON nested deeper than 8 is QUERY_TOO_COMPLEX', async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}true${']'.repeat(depth)}`;
    const elemMatch = (depth: number) =>
      `elemMatch={"property":"years","parameters":{"enrolled":${nested(depth)}}}`;
    expect(codes(await rejected(db, elemMatch(6)))).toEqual([['INVALID_VALUE', 'years.enrolled']]);
    expect(codes(await rejected(db, elemMatch(7)))).toEqual([['QUERY_TOO_COMPLEX', 'elemMatch']]);
  });

  it('bracket keys nested deeper than 8 are QUERY_TOO_COMPLEX', async () => {
    expect(codes(await rejected(db, 'user[a][b][c][d][e][f][g][h]=1'))).toEqual([
      ['UNKNOWN_FIELD', 'user.a.b.c.d.e.f.g.h'],
    ]);
    expect(codes(await rejected(db, 'user[a][b][c][d][e][f][g][h][i]=1'))).toEqual([
      ['QUERY_TOO_COMPLEX', 'query'],
    ]);
  });

  it('more than 50 filter keys is QUERY_TOO_COMPLEX', async () => {
    expect(codes(await rejected(db, list(51, (i) => `f${i}=1`).join('&')))).toEqual([
      ['QUERY_TOO_COMPLEX', 'query'],
    ]);
    expect((await rejected(db, list(50, (i) => `f${i}=1`).join('&'))).map((issue) => issue.code)).toEqual(
      list(50, () => 'UNKNOWN_FIELD'),
    );
  });

  it('a list of more than 100 values is QUERY_TOO_COMPLEX, in every form', async () => {
    const names = (count: number) => JSON.stringify(list(count, (i) => `n${i}`));
    expect(await namesFor(db, `user.name[$in]=${names(100)}`)).toEqual([]);
    expect(codes(await rejected(db, `user.name[$in]=${names(101)}`))).toEqual([
      ['QUERY_TOO_COMPLEX', 'user.name'],
    ]);
    expect(codes(await rejected(db, `user.name={"$nin":${names(101)}}`))).toEqual([
      ['QUERY_TOO_COMPLEX', 'user.name'],
    ]);
    expect(codes(await rejected(db, list(101, (i) => `user.name=n${i}`).join('&')))).toEqual([
      ['QUERY_TOO_COMPLEX', 'query'],
    ]);
    expect(codes(await rejected(db, list(101, (i) => `user.name[$in][]=n${i}`).join('&')))).toEqual([
      ['QUERY_TOO_COMPLEX', 'query'],
    ]);
  });

  it('a repeated key of 100 values is read as $in', async () => {
    const query = [...list(98, (i) => `user.name=n${i}`), 'user.name=Lucas', 'user.name=Diego'].join('&');
    expect(await namesFor(db, query)).toEqual(students(8, 13));
  });
});
