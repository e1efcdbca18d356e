import type { Scope } from '../config/app-config.js';

/** What a token may do: its scopes, and its schools (`*` for every school, else 24-hex ids). */
export interface Power {
  readonly scopes: Iterable<Scope>;
  readonly schools: '*' | Iterable<string | { toHexString(): string }>;
}

/** What `wanted` holds beyond `holder`: the scopes it lacks, and the schools (`*` when it wants every one). */
export interface Excess {
  readonly scopes: readonly Scope[];
  readonly schools: '*' | readonly string[];
}

/**
 * What `wanted` has beyond `holder`. A token's power is a ceiling: it issues, lists, revokes and
 * restores only tokens with nothing in excess of its own (every scope among its scopes, every
 * school among its schools; `*` only under `*`).
 */
export function excessOver(holder: Power, wanted: Power): Excess {
  const scopes = new Set(holder.scopes);
  const extraScopes = [...new Set(wanted.scopes)].filter((scope) => !scopes.has(scope));
  if (holder.schools === '*') return { scopes: extraScopes, schools: [] };
  if (wanted.schools === '*') return { scopes: extraScopes, schools: '*' };
  const own = new Set([...holder.schools].map(hex));
  const extraSchools = [...new Set([...wanted.schools].map(hex))].filter((id) => !own.has(id));
  return { scopes: extraScopes, schools: extraSchools };
}

/** Whether `holder`'s power covers all of `wanted`'s. */
export function covers(holder: Power, wanted: Power): boolean {
  const extra = excessOver(holder, wanted);
  return extra.scopes.length === 0 && extra.schools !== '*' && extra.schools.length === 0;
}

function hex(id: string | { toHexString(): string }): string {
  return typeof id === 'string' ? id.toLowerCase() : id.toHexString();
}
