import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ObjectId } from 'bson';
import type { Db } from 'mongodb';
import { type ConfiguredToken, type Scope, sha256Hex } from '../config/app-config.js';
import { type ErrorEntry, HttpError, httpError } from '../errors/http-error.js';
import type { Caller } from './caller.js';
import { expiryFor, MAX_TOKEN_LIFETIME_DAYS } from './token-expiry.js';
import { listTokens, type TokenTotals } from './token-list.js';
import { excessOver } from './token-power.js';
import { setTokenActive } from './token-revocation.js';
import { schoolsOf, scopesOf, type TokenView, toCaller, view } from './token-view.js';

const COLLECTION = 'api_tokens';

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
    /** Active, unexpired tokens one issuer may hold (`MAX_ACTIVE_TOKENS_PER_ISSUER`). */
    private readonly maxActivePerIssuer = 100,
  ) {
    this.#configured = configured.map((token) => ({ ...token, digest: Buffer.from(token.sha256, 'hex') }));
  }

  async ensureIndexes(): Promise<void> {
    const tokens = this.db.collection(COLLECTION);
    await tokens.createIndex({ token_sha256: 1 }, { unique: true, name: 'token_sha256_unique' });
    // The per-issuer count of active tokens, on every issue.
    await tokens.createIndex({ issued_by: 1, active: 1 }, { name: 'issued_by_active' });
  }

  async authenticate(secret: string): Promise<Authentication> {
    const hash = sha256Hex(secret);
    const digest = Buffer.from(hash, 'hex');
    let match: ConfiguredToken | undefined;
    for (const token of this.#configured) {
      // Every configured token is compared, so timing says nothing about which one matched.
      if (timingSafeEqual(token.digest, digest)) match = token;
    }
    if (match) return { ok: true, caller: toCaller({ ...match, tokenId: configuredId(match) }) };
    const issued = await this.db.collection(COLLECTION).findOne({ token_sha256: hash, active: true });
    if (!issued) return { ok: false, reason: 'unknown' };
    const expiresAt = issued.expires_at instanceof Date ? issued.expires_at : undefined;
    if (expiresAt && expiresAt.getTime() <= this.now().getTime())
      return { ok: false, reason: 'expired', expiredAt: expiresAt };
    const tokenId = `issued:${issued._id}`;
    // A token stored before lineages were is the root of its own.
    const lineage = typeof issued.lineage === 'string' ? issued.lineage : tokenId;
    const caller = toCaller(
      { name: String(issued.name), tokenId, lineage, scopes: issued.scopes, schools: issued.schools },
      expiresAt,
    );
    return { ok: true, caller };
  }

  /**
   * `POST /api/tokens`: a new secret, shown once. The issuer grants nothing it lacks: every scope
   * and school must be its own (403 naming the excess), and the token can't outlive the issuer's
   * own expiry (without `expires_at` it inherits it). `scopes` and `schools` are sets: each is
   * stored once. An issuer holds at most `maxActivePerIssuer` active, unexpired tokens (409).
   */
  async issue(body: TokenRequest, issuer: Caller) {
    const expiresAt = expiryFor(body.expires_at, issuer, this.now());
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
    await this.#withinIssuerLimit(issuer);
    const secret = `sk_${randomBytes(24).toString('base64url')}`;
    const _id = new ObjectId();
    const record = {
      _id,
      name: body.name,
      token_sha256: sha256Hex(secret),
      scopes: scopesOf(body.scopes),
      schools: schoolsOf(body.schools),
      active: true,
      created_at: this.now(),
      created_by: issuer.name,
      issued_by: issuer.tokenId,
      lineage: lineageOf(issuer, `issued:${_id.toHexString()}`),
      ...(expiresAt ? { expires_at: expiresAt } : {}),
    };
    await this.db.collection(COLLECTION).insertOne(record);
    return { ...view(record, issuer), token: secret };
  }

  /**
   * Refuses a token past the issuer's limit of active, unexpired tokens it issued. Counted before
   * the insert: requests that arrive together may each pass it (the issuer's rate limit bounds how
   * many).
   */
  async #withinIssuerLimit(issuer: Caller): Promise<void> {
    const held = await this.db.collection(COLLECTION).countDocuments({
      issued_by: issuer.tokenId,
      active: true,
      $or: [{ expires_at: { $exists: false } }, { expires_at: { $gt: this.now() } }],
    });
    if (held < this.maxActivePerIssuer) return;
    throw httpError(
      'CONFLICT',
      `This token already holds ${held} active tokens it issued, the most one issuer may hold (MAX_ACTIVE_TOKENS_PER_ISSUER = ${this.maxActivePerIssuer}); revoke one (PUT /api/tokens/<id> {"active": false}) or let one expire before issuing another.`,
      'Authorization',
    );
  }

  /**
   * `GET /api/tokens`: a page of the tokens within the caller's power, configured ones first, as the
   * raw query string asks (auth/token-list-query.ts); never their secrets.
   */
  async list(caller: Caller, query = ''): Promise<TokenView[] | TokenTotals> {
    const configured: TokenView[] = this.#configured.map((token) => ({
      _id: configuredId(token),
      name: token.name,
      scopes: scopesOf(token.scopes),
      schools: token.schools === '*' ? '*' : [...new Set(token.schools)],
      active: true,
      source: 'configured',
    }));
    return listTokens(this.db.collection(COLLECTION), configured, caller, query);
  }

  /** `PUT /api/tokens/:id` (auth/token-revocation.ts). */
  async setActive(id: string, active: boolean, caller: Caller): Promise<TokenView> {
    return setTokenActive(this.db.collection(COLLECTION), id, active, caller, this.now());
  }
}

/**
 * A configured token's id: its configured name, which the operator chose and which says nothing of
 * the secret (a digest prefix would let anyone who sees logs or the token list test guesses offline).
 */
function configuredId(token: ConfiguredToken): string {
  return `configured:${token.name}`;
}

export { MAX_TOKEN_LIFETIME_DAYS, type TokenView };

/**
 * The rate-limit window a token issued by `issuer` shares. A configured token belongs to the
 * operator, whose services hand the tokens it issues to different clients (each school's app): each
 * of those starts a lineage of its own. A token issued by an issued token shares its issuer's, so
 * whoever holds an issued token buys no requests by minting successors.
 */
function lineageOf(issuer: Caller, ownId: string): string {
  if (issuer.tokenId.startsWith('configured:')) return ownId;
  return issuer.lineage ?? issuer.tokenId;
}
