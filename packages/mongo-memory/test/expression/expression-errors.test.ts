/**
 * An expression that fails inside mingo's evaluation has no MongoDB code here (MongoDB raises a
 * location code per check): the engine refuses it by name rather than answer a generic code 2.
 * Errors the engine raises itself keep MongoDB's code.
 */
import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { MemoryEngineUnsupportedError, UNSUPPORTED_CODE } from '../../src/index.js';
import { enginesFor, fresh } from '../support/helpers.js';

const engines = await enginesFor('expression_errors');

describe.each(engines)('failing expressions on $name', ({ db, inProcess }) => {
  it('refuses $add of a string by name here, and fails with a server error on MongoDB', async () => {
    const c = await fresh(db, [{ _id: 1, a: 'x' }]);
    const error = await c
      .aggregate([{ $project: { v: { $add: ['$a', 1] } } }])
      .toArray()
      .catch((e: unknown) => e);
    if (inProcess) {
      expect(error).toBeInstanceOf(MemoryEngineUnsupportedError);
      expect(error).not.toBeInstanceOf(MongoServerError);
      expect(error).toMatchObject({ code: UNSUPPORTED_CODE });
      expect((error as Error).message).toContain('$add expression must resolve to array of numbers');
    } else {
      expect(error).toBeInstanceOf(MongoServerError);
    }
  });

  it('fails in a $group accumulator argument the same way', async () => {
    const c = await fresh(db, [{ _id: 1, a: 'x' }]);
    const error = await c
      .aggregate([{ $group: { _id: null, v: { $push: { $abs: '$a' } } } }])
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(inProcess ? MemoryEngineUnsupportedError : MongoServerError);
  });

  it('keeps MongoDB’s code for the checks the engine makes itself ($size of a string: 17124)', async () => {
    const c = await fresh(db, [{ _id: 1, a: 'x' }]);
    await expect(c.aggregate([{ $project: { v: { $size: '$a' } } }]).toArray()).rejects.toMatchObject({
      code: 17124,
    });
  });
});
