import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  createSigner,
  generateSigningSecret,
  signingSecretProblem,
  signingSecretsIssues,
} from '../../src/delivery/signing.js';

describe('signing', () => {
  it('generates secrets in the whsec_ form of 32 bytes', () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(signingSecretProblem(secret)).toBeUndefined();
    expect(generateSigningSecret()).not.toBe(secret);
  });

  it('signs what the reference verifier accepts, with either of two secrets', () => {
    const oldSecret = generateSigningSecret();
    const newSecret = generateSigningSecret();
    const sign = createSigner([newSecret, oldSecret]);
    const body = JSON.stringify({ name: 'Zoë', surname: '😀' });
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = sign('msg_1', timestamp, body);
    expect(signature.split(' ')).toHaveLength(2);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
    };
    expect(new Webhook(oldSecret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(newSecret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateSigningSecret()).verify(body, headers)).toThrow(
      'No matching signature found',
    );
    expect(() => new Webhook(oldSecret).verify(`${body} `, headers)).toThrow('No matching signature found');
  });

  it.each([
    ['c2VjcmV0', 'must be "whsec_" followed by standard base64'],
    ['whsec_not base64', 'must be "whsec_" followed by standard base64'],
    ['whsec_c2VjcmV0', 'must decode to 24 to 64 bytes (has 6)'],
    [42, 'must be a string like "whsec_<base64>"'],
  ])('refuses %j', (secret, problem) => {
    expect(signingSecretProblem(secret)).toContain(problem);
  });

  it('accepts one or two secrets, not none, three or the same twice', () => {
    const a = generateSigningSecret();
    const b = generateSigningSecret();
    expect(signingSecretsIssues(a)).toEqual([]);
    expect(signingSecretsIssues([a, b])).toEqual([]);
    expect(signingSecretsIssues([])).toHaveLength(1);
    expect(signingSecretsIssues([a, b, generateSigningSecret()])).toHaveLength(1);
    expect(signingSecretsIssues([a, a])).toEqual([
      { code: 'INVALID_VALUE', param: 'signingSecrets', message: 'holds the same secret twice' },
    ]);
    expect(signingSecretsIssues([a, 'whsec_x'])[0]?.param).toBe('signingSecrets[1]');
  });
});

describe('signing matches the standardwebhooks reference', () => {
  it('for any message id, timestamp and body', () => {
    const secret = generateSigningSecret();
    const reference = new Webhook(secret);
    const sign = createSigner([secret]);
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 4_102_444_800 }),
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        (id, seconds, body) => {
          expect(sign(id, seconds, body)).toBe(reference.sign(id, new Date(seconds * 1000), body));
        },
      ),
    );
  });
});
