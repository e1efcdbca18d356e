/**
 * The tokens the operator configures (`API_TOKENS`, or `API_TOKENS_FILE` naming a file that holds
 * the same JSON): read and checked with the rest of the configuration, every problem reported.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Env } from './app-config.js';
import { OBJECT_ID_TEXT } from './patterns.js';

/** `metrics` lets a token scrape `GET /metrics` (and nothing else). */
export type Scope = 'read' | 'write' | 'admin' | 'metrics';
export const SCOPES: readonly Scope[] = ['read', 'write', 'admin', 'metrics'];

/** A token the operator configured (`API_TOKENS` / `API_TOKENS_FILE`). */
export interface ConfiguredToken {
  readonly name: string;
  /** Hex SHA-256 of the secret: secrets are compared by hash, in constant time. */
  readonly sha256: string;
  readonly scopes: readonly Scope[];
  readonly schools: '*' | readonly string[];
}

export function readTokens(env: Env, problems: string[]): ConfiguredToken[] | undefined {
  let text = env.API_TOKENS?.trim();
  const file = env.API_TOKENS_FILE?.trim();
  if (!text && file) {
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      problems.push(`API_TOKENS_FILE "${file}" can't be read: ${(error as Error).message}`);
      return undefined;
    }
  }
  if (!text) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    problems.push('API_TOKENS must be a JSON array of {name, token | token_sha256, scopes, schools}');
    return undefined;
  }
  if (!Array.isArray(parsed)) {
    problems.push('API_TOKENS must be a JSON array');
    return undefined;
  }
  const tokens = parsed.flatMap((entry, index) => {
    const token = readToken(entry, `API_TOKENS[${index}]`, problems);
    return token ? [token] : [];
  });
  const seen = new Map<string, string>();
  for (const token of tokens) {
    const other = seen.get(token.sha256);
    // The same secret twice would give one caller the scopes of whichever entry matched last.
    if (other !== undefined)
      problems.push(`API_TOKENS entries "${other}" and "${token.name}" have the same secret`);
    seen.set(token.sha256, token.name);
  }
  const names = new Set<string>();
  for (const token of tokens) {
    // The name is the token's id in logs, rate limits and GET /api/tokens.
    if (names.has(token.name))
      problems.push(`API_TOKENS has two entries named "${token.name}"; names must differ`);
    names.add(token.name);
  }
  return tokens;
}

function readToken(entry: unknown, where: string, problems: string[]): ConfiguredToken | undefined {
  if (entry === null || typeof entry !== 'object') {
    problems.push(`${where} must be an object`);
    return undefined;
  }
  const { name, token, token_sha256: sha, scopes, schools } = entry as Record<string, unknown>;
  const before = problems.length;
  if (typeof name !== 'string' || !name) problems.push(`${where}.name must be a non-empty string`);
  if ((typeof token === 'string') === (typeof sha === 'string'))
    problems.push(`${where} needs exactly one of token, token_sha256`);
  if (typeof token === 'string' && token.length < 16)
    problems.push(`${where}.token must be at least 16 characters`);
  if (typeof sha === 'string' && !/^[0-9a-f]{64}$/iu.test(sha))
    problems.push(`${where}.token_sha256 must be 64 hex characters`);
  if (!Array.isArray(scopes) || scopes.some((scope) => !SCOPES.includes(scope as Scope))) {
    problems.push(`${where}.scopes must be an array of ${SCOPES.join(', ')}`);
  }
  if (
    schools !== '*' &&
    (!Array.isArray(schools) || schools.some((id) => typeof id !== 'string' || !OBJECT_ID_TEXT.test(id)))
  ) {
    problems.push(`${where}.schools must be "*" or an array of 24-hex school ids`);
  }
  if (problems.length > before) return undefined;
  return {
    name: name as string,
    sha256: typeof sha === 'string' ? sha.toLowerCase() : sha256Hex(token as string),
    scopes: scopes as Scope[],
    schools: schools === '*' ? '*' : (schools as string[]).map((id) => id.toLowerCase()),
  };
}

export function sha256Hex(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
