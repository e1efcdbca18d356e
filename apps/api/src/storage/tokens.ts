import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ObjectId } from 'bson';
import type { Db } from 'mongodb';
import { type ConfiguredToken, SCOPES, type Scope, sha256Hex } from '../config.js';
import { HttpError, httpError } from '../errors.js';
import type { Caller } from './caller.js';

const COLLECTION = 'api_tokens';

/** A token as listed by `GET /api/tokens`: never its secret. */
export interface TokenView {
  readonly _id: string;
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly schools: '*' | readonly string[];
  readonly active: boolean;
  readonly source: 'configured' | 'issued';
  readonly created_at?: Date;
}

/**
 * Resolves bearer secrets to callers. Configured tokens (`API_TOKENS`) are compared by SHA-256 in
 * constant time; issued tokens are stored only as their hash and looked up by it.
 */
export class TokenRegistry {
  readonly #configured: ReadonlyArray<ConfiguredToken & { digest: Buffer }>;

  constructor(
    private readonly db: Db,
    configured: readonly ConfiguredToken[],
  ) {
    this.#configured = configured.map((token) => ({ ...token, digest: Buffer.from(token.sha256, 'hex') }));
  }

  async ensureIndexes(): Promise<void> {
    await this.db
      .collection(COLLECTION)
      .createIndex({ token_sha256: 1 }, { unique: true, name: 'token_sha256_unique' });
  }

  async authenticate(secret: string): Promise<Caller | undefined> {
    const hash = sha256Hex(secret);
    const digest = Buffer.from(hash, 'hex');
    let match: ConfiguredToken | undefined;
    for (const token of this.#configured) {
      // Every configured token is compared, so timing says nothing about which one matched.
      if (timingSafeEqual(token.digest, digest)) match = token;
    }
    if (match) return toCaller(match.name, configuredId(match), match.scopes, match.schools);
    const issued = await this.db.collection(COLLECTION).findOne({ token_sha256: hash, active: true });
    if (!issued) return undefined;
    return toCaller(issued.name, `issued:${issued._id}`, issued.scopes, issued.schools);
  }

  /** `POST /api/tokens`: a new secret, shown once. An admin limited to some schools issues only within them. */
  async issue(body: { name: string; scopes: Scope[]; schools: '*' | string[] }, issuer: Caller) {
    const schools = body.schools === '*' ? '*' : body.schools.map((id) => ObjectId.createFromHexString(id));
    if (issuer.schools !== '*') {
      const allowed = issuer.schools;
      if (schools === '*' || schools.some((id) => !allowed.some((own) => own.equals(id)))) {
        throw httpError(
          'FORBIDDEN',
          'A token can only be issued for schools your own token covers.',
          'schools',
        );
      }
    }
    const secret = `sk_${randomBytes(24).toString('base64url')}`;
    const record = {
      _id: new ObjectId(),
      name: body.name,
      token_sha256: sha256Hex(secret),
      scopes: [...new Set(body.scopes)],
      schools,
      active: true,
      created_at: new Date(),
      created_by: issuer.name,
    };
    await this.db.collection(COLLECTION).insertOne(record);
    return { ...view(record), token: secret };
  }

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
    return [...configured, ...issued.map(view)].filter((token) => visibleTo(caller, token));
  }

  /** `PUT /api/tokens/:id` `{ "active": false }`: revoked at once (the next request with it is 401). */
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
    const existing = await this.db.collection(COLLECTION).findOne({ _id });
    if (!existing || !visibleTo(caller, view(existing)))
      throw httpError('NOT_FOUND', `No token ${id}.`, 'id');
    await this.db.collection(COLLECTION).updateOne({ _id }, { $set: { active, updated_at: new Date() } });
    return view({ ...existing, active });
  }
}

/**
 * A configured token's id: its configured name, which the operator chose and which says nothing of
 * the secret (a digest prefix would let anyone who sees logs or the token list test guesses offline).
 */
function configuredId(token: ConfiguredToken): string {
  return `configured:${token.name}`;
}

function toCaller(name: string, tokenId: string, scopes: readonly Scope[], schools: unknown): Caller {
  return {
    name,
    tokenId,
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
  };
}

/** An admin limited to some schools sees the tokens whose schools are all within theirs. */
function visibleTo(caller: Caller, token: TokenView): boolean {
  if (caller.schools === '*') return true;
  if (token.schools === '*') return false;
  const own = caller.schools.map((id) => id.toHexString());
  return token.schools.every((id) => own.includes(id));
}

export { HttpError };
