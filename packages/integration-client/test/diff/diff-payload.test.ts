import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { diffPayload } from '../../src/diff/diff-payload.js';
import { InvalidPayloadError } from '../../src/errors/errors.js';

const school = '65f0c2a1b4d3e2f1a0b9c8d7';
const otherSchool = '65f0c2a1b4d3e2f1a0b9c8d8';
const user = '65f0c2a1b4d3e2f1a0b9c8d9';
const acked = {
  name: 'Ana',
  second_name: 'María',
  surname: 'Pérez',
  email: 'ana@colegio.edu.ec',
  parents: ['65f0c2a1b4d3e2f1a0b9c8e1', '65f0c2a1b4d3e2f1a0b9c8e2'],
  metadata: { role: 'student', school, user },
};

describe('diffPayload', () => {
  it('gives undefined when nothing changed (so no request is sent)', () => {
    expect(diffPayload(acked, structuredClone(acked))).toBeUndefined();
  });

  it('ignores the order of keys', () => {
    const { metadata, ...rest } = acked;
    expect(diffPayload(acked, { metadata: { user, school, role: 'student' }, ...rest })).toBeUndefined();
  });

  it('sends only the changed top-level fields', () => {
    expect(diffPayload(acked, { ...acked, name: 'Ana Lucía', surname: 'Pérez' })).toEqual({
      name: 'Ana Lucía',
    });
  });

  it('sends a nested object by its changed leaves only', () => {
    expect(diffPayload(acked, { ...acked, metadata: { ...acked.metadata, school: otherSchool } })).toEqual({
      metadata: { school: otherSchool },
    });
  });

  it('sends an array whole when anything in it changed', () => {
    const parents = [acked.parents[0]!, '65f0c2a1b4d3e2f1a0b9c8e3'];
    expect(diffPayload(acked, { ...acked, parents })).toEqual({ parents });
    expect(diffPayload(acked, { ...acked, parents: [] })).toEqual({ parents: [] });
    expect(diffPayload(acked, { ...acked, parents: [...acked.parents].reverse() })).toEqual({
      parents: [...acked.parents].reverse(),
    });
  });

  it('sends a field that has no value any more as null (absent, undefined, null or empty object)', () => {
    const { second_name: _, ...withoutSecondName } = acked;
    expect(diffPayload(acked, withoutSecondName)).toEqual({ second_name: null });
    expect(diffPayload(acked, { ...acked, email: undefined })).toEqual({ email: null });
    expect(diffPayload(acked, { ...acked, email: null })).toEqual({ email: null });
    expect(diffPayload({ a: { b: 1 } }, { a: {} })).toEqual({ a: null });
    expect(diffPayload({ a: { b: 1, c: 2 } }, { a: { c: 2 } })).toEqual({ a: { b: null } });
  });

  it('sends a new field whole, and a value that changed type whole', () => {
    expect(diffPayload({ a: 1 }, { a: 1, b: { c: [1] } })).toEqual({ b: { c: [1] } });
    expect(diffPayload({ a: 'text' }, { a: { b: 1 } })).toEqual({ a: { b: 1 } });
    expect(diffPayload({ a: { b: 1 } }, { a: [1] })).toEqual({ a: [1] });
  });

  it('compares dates by instant and sends them as ISO strings', () => {
    const when = new Date('2025-03-01T12:00:00.000Z');
    expect(diffPayload({ at: when.toISOString() }, { at: new Date(when) })).toBeUndefined();
    expect(diffPayload({ at: new Date(when) }, { at: new Date(when) })).toBeUndefined();
    expect(diffPayload({ at: when }, { at: new Date('2025-03-02T00:00:00Z') })).toEqual({
      at: '2025-03-02T00:00:00.000Z',
    });
  });

  it('compares ObjectIds by value and sends them as 24-hex strings', () => {
    const id = new ObjectId(school);
    expect(
      diffPayload({ metadata: { school } }, { metadata: { school: new ObjectId(school) } }),
    ).toBeUndefined();
    expect(
      diffPayload({ metadata: { school: id } }, { metadata: { school: new ObjectId(otherSchool) } }),
    ).toEqual({
      metadata: { school: otherSchool },
    });
    expect(diffPayload({ parents: [id] }, { parents: [school] })).toBeUndefined();
  });

  it('rejects keys with "." or a leading "$" on either side, naming the path', () => {
    expect(() => diffPayload({}, { metadata: { $where: 'x' } })).toThrow(
      'Invalid current payload: metadata.$where: field names must not start with "$".',
    );
    expect(() => diffPayload({ 'a.b': 1 }, {})).toThrow(InvalidPayloadError);
    expect(() => diffPayload({}, { list: [{ $x: 1 }] })).toThrow(/list\[0\]\.\$x/);
  });

  it('rejects values that are not JSON, without quoting them', () => {
    const cases: unknown[] = [NaN, Infinity, () => 1, new Map(), Symbol('x'), 1n, new Date('nope')];
    for (const value of cases) {
      expect(() => diffPayload({}, { a: value })).toThrow(InvalidPayloadError);
    }
    expect(() => diffPayload({}, { secret: new Map([['k', 'personal']]) })).toThrow(
      /secret: must be a JSON value, not a Map/,
    );
  });

  it('reports each refused value as an issue: its code, its path and what is wrong', () => {
    const issueOf = (current: object) => {
      try {
        diffPayload({}, current);
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidPayloadError);
        return (error as InvalidPayloadError).issues;
      }
      throw new Error('expected an InvalidPayloadError');
    };
    const refused = (param: string, message: string) => [{ code: 'INVALID_VALUE', param, message }];
    expect(issueOf({ score: { value: NaN } })).toEqual(refused('score.value', 'must be a finite number'));
    expect(issueOf({ at: [new Date('nope')] })).toEqual(refused('at[0]', 'is an invalid Date'));
    expect(issueOf({ meta: { '': 1 } })).toEqual(refused('meta.', 'empty field names are not allowed'));
    expect(issueOf(JSON.parse('{"a":{"__proto__":{"x":1}}}'))).toEqual(
      refused('a.__proto__', 'the field name "__proto__" is not allowed'),
    );
    expect(issueOf({ list: [new Map()] })).toEqual(refused('list[0]', 'must be a JSON value, not a Map'));
    expect(issueOf({ odd: Object.create(Object.create(null)) })).toEqual(
      refused('odd', 'must be a JSON value, not a non-plain object'),
    );
  });

  it('rejects a side that is not a plain object', () => {
    expect(() => diffPayload([], {})).toThrow(/acknowledged payload: must be a plain object, not an Array/);
  });
});
