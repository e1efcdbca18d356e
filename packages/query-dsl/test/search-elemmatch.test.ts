import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { mongoFor } from './helpers.js';

const filterOf = (query: string, collection = 'students') => {
  const { read } = mongoFor(query, collection);
  return read.kind === 'find' ? read.filter : read.pipeline[0];
};

describe('global_search', () => {
  it.each<[string, string, Record<string, unknown>]>([
    [
      'one word is an anchored prefix on the search tokens',
      'global_search=ana',
      { _search: { $regex: '^ana' } },
    ],
    [
      'words are folded: case and accents do not matter',
      'global_search=JOSÉ',
      { _search: { $regex: '^jose' } },
    ],
    [
      'several words must all match',
      'global_search=ana 8vo',
      { $and: [{ _search: { $regex: '^ana' } }, { _search: { $regex: '^8vo' } }] },
    ],
    ['regex characters in user text are escaped', 'global_search=a.b*', { _search: { $regex: '^a\\.b\\*' } }],
    [
      'a word that prefixes another adds nothing',
      'global_search=ana anabel',
      { _search: { $regex: '^anabel' } },
    ],
    ['an empty search filters nothing', 'global_search=%20', {}],
  ])('%s', (_name, query, filter) => {
    expect(filterOf(query)).toEqual(filter);
  });

  it('works on parents and staff too', () => {
    expect(filterOf('global_search=edu.ec', 'parents')).toEqual({ _search: { $regex: '^edu\\.ec' } });
    expect(filterOf('global_search=1712', 'staff')).toEqual({ _search: { $regex: '^1712' } });
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
