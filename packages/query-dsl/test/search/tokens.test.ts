import { describe, expect, it } from 'vitest';
import { foldText } from '../../src/search/normalize.js';
import { addTokens, type SearchFieldKind } from '../../src/search/tokens.js';

const tokens = (value: string, kind: SearchFieldKind) => {
  const set = new Set<string>();
  addTokens(set, value, kind);
  return [...set];
};

describe('search tokens', () => {
  it('folds case and accents', () => {
    expect(foldText('José MARÍA Ñandú Müller')).toBe('jose maria nandu muller');
  });

  it.each<[string, SearchFieldKind, string[]]>([
    ['María-José', 'text', ['maria-jose', 'maria', 'jose']],
    ['  Ana   Lucía ', 'text', ['ana', 'lucia']],
    ["O'Brien", 'text', ["o'brien", 'o', 'brien']],
    [
      'ana.perez+news@Colegio.EDU.ec',
      'email',
      [
        'ana.perez+news@colegio.edu.ec',
        'ana.perez+news',
        'ana',
        'perez',
        'ana.perez',
        'news',
        '@colegio.edu.ec',
        'colegio.edu.ec',
        'edu.ec',
        'ec',
      ],
    ],
    ['0912345678', 'identifier', ['0912345678']],
    ['', 'text', []],
  ])('%s as %s', (value, kind, expected) => {
    expect(tokens(value, kind).sort()).toEqual(expected.sort());
  });
});
