import { defineCollection } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';

const define = (schema: Record<string, unknown>) => () =>
  // The schemas below are wrong on purpose: typed `unknown`, they reach the run-time check.
  defineCollection('students', { schema: JSON.parse(JSON.stringify(schema)) });
const withField = (field: Record<string, unknown>) => define({ type: 'object', properties: { b: field } });

describe('defineCollection refuses a schema whose keywords would be silently ignored (strict mode)', () => {
  it('refuses a required field that is not among the properties', () => {
    expect(define({ type: 'object', required: ['a'], properties: { b: { type: 'string' } } })).toThrow(
      'students: the schema is not valid. strict mode: required property "a" is not defined at "#" (strictRequired).',
    );
  });

  it('refuses a keyword whose type is not declared', () => {
    expect(define({ properties: { b: { type: 'string' } } })).toThrow(
      'strict mode: missing type "object" for keyword "properties" at "#" (strictTypes)',
    );
    expect(withField({ type: 'string', minimum: 1 })).toThrow(
      'strict mode: missing type "number" for keyword "minimum" at "#/properties/b" (strictTypes)',
    );
    expect(withField({ format: 'date' })).toThrow('missing type "number,string" for keyword "format"');
  });

  it('refuses a type the enclosing schema rules out', () => {
    expect(withField({ type: 'string', anyOf: [{ type: 'number' }] })).toThrow(
      'strict mode: type "number" not allowed by context "string" at "#/properties/b/anyOf/0" (strictTypes)',
    );
  });

  it('accepts a narrower type in a branch, a number keyword on an integer, and types named by the enclosing schema', () => {
    const students = defineCollection('students', {
      schema: {
        type: 'object',
        properties: {
          age: { type: ['number', 'null'], anyOf: [{ type: 'integer', minimum: 3 }, { type: 'null' }] },
          year: { type: 'integer', maximum: 2100 },
          notes: { type: 'string', anyOf: [{ minLength: 1 }, { const: '' }] },
        },
      },
    });
    expect([...students.fields.keys()]).toEqual(expect.arrayContaining(['age', 'year', 'notes']));
  });

  it('refuses a tuple without its length, and keywords that only work beside another', () => {
    expect(withField({ type: 'array', items: [{ type: 'string' }] })).toThrow(
      'strict mode: "items" is 1-tuple, but minItems or maxItems/additionalItems are not specified or different at path "#/properties/b"',
    );
    expect(define({ type: 'object', if: { type: 'object' } })).toThrow(
      'strict mode: "if" without "then" and "else" is ignored',
    );
    expect(withField({ type: 'array', items: { type: 'string' }, additionalItems: false })).toThrow(
      'strict mode: "additionalItems" is ignored when "items" is not an array of schemas',
    );
  });

  it('refuses a pattern that is no regular expression, and a reference to nothing', () => {
    expect(withField({ type: 'string', pattern: '(' })).toThrow(/Invalid regular expression: \/\(\/u/);
    expect(withField({ $ref: '#/definitions/x' })).toThrow(
      "can't resolve reference #/definitions/x from id #",
    );
  });
});
