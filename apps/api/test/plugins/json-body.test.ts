import { describe, expect, it } from 'vitest';
import { jsonShapeProblem, prototypeKey } from '../../src/plugins/json-body.js';

const limits = { depth: 4, keys: 3, items: 5 };
const problem = (text: string) => jsonShapeProblem(text, limits);

describe('the shape of a JSON text before it is parsed', () => {
  it.each(['1', '{}', '[]', '{"a":[{"b":[1,2,3,4,5]}],"c":{},"d":1}', '[[1,2],[[3]],[],4,5]'])(
    '%s is within depth 4, 3 keys, 5 items',
    (text) => {
      expect(problem(text)).toBeUndefined();
    },
  );

  it.each([
    ['[[[[[]]]]]', 'The body nests arrays and objects deeper than 4 levels.'],
    ['{"a":1,"b":2,"c":3,"d":4}', 'An object of the body has more than 3 keys.'],
    ['[1,2,3,4,5,6]', 'An array of the body has more than 5 items.'],
    ['{"a":[1,2],"b":[3],"c":{"x":1,"y":2,"z":3,"w":4}}', 'An object of the body has more than 3 keys.'],
  ])('%s is refused: %s', (text, message) => {
    expect(problem(text)).toBe(message);
  });

  it('ignores brackets and commas inside strings, escaped quotes included', () => {
    expect(problem('{"name":"[[[[[{{{{,,,,,,","other":"a\\"[[[[,,,,,,","x":["\\\\"]}')).toBeUndefined();
  });

  it('counts the items of each array apart from those of the arrays around it', () => {
    expect(problem('[[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5]]')).toBeUndefined();
  });

  it('stops at the first point past a limit', () => {
    const text = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
    expect(problem(text)).toMatch(/deeper than 4/u);
  });
});

describe('the prototype key a refused JSON text holds', () => {
  it.each([
    ['{"__proto__":{"x":1}}', '__proto__'],
    ['{"user":{"name":"A","__proto__":{}}}', 'user.__proto__'],
    ['{"years":[{"year":"x"},{"__proto__":1}]}', 'years.1.__proto__'],
    ['{"constructor":{"prototype":{"x":1}}}', 'constructor.prototype'],
    ['{"a":{"constructor":{"prototype":null}}}', 'a.constructor.prototype'],
  ])('%s: %s', (text, path) => {
    expect(prototypeKey(text)).toBe(path);
  });

  it.each(['{"constructor":"x"}', '{"constructor":{"name":"x"}}', '{"prototype":1}', '{"name":', ''])(
    '%s holds none',
    (text) => {
      expect(prototypeKey(text)).toBeUndefined();
    },
  );
});
