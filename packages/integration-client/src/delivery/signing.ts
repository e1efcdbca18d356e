import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { Issue } from '../errors/issue.js';

const secretPattern = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

/** Why `secret` is not a usable signing secret, or `undefined` when it is. */
export function signingSecretProblem(secret: unknown): string | undefined {
  if (typeof secret !== 'string') return 'must be a string like "whsec_<base64>"';
  const match = secretPattern.exec(secret);
  if (!match || match[1]!.length % 4 !== 0) return 'must be "whsec_" followed by standard base64';
  const bytes = Buffer.from(match[1]!, 'base64').length;
  if (bytes < 24 || bytes > 64)
    return `must decode to 24 to 64 bytes (has ${bytes}); see generateSigningSecret()`;
  return undefined;
}

/** Problems with the `signingSecrets` option. */
export function signingSecretsIssues(value: unknown): Issue[] {
  const secrets = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(secrets) || secrets.length < 1 || secrets.length > 2) {
    return [
      { path: 'signingSecrets', message: 'must be one secret, or an array of one or two (during rotation)' },
    ];
  }
  const issues: Issue[] = [];
  secrets.forEach((secret, i) => {
    const problem = signingSecretProblem(secret);
    if (problem !== undefined) issues.push({ path: `signingSecrets[${i}]`, message: problem });
  });
  if (issues.length === 0 && secrets.length === 2 && secrets[0] === secrets[1]) {
    issues.push({ path: 'signingSecrets', message: 'holds the same secret twice' });
  }
  return issues;
}

/** Computes the `webhook-signature` header value for a message. */
export type Signer = (messageId: string, timestampSeconds: number, body: string) => string;

/**
 * A signer for one or two secrets (Standard Webhooks, `v1` = HMAC-SHA256 over
 * `{webhook-id}.{webhook-timestamp}.{body}`, computed by the `standardwebhooks` package). With two
 * secrets, the header carries both signatures separated by a space, so the receiver can verify
 * with either while it switches to the new one.
 */
export function createSigner(secrets: readonly string[]): Signer {
  const webhooks = secrets.map((secret) => new Webhook(secret));
  return (messageId, timestampSeconds, body) => {
    const at = new Date(timestampSeconds * 1000);
    return webhooks.map((webhook) => webhook.sign(messageId, at, body)).join(' ');
  };
}

/**
 * A new random signing secret in the Standard Webhooks form (`whsec_` + base64 of 32 random bytes),
 * to configure on both sides (`INTEGRATION_SIGNING_SECRET`).
 */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
