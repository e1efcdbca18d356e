import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedModule, generateValidators } from '../../scripts/generate-validators.js';

describe('the validators compiled when the package is built', () => {
  const { js, dts } = generateValidators();

  it('are what the schemas compile to today (after changing a schema, run `pnpm generate`)', () => {
    expect(readFileSync(`${generatedModule}.js`, 'utf8')).toBe(js);
    expect(readFileSync(`${generatedModule}.d.ts`, 'utf8')).toBe(dts);
  });

  it('import nothing and build no function from a string', () => {
    expect(js).not.toMatch(/\brequire\(|\bimport\b|new Function|\beval\(/);
  });
});
