import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { generatedModule, generateValidators } from '../../scripts/generate-validators.js';
import { SCHEMA_KEYWORDS } from '../../src/schema/check-schema.js';

describe('the meta-schema validator compiled when the package is built', () => {
  const { js, dts } = generateValidators();

  it('is what the meta-schema compiles to today (after changing the vocabulary, run `pnpm generate`)', () => {
    expect(readFileSync(`${generatedModule}.js`, 'utf8')).toBe(js);
    expect(readFileSync(`${generatedModule}.d.ts`, 'utf8')).toBe(dts);
  });

  it('imports nothing and builds no function from a string', () => {
    expect(js).not.toMatch(/\brequire\(|\bimport\b|new Function|\beval\(/);
  });
});

describe('the keywords a collection schema may use', () => {
  it("are those Ajv's strict mode accepts in draft-07, and the library's vocabulary", () => {
    const ajv = new Ajv({ strict: true });
    const expected = [...Object.keys(ajv.RULES.keywords), 'x-ref', 'x-hidden'];
    expect([...SCHEMA_KEYWORDS].sort()).toEqual(expected.sort());
  });
});
