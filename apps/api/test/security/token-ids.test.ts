/**
 * Regression: a configured token's id was `configured:<first 12 hex of sha256(secret)>`, shown by
 * GET /api/tokens and used as the rate-limit key and in logs — a digest of the secret that anyone
 * reading them could test guesses against. The id is now the token's configured name.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/app-config.js';
import { build, expectOk, type Json, SECRETS } from '../support/helper.js';

const t = await build();

describe('token ids say nothing of the secret', () => {
  it('GET /api/tokens lists configured tokens by name', async () => {
    const tokens = expectOk(await t.get('/api/tokens', { token: 'admin' })) as Json[];
    const configured = tokens.filter((token) => token.source === 'configured');
    expect(configured.map((token) => token._id)).toContain('configured:school-a');
    for (const secret of Object.values(SECRETS)) {
      const digest = createHash('sha256').update(secret).digest('hex');
      for (let length = 6; length <= 64; length += 2) {
        expect(JSON.stringify(tokens)).not.toContain(digest.slice(0, length));
      }
    }
  });

  it('two configured tokens with the same name are a configuration error', () => {
    const entry = (token: string) => ({ name: 'twin', token, scopes: ['read'], schools: '*' });
    expect(() =>
      loadConfig({
        API_TOKENS: JSON.stringify([entry('first-secret-0000001'), entry('second-secret-000002')]),
      }),
    ).toThrow(/two entries named "twin"/u);
  });
});
