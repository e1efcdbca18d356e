import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { mongoFor } from '../support/helpers.js';
import type { CollectionName } from '../support/school-collections.js';

const filterOf = (query: string, collection: CollectionName = 'students') => {
  const { read } = mongoFor(query, collection);
  return read.kind === 'find' ? read.filter : read.pipeline[0];
};

describe('global_search', () => {
  const word = (gte: string, lt: string) => ({ _search: { $elemMatch: { $gte: gte, $lt: lt } } });

  it.each<[string, string, Record<string, unknown>]>([
    ['one word is the range of tokens it begins', 'global_search=ana', word('ana', 'anb')],
    ['words are folded: case and accents do not matter', 'global_search=JOSÉ', word('jose', 'josf')],
    [
      'several words must all match',
      'global_search=ana 8vo',
      { $and: [word('ana', 'anb'), word('8vo', '8vp')] },
    ],
    [
      'regex characters in user text are plain characters of the range',
      'global_search=a.b*',
      word('a.b*', 'a.b+'),
    ],
    ['a word with | is a range too, index-bounded like any other', 'global_search=a%7Cb', word('a|b', 'a|c')],
    ['a word that prefixes another adds nothing', 'global_search=ana anabel', word('anabel', 'anabem')],
    ['an empty search filters nothing', 'global_search=%20', {}],
  ])('%s', (_name, query, filter) => {
    expect(filterOf(query)).toEqual(filter);
  });

  it('works on parents and staff too', () => {
    expect(filterOf('global_search=edu.ec', 'parents')).toEqual(word('edu.ec', 'edu.ed'));
    expect(filterOf('global_search=1712', 'staff')).toEqual(word('1712', '1713'));
  });
});

describe('elemMatch', () => {
  const year = '5f1d7f0b2c3a4b5c6d7e8f90';

  it('one entry needs one element to satisfy all parameters', () => {
    expect(
      filterOf(`elemMatch={"property":"years","parameters":{"enrolled":true,"year":"${year}"}}`),
    ).toEqual({
      years: { $elemMatch: { enrolled: true, year: ObjectId.createFromHexString(year) } },
    });
  });

  it('several entries must all hold for the same record', () => {
    expect(
      filterOf(
        'elemMatch=[{"property":"years","parameters":{"enrolled":true}},{"property":"addresses","parameters":{"city":"Quito"}}]',
      ),
    ).toEqual({ years: { $elemMatch: { enrolled: true } }, addresses: { $elemMatch: { city: 'Quito' } } });
  });

  it('two entries on the same array are two $elemMatch clauses', () => {
    expect(
      filterOf(
        'elemMatch=[{"property":"years","parameters":{"enrolled":true}},{"property":"years","parameters":{"registered":false}}]',
      ),
    ).toEqual({
      $and: [{ years: { $elemMatch: { enrolled: true } } }, { years: { $elemMatch: { registered: false } } }],
    });
  });

  it('parameters take operators and nested paths', () => {
    expect(
      filterOf(
        'elemMatch={"property":"emergency.contacts","parameters":{"phones":{"mobile":{"$in":["099","098"]}}}}',
      ),
    ).toEqual({ 'emergency.contacts': { $elemMatch: { 'phones.mobile': { $in: ['099', '098'] } } } });
  });
});
