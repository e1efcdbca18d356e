import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ObjectId } from 'bson';
import type { Db } from 'mongodb';
import { type ConfiguredToken, SCOPES, type Scope, sha256Hex } from '../config/app-config.js';
import { type ErrorEntry, HttpError, httpError } from '../errors/http-error.js';
import type { Caller } from './caller.js';
import { covers, excessOver } from './token-power.js';

const COLLECTION = 'api_tokens';

/** The furthest ahead an issued token's `expires_at` may be: a typo of a year is refused, not kept. */
export const MAX_TOKEN_LIFETIME_DAYS = 5 * 366;
const MAX_TOKEN_LIFETIME_MS = MAX_TOKEN_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

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
}

/** What a bearer secret turned out to be. */
export type Authentication =
  | { readonly ok: true; readonly caller: Caller }
  | { readonly ok: false; readonly reason: 'missing' | 'unknown' }
  | { readonly ok: false; readonly reason: 'expired'; readonly expiredAt: Date };

/** The body of `POST /api/tokens`, as the schema admits it. */
export interface TokenRequest {
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly schools: '*' | readonly string[];
  readonly expires_at?: string;
}

/**
 * Resolves bearer secrets to callers, and owns the issued tokens. Configured tokens (`API_TOKENS`)
 * are compared by SHA-256 in constant time; issued tokens are stored only as their hash and looked
 * up by it. A token's power is a ceiling: it issues, lists, revokes and restores only tokens whose
 * scopes and schools are within its own (`token-power.ts`).
 */
export class TokenRegistry {
  readonly #configured: ReadonlyArray<ConfiguredToken & { digest: Buffer }>;

  constructor(
    private readonly db: Db,
    configured: readonly ConfiguredToken[],
    private readonly now: () => Date = () => new Date(),
  ) {
    this.#configured = configured.map((token) => ({ ...token, digest: Buffer.from(token.sha256, 'hex') }));
  }

  async ensureIndexes(): Promise<void> {
    await this.db
      .collection(COLLECTION)
      .createIndex({ token_sha256: 1 }, { unique: true, name: 'token_sha256_unique' });
  }

  async authenticate(secret: string): Promise<Authentication> {
    const hash = sha256Hex(secret);
    const digest = Buffer.from(hash, 'hex');
    let match: ConfiguredToken | undefined;
    for (const token of this.#configured) {
      // Every configured token is compared, so timing says nothing about which one matched.
      if (timingSafeEqual(token.digest, digest)) match = token;
    }
    if (match)
      return { ok: true, caller: toCaller(match.name, configuredId(match), match.scopes, match.schools) };
    const issued = await this.db.collection(COLLECTION).findOne({ token_sha256: hash, active: true });
    if (!issued) return { ok: false, reason: 'unknown' };
    const expiresAt = issued.expires_at instanceof Date ? issued.expires_at : undefined;
    if (expiresAt && expiresAt.getTime() <= this.now().getTime())
      return { ok: false, reason: 'expired', expiredAt: expiresAt };
    return {
      ok: true,
      caller: toCaller(issued.name, `issued:${issued._id}`, issued.scopes, issued.schools, expiresAt),
    };
  }

  /**
   * `POST /api/tokens`: a new secret, shown once. The issuer grants nothing it lacks: every scope
   * and school must be its own (403 naming the excess), and the token can't outlive the issuer's
   * own expiry (without `expires_at` it inherits it).
   */
  async issue(body: TokenRequest, issuer: Caller) {
    const expiresAt = this.#expiryFor(body.expires_at, issuer);
    const excess = excessOver(issuer, body);
    const problems: ErrorEntry[] = [];
    if (excess.scopes.length > 0) {
      problems.push({
        code: 'FORBIDDEN',
        param: 'scopes',
        message: `A token can only grant scopes it holds itself; yours lacks ${excess.scopes.map((scope) => `"${scope}"`).join(', ')}.`,
      });
    }
    if (excess.schools === '*' || excess.schools.length > 0) {
      problems.push({
        code: 'FORBIDDEN',
        param: 'schools',
        message:
          excess.schools === '*'
            ? 'A token limited to some schools can only issue tokens for schools your own token covers, not "*".'
            : `A token can only be issued for schools your own token covers; yours lacks ${excess.schools.join(', ')}.`,
      });
    }
    if (problems.length > 0) throw new HttpError(problems);
    const schools = body.schools === '*' ? '*' : body.schools.map((id) => ObjectId.createFromHexString(id));
    const secret = `sk_${randomBytes(24).toString('base64url')}`;
    const record = {
      _id: new ObjectId(),
      name: body.name,
      token_sha256: sha256Hex(secret),
      scopes: [...new Set(body.scopes)],
      schools,
      active: true,
      created_at: this.now(),
      created_by: issuer.name,
      ...(expiresAt ? { expires_at: expiresAt } : {}),
    };
    await this.db.collection(COLLECTION).insertOne(record);
    return { ...view(record), token: secret };
  }

  /** The expiry of a token `issuer` issues: the one asked for, checked, or the issuer's own. */
  #expiryFor(requested: string | undefined, issuer: Caller): Date | undefined {
    if (requested === undefined) return issuer.expiresAt;
    const at = new Date(requested);
    const now = this.now().getTime();
    if (Number.isNaN(at.getTime()) || at.getTime() <= now) {
      throw httpError(
        'VALIDATION_FAILED',
        `expires_at must be a date-time in the future (it is ${new Date(now).toISOString()} now).`,
        'expires_at',
      );
    }
    if (at.getTime() > now + MAX_TOKEN_LIFETIME_MS) {
      throw httpError(
        'VALIDATION_FAILED',
        `expires_at must be at most ${MAX_TOKEN_LIFETIME_DAYS} days ahead (until ${new Date(now + MAX_TOKEN_LIFETIME_MS).toISOString()}).`,
        'expires_at',
      );
    }
    if (issuer.expiresAt && at.getTime() > issuer.expiresAt.getTime()) {
      throw httpError(
        'FORBIDDEN',
        `A token can't outlive the token that issues it: yours expires at ${issuer.expiresAt.toISOString()}.`,
        'expires_at',
      );
    }
    return at;
  }

  /** The tokens within the caller's power (configured ones first), never their secrets. */
  async list(caller: Caller): Promise<TokenView[]> {
    const issued = await this.db
      .collection(COLLECTION)
      .find({}, { sort: { _id: 1 } })
      .toArray();
    const configured: TokenView[] = this.#configured.map((token) => ({
      _id: configuredId(token),
      name: token.name,
      scopes: token.scopes,
      schools: token.schools,
      active: true,
      source: 'configured',
    }));
    return [...configured, ...issued.map(view)].filter((token) => covers(caller, token));
  }

  /**
   * `PUT /api/tokens/:id`: `{ "active": false }` revokes at once (the next request with it is 401),
   * `true` restores. Only a token within the caller's power is found at all (404 otherwise); a
   * revocation stands against anyone with less power than whoever made it (403 to restore it).
   */
  async setActive(id: string, active: boolean, caller: Caller): Promise<TokenView> {
    if (!/^[0-9a-f]{24}$/iu.test(id)) {
      throw httpError(
        'NOT_FOUND',
        id.startsWith('configured:')
          ? 'Configured tokens are changed in API_TOKENS, not here.'
          : `No token ${id}.`,
        'id',
      );
    }
    const _id = ObjectId.createFromHexString(id);
    const tokens = this.db.collection(COLLECTION);
    const existing = await tokens.findOne({ _id });
    if (!existing || !covers(caller, view(existing))) throw httpError('NOT_FOUND', `No token ${id}.`, 'id');
    // Revoking a revoked token keeps the first revocation (and who may undo it).
    if (existing.active === active) return view(existing);
    const revokedBy = revoker(existing.revoked_by);
    if (active && revokedBy && !covers(caller, revokedBy)) {
      throw httpError(
        'FORBIDDEN',
        // The revoker is not named: it is outside the caller's power, so its id is not the caller's to see.
        `Token ${id} was revoked by a token whose scopes or schools exceed yours; only a token with at least its power can restore it.`,
        'id',
      );
    }
    const update = active
      ? { $set: { active, updated_at: this.now() }, $unset: { revoked_by: '' } }
      : {
          $set: {
            active,
            updated_at: this.now(),
            revoked_by: { token: caller.tokenId, scopes: [...caller.scopes], schools: caller.schools },
          },
        };
    const { matchedCount } = await tokens.updateOne({ _id, active: existing.active }, update);
    if (matchedCount === 0) {
      throw httpError('CONFLICT', `Token ${id} changed at the same moment; read it again.`, 'id');
    }
    return view({ ...existing, active });
  }
}

/** Who revoked a token, as stored with the revocation. */
interface Revoker {
  readonly token: string;
  readonly scopes: readonly Scope[];
  readonly schools: '*' | readonly ObjectId[];
}

function revoker(stored: unknown): Revoker | undefined {
  if (stored === null || typeof stored !== 'object') return undefined;
  const { token, scopes, schools } = stored as Record<string, unknown>;
  if (typeof token !== 'string' || !Array.isArray(scopes)) return undefined;
  return {
    token,
    scopes: scopes.filter((scope): scope is Scope => SCOPES.includes(scope)),
    schools:
      schools === '*' ? '*' : Array.isArray(schools) ? schools.filter((id) => id instanceof ObjectId) : [],
  };
}

/**
 * A configured token's id: its configured name, which the operator chose and which says nothing of
 * the secret (a digest prefix would let anyone who sees logs or the token list test guesses offline).
 */
function configuredId(token: ConfiguredToken): string {
  return `configured:${token.name}`;
}

function toCaller(
  name: string,
  tokenId: string,
  scopes: readonly Scope[],
  schools: unknown,
  expiresAt?: Date,
): Caller {
  return {
    name,
    tokenId,
    ...(expiresAt ? { expiresAt } : {}),
    scopes: new Set(scopes.filter((scope) => SCOPES.includes(scope))),
    schools:
      schools === '*'
        ? '*'
        : (schools as Array<string | ObjectId>).map((id) =>
            id instanceof ObjectId ? id : ObjectId.createFromHexString(id),
          ),
  };
}

function view(record: Record<string, unknown>): TokenView {
  const schools = record.schools;
  return {
    _id: String(record._id),
    name: String(record.name),
    scopes: record.scopes as Scope[],
    schools: schools === '*' ? '*' : (schools as ObjectId[]).map((id) => id.toString()),
    active: record.active === true,
    source: 'issued',
    ...(record.created_at instanceof Date ? { created_at: record.created_at } : {}),
    ...(record.expires_at instanceof Date ? { expires_at: record.expires_at } : {}),
  };
}

export { HttpError };
