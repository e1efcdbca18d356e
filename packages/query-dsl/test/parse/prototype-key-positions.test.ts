import { describe, expect, it } from 'vitest';
import { issuesFor } from '../support/helpers.js';

const NEVER =
  'is not a field or a parameter: "__proto__", "constructor" and "prototype" are never field names; remove it.';

/** The prototype-key issue of a query: its param and message. */
const reported = (query: string) =>
  issuesFor(query)
    .filter((issue) => issue.message.includes('never field names'))
    .map(({ code, param, message }) => ({ code, param, message }));

describe('a prototype key in a query is reported by its name and where it stands', () => {
  it.each([
    ['constructor=1', 'constructor', '"constructor"'],
    ['user[constructor]=1', 'user.constructor', '"constructor" (in user)'],
    ['years=a&years[constructor]=b', 'years.constructor', '"constructor" (in years)'],
    ['a[0][constructor]=1&a[1]=x', 'a.constructor', '"constructor" (in a)'],
    ['a[b][__proto__][c]=1', 'a.b.__proto__', '"__proto__" (in a.b)'],
    ['?a[b][__proto__]=1', 'a.b.__proto__', '"__proto__" (in a.b)'],
    ['a[b][__proto__]', 'a.b.__proto__', '"__proto__" (in a.b)'],
    ['a%5Bb%5D%5B__proto__%5D=1', 'a.b.__proto__', '"__proto__" (in a.b)'],
    ['a[b+c][__proto__]=1', 'a.b c.__proto__', '"__proto__" (in a.b c)'],
    ['select={"constructor":1}', 'select.constructor', '"constructor" (in select)'],
    ['select={"\\u0063onstructor":1}', 'select.constructor', '"constructor" (in select)'],
    ['select={"prototype":1}', 'select.prototype', '"prototype" (in select)'],
    ['select={"__proto__":1}', 'select.__proto__', '"__proto__" (in select)'],
    [
      'user.name={"$in":[{"constructor":1}]}',
      'user.name.$in.0.constructor',
      '"constructor" (in user.name.$in.0)',
    ],
    [
      'user.name={"$in":[1,{"a":{"prototype":1}}]}',
      'user.name.$in.1.a.prototype',
      '"prototype" (in user.name.$in.1.a)',
    ],
  ])('%s', (query, param, start) => {
    expect(reported(query)).toEqual([{ code: 'UNKNOWN_FIELD', param, message: `${start} ${NEVER}` }]);
  });
});
