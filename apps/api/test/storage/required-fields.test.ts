import { describe, expect, it } from 'vitest';
import { missingRequired } from '../../src/storage/required-fields.js';

const schema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string' },
    guardian: {
      type: 'object',
      required: ['phone'],
      properties: { phone: { type: 'string' }, note: { type: 'string' } },
    },
    years: {
      type: 'array',
      items: { type: 'object', required: ['year'], properties: { year: { type: 'string' } } },
    },
  },
} as const;

describe('the fields an update would leave missing', () => {
  it('none on a whole record', () => {
    expect(missingRequired(schema, { name: 'A', guardian: { phone: '1' }, years: [{ year: 'y' }] })).toEqual(
      [],
    );
  });

  it('a required field gone or null, at the top', () => {
    expect(missingRequired(schema, { name: null }).map((entry) => entry.param)).toEqual(['name']);
    expect(missingRequired(schema, {}).map((entry) => entry.param)).toEqual(['name']);
  });

  it('inside an optional object a merge created without its required field', () => {
    const entries = missingRequired(schema, { name: 'A', guardian: { note: 'x' } });
    expect(entries).toEqual([
      {
        code: 'VALIDATION_FAILED',
        param: 'guardian.phone',
        message: 'guardian.phone is required: this update would leave the record without it.',
      },
    ]);
  });

  it('in array elements, by position', () => {
    const entries = missingRequired(schema, { name: 'A', years: [{ year: 'y' }, {}] });
    expect(entries.map((entry) => entry.param)).toEqual(['years.1.year']);
  });

  it('names at most 20', () => {
    const years = Array.from({ length: 50 }, () => ({}));
    expect(missingRequired(schema, { name: 'A', years })).toHaveLength(20);
  });
});
