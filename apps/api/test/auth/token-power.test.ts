import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { covers, excessOver, type Power } from '../../src/auth/token-power.js';

const A = '64b7f0c2a1b2c3d4e5f60718';
const B = '64b7f0c2a1b2c3d4e5f60719';

describe('excessOver', () => {
  it.each<[string, Power, Power, ReturnType<typeof excessOver>]>([
    [
      'nothing beyond an equal power',
      { scopes: ['read'], schools: [A] },
      { scopes: ['read'], schools: [A] },
      { scopes: [], schools: [] },
    ],
    [
      'a scope the holder lacks',
      { scopes: ['admin'], schools: '*' },
      { scopes: ['admin', 'read'], schools: '*' },
      { scopes: ['read'], schools: [] },
    ],
    [
      'every school, wanted by a token of some',
      { scopes: ['read'], schools: [A] },
      { scopes: ['read'], schools: '*' },
      { scopes: [], schools: '*' },
    ],
    [
      'a school the holder lacks, once',
      { scopes: ['read'], schools: [A] },
      { scopes: ['read'], schools: [A, B, B] },
      { scopes: [], schools: [B] },
    ],
    [
      'any school under every school',
      { scopes: ['read'], schools: '*' },
      { scopes: ['read'], schools: [B] },
      { scopes: [], schools: [] },
    ],
  ])('%s', (_name, holder, wanted, excess) => {
    expect(excessOver(holder, wanted)).toEqual(excess);
  });

  it('compares school ids whatever their case or type', () => {
    const holder: Power = { scopes: ['read'], schools: [ObjectId.createFromHexString(A)] };
    expect(covers(holder, { scopes: ['read'], schools: [A.toUpperCase()] })).toBe(true);
  });
});
