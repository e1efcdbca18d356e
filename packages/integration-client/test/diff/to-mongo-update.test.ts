import { describe, expect, it } from 'vitest';
import { toMongoUpdate } from '../../src/diff/to-mongo-update.js';
import { InvalidPayloadError } from '../../src/errors/errors.js';

describe('toMongoUpdate', () => {
  it.each([
    [{ name: 'Ana' }, { $set: { name: 'Ana' } }],
    [{ email: null }, { $unset: { email: '' } }],
    [
      { metadata: { school: '65f0c2a1b4d3e2f1a0b9c8d7' }, second_name: null },
      { $set: { 'metadata.school': '65f0c2a1b4d3e2f1a0b9c8d7' }, $unset: { second_name: '' } },
    ],
    [{ parents: ['a', 'b'] }, { $set: { parents: ['a', 'b'] } }],
    [{ parents: [] }, { $set: { parents: [] } }],
    [{ a: { b: { c: 1, d: null } } }, { $set: { 'a.b.c': 1 }, $unset: { 'a.b.d': '' } }],
    [{}, {}],
    [{ a: {} }, {}],
  ])('%j -> %j', (patch, update) => {
    expect(toMongoUpdate(patch)).toEqual(update);
  });

  it('puts the fields under a prefix', () => {
    expect(toMongoUpdate({ name: 'Ana', email: null }, { prefix: 'integration.payload' })).toEqual({
      $set: { 'integration.payload.name': 'Ana' },
      $unset: { 'integration.payload.email': '' },
    });
  });

  it.each(['$x', 'a..b', 'a.$b', '.a'])('rejects the prefix %j', (prefix) => {
    expect(() => toMongoUpdate({ a: 1 }, { prefix })).toThrow(InvalidPayloadError);
  });

  it.each([{ $set: { a: 1 } }, { a: { 'b.c': 1 } }, { a: { $inc: 1 } }])('rejects %j', (patch) => {
    expect(() => toMongoUpdate(patch)).toThrow(/must not (start with "\$"|contain ".")/);
  });

  it('rejects a patch that is not an object', () => {
    expect(() => toMongoUpdate(['a'])).toThrow(InvalidPayloadError);
  });
});
