/**
 * Numbers are finite, in bodies and in query values: JSON's `1e400` parses as Infinity, which would
 * be stored as Infinity, shown as `null` and matched by `$gt 1e300`.
 */
import { describe, expect, it } from 'vitest';
import { build, expectError, expectOk } from '../support/helper.js';

const t = await build();
const { A } = await t.seed();

const postYear = (json: string) =>
  t.request('POST', '/api/years', { payload: json, headers: { 'content-type': 'application/json' } });

describe('a number past the largest double', () => {
  it.each([
    ['1e400', 'passing_score'],
    ['-1e400', 'base_score'],
    ['1e999', 'score_decimals'],
  ])('in a body (%s) is VALIDATION_FAILED naming the field, and nothing is stored', async (number, field) => {
    const reply = await postYear(`{"school":"${A.school}","name":"2031","${field}":${number}}`);
    const error = expectError(reply, 400, 'VALIDATION_FAILED');
    expect(error.param).toBe(field);
    expect(error.message).toBe(
      `${field} must be a finite ${field === 'score_decimals' ? 'integer' : 'number'}.`,
    );
    expect(await t.db.collection('years').countDocuments({ name: '2031' })).toBe(0);
  });

  it('in an update body is refused and the stored value stays', async () => {
    const created = expectOk(
      await postYear(`{"school":"${A.school}","name":"2032","passing_score":60}`),
      201,
    );
    const reply = await t.request('PUT', `/api/years/${created._id}`, {
      payload: '{"passing_score":1e400}',
      headers: { 'content-type': 'application/json' },
    });
    expect(expectError(reply, 400, 'VALIDATION_FAILED').param).toBe('passing_score');
    expect(await t.db.collection('years').findOne({ name: '2032' })).toMatchObject({ passing_score: 60 });
  });

  it('in a query value is INVALID_VALUE naming the param', async () => {
    for (const query of ['passing_score=1e400', 'passing_score[$gt]=-1e400', 'passing_score={"$lt":1e400}']) {
      const error = expectError(await t.get(`/api/years?${encodeURI(query)}`), 400, 'INVALID_VALUE');
      expect(error.param, query).toBe('passing_score');
      expect(error.message, query).toContain('finite number');
    }
  });

  it('the largest finite numbers are still taken', async () => {
    const json = `{"school":"${A.school}","name":"2033","passing_score":1.7976931348623157e308}`;
    expect(expectOk(await postYear(json), 201).passing_score).toBe(Number.MAX_VALUE);
  });
});
