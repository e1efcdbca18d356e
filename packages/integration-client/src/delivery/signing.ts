import { createHmac, randomBytes } from 'node:crypto';
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
      {
        code: 'INVALID_VALUE',
        param: 'signingSecrets',
        message: 'must be one secret, or an array of one or two (during rotation)',
      },
    ];
  }
  const issues: Issue[] = [];
  secrets.forEach((secret, i) => {
    const problem = signingSecretProblem(secret);
    if (problem !== undefined)
      issues.push({ code: 'INVALID_VALUE', param: `signingSecrets[${i}]`, message: problem });
  });
  if (issues.length === 0 && secrets.length === 2 && secrets[0] === secrets[1]) {
    issues.push({ code: 'INVALID_VALUE', param: 'signingSecrets', message: 'holds the same secret twice' });
  }
  return issues;
}

/** The `signingSecrets` option as a list of one or two secrets; its problems go to `issues`. */
export function readSigningSecrets(value: unknown, _name: string, issues: Issue[]): readonly string[] {
  const problems = signingSecretsIssues(value);
  issues.push(...problems);
  const secrets: unknown[] = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  return problems.length > 0 ? [] : secrets.filter((secret): secret is string => typeof secret === 'string');
}

/** Computes the `webhook-signature` header value for a message. */
export type Signer = (messageId: string, timestampSeconds: number, body: string) => string;

/** The `v1` signature of Standard Webhooks: base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`. */
function signV1(key: Buffer, messageId: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.`).update(body).digest('base64')}`;
}

const probe = { id: 'msg_self_check', at: new Date(1_700_000_000_000), body: '{"probe":"ñ 😀"}' };

/**
 * A signer for one or two secrets (Standard Webhooks `v1`: HMAC-SHA256 over
 * `{webhook-id}.{webhook-timestamp}.{body}`, base64). With two secrets the header carries both
 * signatures separated by a space, so the receiver can verify with either while it switches.
 *
 * Each secret is decoded by the `standardwebhooks` reference package, and the signer is checked
 * against that package's `sign()` here, once; the per-request HMAC runs on Node's crypto (OpenSSL),
 * several times faster than the package's pure-JavaScript SHA-256.
 */
export function createSigner(secrets: readonly string[]): Signer {
  const keys = secrets.map((secret) => {
    const reference = new Webhook(secret);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const seconds = Math.floor(probe.at.getTime() / 1000);
    if (signV1(key, probe.id, seconds, probe.body) !== reference.sign(probe.id, probe.at, probe.body)) {
      throw new Error('The signer does not match the standardwebhooks reference implementation.');
    }
    return key;
  });
  return (messageId, timestampSeconds, body) => {
    let header = signV1(keys[0]!, messageId, timestampSeconds, body);
    for (let i = 1; i < keys.length; i++) header += ` ${signV1(keys[i]!, messageId, timestampSeconds, body)}`;
    return header;
  };
}

/**
 * A new random signing secret in the Standard Webhooks form (`whsec_` + base64 of 32 random bytes),
 * to configure on both sides (`INTEGRATION_SIGNING_SECRET`).
 */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
