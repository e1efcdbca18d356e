import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROPERTY_SEED, propertySeedLine, readPropertySeed } from '../../src/property-tests/seed.js';

describe('the property-test seed', () => {
  it('is the default when FC_SEED is unset or blank', () => {
    expect(readPropertySeed({})).toEqual({ ok: true, seed: DEFAULT_PROPERTY_SEED });
    expect(readPropertySeed({ FC_SEED: ' ' })).toEqual({ ok: true, seed: DEFAULT_PROPERTY_SEED });
  });

  it('is FC_SEED when it is a 32-bit integer, negative ones included', () => {
    expect(readPropertySeed({ FC_SEED: '1930095459' })).toEqual({ ok: true, seed: 1930095459 });
    expect(readPropertySeed({ FC_SEED: '-2147483648' })).toEqual({ ok: true, seed: -2147483648 });
  });

  it('refuses anything else by name, quoting the value', () => {
    for (const bad of ['abc', '1.5', '2147483648', '1e3', '0x10']) {
      expect(readPropertySeed({ FC_SEED: bad })).toEqual({
        ok: false,
        message: `FC_SEED must be an integer from -2147483648 to 2147483647 (fast-check's seed), got "${bad}"`,
      });
    }
  });

  it('is named in the summary line with how to replay it', () => {
    expect(propertySeedLine({})).toBe(
      `Property tests: seed ${DEFAULT_PROPERTY_SEED}, the default (FC_SEED=${DEFAULT_PROPERTY_SEED} to replay)`,
    );
    expect(propertySeedLine({ FC_SEED: '7' })).toBe(
      'Property tests: seed 7, from FC_SEED (FC_SEED=7 to replay)',
    );
  });

  it('is the seed fast-check runs with in this test run (the setup file gave it)', () => {
    const expected = readPropertySeed();
    expect(expected.ok && fc.readConfigureGlobal().seed).toBe(expected.ok && expected.seed);
  });
});
