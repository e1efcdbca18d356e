/**
 * Issued tokens as the database stores them and as the API shows them. `scopes` and `schools` are
 * sets: each is read once, whatever an older version stored, so the list, the power checks and the
 * caller agree on them.
 */
import { ObjectId } from 'bson';
import { SCOPES, type Scope } from '../config/app-config.js';
import { OBJECT_ID_TEXT } from '../config/patterns.js';
import type { Caller } from './caller.js';
import { covers } from './token-power.js';

/** A token as listed by `GET /api/tokens`: never its secret. */
export interface TokenView {
  readonly _id: string;
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly schools: '*' | readonly string[];
  readonly active: boolean;
  readonly source: 'configured' | 'issued';
  readonly created_at?: Date;
  /** When the token stops working (401 `TOKEN_EXPIRED` from then on); absent for a token that never expires. */
  readonly expires_at?: Date;
  /**
   * On a revoked token: the id of the token whose revocation stands, or `null` when that token is
   * beyond the viewer's power (its id is not the viewer's to see, and only it can restore).
   */
  readonly revoked_by?: string | null;
}

/** Who revoked a token, as stored with the revocation: the revoker's id and its power then. */
export interface Revoker {
  readonly token: string;
  readonly scopes: readonly Scope[];
  readonly schools: '*' | readonly ObjectId[];
}

/** The scopes a record holds (those the service knows), each once, in the order first stored. */
export function scopesOf(stored: unknown): Scope[] {
  return Array.isArray(stored) ? [...new Set(stored.filter((scope) => SCOPES.includes(scope)))] : [];
}

/** The schools a record holds: `*`, or each id once (by its hex), in the order first stored. */
export function schoolsOf(stored: unknown): '*' | ObjectId[] {
  if (stored === '*') return '*';
  if (!Array.isArray(stored)) return [];
  const seen = new Map<string, ObjectId>();
  for (const id of stored) {
    const objectId =
      id instanceof ObjectId
        ? id
        : typeof id === 'string' && OBJECT_ID_TEXT.test(id)
          ? ObjectId.createFromHexString(id)
          : undefined;
    if (objectId && !seen.has(objectId.toHexString())) seen.set(objectId.toHexString(), objectId);
  }
  return [...seen.values()];
}

export function revokerOf(stored: unknown): Revoker | undefined {
  if (stored === null || typeof stored !== 'object') return undefined;
  const { token, scopes, schools } = stored as Record<string, unknown>;
  if (typeof token !== 'string' || !Array.isArray(scopes)) return undefined;
  return {
    token,
    scopes: scopesOf(scopes),
    schools: schoolsOf(schools),
  };
}

/** The revocation a caller makes, as stored. */
export function revokerFrom(caller: Caller): Revoker {
  return { token: caller.tokenId, scopes: [...caller.scopes], schools: caller.schools };
}

/** A token id as the list shows it: `configured:<name>`, or an issued token's bare 24-hex `_id`. */
function shownId(tokenId: string): string {
  return tokenId.startsWith('issued:') ? tokenId.slice('issued:'.length) : tokenId;
}

/** An issued token's record as `viewer` sees it. */
export function view(record: Record<string, unknown>, viewer: Caller): TokenView {
  const schools = schoolsOf(record.schools);
  const active = record.active === true;
  const revoker = active ? undefined : revokerOf(record.revoked_by);
  return {
    _id: String(record._id),
    name: String(record.name),
    scopes: scopesOf(record.scopes),
    schools: schools === '*' ? '*' : schools.map((id) => id.toHexString()),
    active,
    source: 'issued',
    ...(record.created_at instanceof Date ? { created_at: record.created_at } : {}),
    ...(record.expires_at instanceof Date ? { expires_at: record.expires_at } : {}),
    ...(revoker ? { revoked_by: covers(viewer, revoker) ? shownId(revoker.token) : null } : {}),
  };
}

/** The caller an authenticated secret is: its scopes (known ones) and schools as sets. */
export function toCaller(
  token: { name: string; tokenId: string; scopes: unknown; schools: unknown; lineage?: string },
  expiresAt?: Date,
): Caller {
  return {
    name: token.name,
    tokenId: token.tokenId,
    ...(token.lineage && token.lineage !== token.tokenId ? { lineage: token.lineage } : {}),
    ...(expiresAt ? { expiresAt } : {}),
    scopes: new Set(scopesOf(token.scopes)),
    schools: schoolsOf(token.schools),
  };
}
