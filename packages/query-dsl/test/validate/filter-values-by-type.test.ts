/**
 * A filter value is read by the type the schema gives its field, never by guessing: the MongoDB
 * filter a query string becomes, field type by field type, in the bare, quoted (JSON string),
 * bracket and JSON operator forms, and the refusal (code and param) of a value the type cannot hold.
 */
import { createQueryDsl, defineCollection, toMongo } from '@school/query-dsl';
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';

const things = defineCollection('things', {
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      count: { type: 'integer' },
      score: { type: 'number' },
      done: { type: 'boolean' },
      at: { type: 'string', format: 'date-time' },
      owner: { type: 'string', format: 'objectid' },
      extra: {},
      meta: { type: 'object', properties: { note: { type: 'string' } } },
    },
  },
});
const dsl = createQueryDsl({ collections: [things] });

/** The `find` filter of a query string on `things` (fails the test if the query is refused). */
function filterOf(query: string): unknown {
  const result = dsl.parse('things', query);
  if (!result.ok) throw new Error(`Expected ${query} to parse, got ${JSON.stringify(result.issues)}`);
  const { read } = toMongo(result.plan);
  if (read.kind !== 'find') throw new Error(`Expected ${query} to be a find`);
  return read.filter;
}

/** The code and param of each issue a query string is refused with. */
function refusalOf(query: string): Array<[string, string]> {
  const result = dsl.parse('things', query);
  return result.ok ? [] : result.issues.map(({ code, param }) => [code, param]);
}

/** `{"$eq": <json>}` as a query-string value. */
const eq = (json: string) => encodeURIComponent(`{"$eq":${json}}`);

describe('a value in double quotes is a JSON string', () => {
  it('takes the inside of a plain quoted value as text, on any type', () => {
    expect(filterOf('name="Ana"')).toEqual({ name: 'Ana' });
    expect(filterOf('count="12"')).toEqual({ count: 12 });
    expect(filterOf('done="true"')).toEqual({ done: true });
    expect(filterOf('name=""')).toEqual({ name: '' });
  });

  it('reads the escapes of JSON inside the quotes', () => {
    expect(filterOf(`name=${encodeURIComponent('"a\\u0041"')}`)).toEqual({ name: 'aA' });
    expect(filterOf(`name=${encodeURIComponent('"say \\"hi\\""')}`)).toEqual({ name: 'say "hi"' });
    expect(filterOf(`name=${encodeURIComponent('"\\\\"')}`)).toEqual({ name: '\\' });
  });

  it.each([
    ['a lone double quote', '"'],
    ['a quote inside the quotes', '"a"b"'],
    ['nothing but a quote inside the quotes', '"""'],
    ['a closing quote escaped', '"\\"'],
    ['nothing but a control character inside the quotes', '"\t"'],
    ['a raw control character inside the quotes', '"a\nb"'],
    ['an unclosed string', '"abc'],
  ])(
    'refuses %s as invalid JSON on a field that does not hold text, and takes it as the text sent on one that does',
    (_name, raw) => {
      expect(refusalOf(`count=${encodeURIComponent(raw)}`)).toEqual([['INVALID_JSON', 'count']]);
      expect(filterOf(`name=${encodeURIComponent(raw)}`)).toEqual({ name: raw });
    },
  );

  it('keeps a bare value on a text field as text, leading zeros and all', () => {
    expect(filterOf('name=0912345678')).toEqual({ name: '0912345678' });
    expect(filterOf('name=true')).toEqual({ name: 'true' });
  });

  it('reads a bare null as null on every type', () => {
    for (const field of ['name', 'count', 'done', 'at', 'owner', 'extra']) {
      expect(filterOf(`${field}=null`)).toEqual({ [field]: null });
      expect(filterOf(`${field}=${eq('null')}`)).toEqual({ [field]: null });
    }
  });
});

describe('numbers', () => {
  it('reads a bare, quoted or JSON number on a number field', () => {
    expect(filterOf('score=1.5')).toEqual({ score: 1.5 });
    expect(filterOf(`score=${eq('2.5')}`)).toEqual({ score: 2.5 });
    expect(filterOf(`score=${eq('"3"')}`)).toEqual({ score: 3 });
  });

  it('refuses text, a number too large to hold and, on an integer field, a fraction', () => {
    expect(refusalOf('score=abc')).toEqual([['INVALID_VALUE', 'score']]);
    expect(refusalOf('score=1e999')).toEqual([['INVALID_VALUE', 'score']]);
    expect(refusalOf(`score=${eq('true')}`)).toEqual([['INVALID_VALUE', 'score']]);
    expect(refusalOf('count=1.5')).toEqual([['INVALID_VALUE', 'count']]);
    expect(refusalOf(`count=${eq('1.5')}`)).toEqual([['INVALID_VALUE', 'count']]);
    expect(filterOf('count=2')).toEqual({ count: 2 });
  });
});

describe('booleans', () => {
  it('takes true and false, bare, quoted or in JSON', () => {
    expect(filterOf('done=true')).toEqual({ done: true });
    expect(filterOf('done=false')).toEqual({ done: false });
    expect(filterOf(`done=${eq('false')}`)).toEqual({ done: false });
    expect(filterOf(`done=${eq('"true"')}`)).toEqual({ done: true });
  });

  it('refuses anything else', () => {
    expect(refusalOf('done=yes')).toEqual([['INVALID_VALUE', 'done']]);
    expect(refusalOf('done=1')).toEqual([['INVALID_VALUE', 'done']]);
    expect(refusalOf(`done=${eq('1')}`)).toEqual([['INVALID_VALUE', 'done']]);
  });
});

describe('identifiers', () => {
  const hex = '507f1f77bcf86cd799439011';

  it('makes an ObjectId of 24 hexadecimal digits, bare or in JSON', () => {
    expect(filterOf(`owner=${hex}`)).toEqual({ owner: new ObjectId(hex) });
    expect(filterOf(`owner=${eq(`"${hex.toUpperCase()}"`)}`)).toEqual({ owner: new ObjectId(hex) });
  });

  it('refuses any other text or a number', () => {
    expect(refusalOf(`owner=${hex.slice(1)}`)).toEqual([['INVALID_VALUE', 'owner']]);
    expect(refusalOf(`owner=${hex.slice(1)}g`)).toEqual([['INVALID_VALUE', 'owner']]);
    expect(refusalOf(`owner=${eq('12')}`)).toEqual([['INVALID_VALUE', 'owner']]);
  });
});

describe('text fields in the JSON form', () => {
  it('refuses a number or a boolean: text is written as a JSON string', () => {
    expect(refusalOf(`name=${eq('5')}`)).toEqual([['INVALID_VALUE', 'name']]);
    expect(refusalOf(`name=${eq('false')}`)).toEqual([['INVALID_VALUE', 'name']]);
    expect(filterOf(`name=${eq('"5"')}`)).toEqual({ name: '5' });
  });
});

describe('a field without a type', () => {
  it('takes a bare value as text and a JSON string, number or boolean as it is', () => {
    expect(filterOf('extra=12')).toEqual({ extra: '12' });
    expect(filterOf(`extra=${eq('12')}`)).toEqual({ extra: 12 });
    expect(filterOf(`extra=${eq('true')}`)).toEqual({ extra: true });
    expect(filterOf(`extra=${eq('"x"')}`)).toEqual({ extra: 'x' });
  });

  it('refuses an object or a list as an operand', () => {
    expect(refusalOf(`extra=${eq('{"a":1}')}`)).toEqual([['INVALID_VALUE', 'extra']]);
    expect(refusalOf(`extra=${eq('[1]')}`)).toEqual([['INVALID_VALUE', 'extra']]);
  });
});

describe('a subdocument field', () => {
  it('refuses a value: one of its fields is filtered with a dotted path', () => {
    expect(refusalOf('meta=x')).toEqual([['INVALID_VALUE', 'meta']]);
    expect(refusalOf(`meta=${eq('"x"')}`)).toEqual([['INVALID_VALUE', 'meta']]);
    expect(filterOf('meta.note=x')).toEqual({ 'meta.note': 'x' });
  });
});
