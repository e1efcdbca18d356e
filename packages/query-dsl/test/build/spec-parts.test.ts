import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import {
  conditionForm,
  elemMatchOf,
  operandOf,
  populateOf,
  selectionsOf,
} from '../../src/build/spec-parts.js';

describe('the form a filter condition takes in the query string', () => {
  const id = new ObjectId('64b7f0c2a1b2c3d4e5f60718');
  const cases: Array<[string, unknown, string]> = [
    ['undefined', undefined, 'none'],
    ['text', 'Ana', 'value'],
    ['a number', 7, 'value'],
    ['null', null, 'value'],
    ['a date', new Date(0), 'value'],
    ['an identifier', id, 'value'],
    ['a list', ['a'], 'json'],
    ['an empty list', [], 'json'],
    ['supported operators', { $gte: 1, $in: ['a'], $exists: true, $eq: id }, 'operators'],
    ['operators whose operands are all undefined', { $gte: undefined }, 'none'],
    ['an empty object', {}, 'none'],
    ['an undefined operand beside a defined one', { $lt: undefined, $gt: 1 }, 'operators'],
    ['an unknown operator', { $regex: 'a' }, 'json'],
    ['a field name', { name: 'a' }, 'json'],
    ['a list operator without a list', { $in: 'a' }, 'json'],
    ['an object as an operand', { $gte: { a: 1 } }, 'json'],
    ['a list as a comparison operand', { $eq: ['a'] }, 'json'],
  ];
  for (const [what, condition, form] of cases) {
    it(`${what}: ${form}`, () => expect(conditionForm(condition)).toBe(form));
  }

  it('reads an operand only of an object of operators, and only its own', () => {
    expect(operandOf({ $gte: 1 }, '$gte')).toBe(1);
    expect(operandOf({ $gte: 1 }, '$lt')).toBeUndefined();
    expect(operandOf(Object.create({ $gte: 1 }), '$gte')).toBeUndefined();
    expect(operandOf('$gte', 'length')).toBeUndefined();
    expect(operandOf(new Date(0), 'getTime')).toBeUndefined();
  });
});

describe('the parts of a description as the parser takes them', () => {
  it('makes one select object per form, _id: 0 for withoutId', () => {
    expect(selectionsOf({})).toEqual([]);
    expect(selectionsOf({ select: ['a', 'b'] })).toEqual([{ a: 1, b: 1 }]);
    expect(selectionsOf({ withoutId: true })).toEqual([{ _id: 0 }]);
    expect(selectionsOf({ select: ['a', '_id'], withoutId: true })).toEqual([{ a: 1, _id: 0 }]);
    expect(selectionsOf({ exclude: ['a'] })).toEqual([{ a: 0 }]);
    expect(selectionsOf({ select: ['a'], exclude: ['b'] })).toEqual([{ a: 1 }, { b: 0 }]);
  });

  it('joins populate field lists with spaces, and hands text lists back as they are', () => {
    const text = { school: 'name' };
    expect(populateOf(text)).toBe(text);
    expect(populateOf({ school: ['name', 'code'], parents: 'user.name' })).toEqual({
      school: 'name code',
      parents: 'user.name',
    });
    const withPrototypeKey = populateOf(JSON.parse('{"a": [], "__proto__": ["x"]}'));
    expect(Object.keys(withPrototypeKey)).toEqual(['a', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(withPrototypeKey, '__proto__')?.value).toBe('x');
  });

  it('gives elemMatch as one entry or a list, each with its property and parameters only', () => {
    // What a caller without types may pass.
    const of = (elemMatch: unknown) => elemMatchOf({ elemMatch } as Parameters<typeof elemMatchOf>[0]);
    expect(elemMatchOf({})).toBeUndefined();
    expect(of([])).toBeUndefined();
    const entry = { property: 'years', parameters: { enrolled: true } };
    expect(of([{ ...entry, extra: 1 }])).toEqual(entry);
    expect(of([entry, entry])).toEqual([entry, entry]);
    // Anything else is handed on as it is, for the reader to refuse.
    const loose: unknown[] = [null, 'years', { property: 'years' }, { parameters: {} }];
    expect(of(loose)).toEqual(loose);
    expect(of(entry)).toBe(entry);
  });
});
