/**
 * The shape `elemMatch` and the `select` `$elemMatch` form take, as the issues a wrong one is
 * refused with: `elemMatch` given twice, an entry whose property is not a name or that carries keys
 * besides `property` and `parameters` (named by its index in a list), criteria whose nested object
 * is empty or mixes operators with field names, and, in `select`, criteria on a field that holds an
 * array inside the element.
 */
import { describe, expect, it } from 'vitest';
import { issuesFor } from '../support/helpers.js';
import { nestedArrays } from '../support/nested-arrays.js';

const json = (value: string) => encodeURIComponent(value);
const refusal = (query: string) => issuesFor(query).map(({ code, param }) => [code, param]);
const SHAPE = (param: string) =>
  `${param} must be {"property": "<array field>", "parameters": {"<field>": <value>, ...}}.`;
const enrolled = '{"property":"years","parameters":{"enrolled":true}}';

describe('the elemMatch parameter', () => {
  it('is refused when given twice', () => {
    expect(issuesFor(`elemMatch=${json(enrolled)}&elemMatch=${json(enrolled)}`)).toEqual([
      {
        code: 'INVALID_VALUE',
        param: 'elemMatch',
        message: 'Give elemMatch once, as JSON (an object or an array of objects).',
      },
    ]);
  });

  it('names a wrong entry of a list by its index', () => {
    expect(issuesFor(`elemMatch=${json(`[${enrolled},{"property":"years"}]`)}`)).toEqual([
      { code: 'INVALID_VALUE', param: 'elemMatch[1]', message: SHAPE('elemMatch[1]') },
    ]);
  });

  it.each([
    ['a property that is not a name', '{"property":5,"parameters":{"enrolled":true}}'],
    [
      'a key besides property and parameters',
      '{"property":"years","parameters":{"enrolled":true},"limit":1}',
    ],
  ])('refuses an entry with %s', (_case, entry) => {
    expect(issuesFor(`elemMatch=${json(entry)}`)).toEqual([
      { code: 'INVALID_VALUE', param: 'elemMatch', message: SHAPE('elemMatch') },
    ]);
  });
});

describe('the criteria on the elements', () => {
  const contacts = (parameters: string) =>
    `elemMatch=${json(`{"property":"emergency.contacts","parameters":${parameters}}`)}`;

  it('refuse an empty object for a subdocument', () => {
    expect(refusal(contacts('{"phones":{}}'))).toEqual([['INVALID_VALUE', 'emergency.contacts.phones']]);
  });

  it('read an object mixing operators with field names as operators, refusing the names', () => {
    expect(refusal(contacts('{"phones":{"$exists":true,"mobile":"1"}}'))).toEqual([
      ['UNSUPPORTED_OPERATOR', 'emergency.contacts.phones'],
    ]);
  });
});

describe('the $elemMatch form of select', () => {
  it('refuses criteria on a field that holds an array inside the element', () => {
    const result = nestedArrays.parse(
      'classes',
      `select=${json('{"terms":{"$elemMatch":{"seats.name":"A"}}}')}`,
    );
    expect(result.ok ? [] : result.issues).toEqual([
      {
        code: 'INVALID_SELECT',
        param: 'terms.seats.name',
        message:
          '$elemMatch in select tests fields of terms that are single values; terms.seats.name holds an array.',
      },
    ]);
  });
});
