import { defineCollection } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';

const define = (properties: Record<string, unknown>) => () =>
  // The schemas below are wrong on purpose: typed `unknown`, they reach the run-time check.
  defineCollection('students', { schema: JSON.parse(JSON.stringify({ type: 'object', properties })) });

describe('defineCollection checks the schema when it is defined', () => {
  it('refuses a misspelled keyword, naming where it is and what was meant', () => {
    expect(define({ school: { type: 'string', fromat: 'objectid' } })).toThrow(
      'students: the schema is not valid. #/properties/school has unknown keyword "fromat" (did you mean "format"?).',
    );
  });

  it('lists every unknown keyword, at any depth', () => {
    expect(
      define({
        user: { type: 'object', properties: { name: { type: 'string', maxLenght: 3 } } },
        years: { type: 'array', items: { type: 'object', propertys: {} } },
      }),
    ).toThrow(
      /#\/properties\/user\/properties\/name has unknown keyword "maxLenght" \(did you mean "maxLength"\?\); #\/properties\/years\/items has unknown keyword "propertys"/,
    );
  });

  it('refuses a format it does not know', () => {
    expect(define({ school: { type: 'string', format: 'objectId' } })).toThrow(/unknown format "objectId"/);
  });

  it('refuses a keyword with a value of the wrong kind', () => {
    expect(define({ school: { type: 'text' } })).toThrow(/#\/properties\/school\/type/);
    expect(define({ secret: { type: 'string', 'x-hidden': 'yes' } })).toThrow(/x-hidden/);
    expect(define({ school: { type: 'string', 'x-ref': 7 } })).toThrow(/x-ref/);
  });

  it('accepts JSON Schema annotations and the library vocabulary', () => {
    const students = defineCollection('students', {
      schema: {
        type: 'object',
        title: 'Student',
        properties: {
          school: { type: 'string', format: 'objectid', 'x-ref': 'schools', description: 'Their school.' },
          notes: { type: 'string', 'x-hidden': true, readOnly: true, default: '' },
          born: { type: ['string', 'null'], format: 'date' },
        },
      },
    });
    expect(students.fields.get('school')).toMatchObject({ type: 'objectId', ref: 'schools' });
  });

  it('also refuses the misspelling at compile time', () => {
    const misspelled = () =>
      defineCollection('students', {
        schema: {
          type: 'object',
          // @ts-expect-error `fromat` is no JSON Schema keyword
          properties: { school: { type: 'string', fromat: 'objectid' } },
        },
      });
    expect(misspelled).toThrow(/unknown keyword "fromat"/);
    const format = () =>
      defineCollection('s', {
        schema: {
          type: 'object',
          // @ts-expect-error `objectId` is no format the library knows
          properties: { a: { type: 'string', format: 'objectId' } },
        },
      });
    expect(format).toThrow(/unknown format/);
  });
});
