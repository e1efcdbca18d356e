/**
 * `PUT /api/tokens/:id`: revoke (`active: false`) or restore (`true`) an issued token. A revocation
 * records who made it and with what power; the widest authority's revocation wins: revoking again
 * with power covering the standing revoker's replaces the revocation with one's own, and a
 * revocation is restored only by power covering its revoker's. A narrower admin therefore can
 * neither pre-empt a wider one (its earlier revocation is replaced) nor undo it.
 */
import { ObjectId } from 'bson';
import type { Collection, Document, Filter } from 'mongodb';
import { OBJECT_ID_TEXT } from '../config/patterns.js';
import { httpError } from '../errors/http-error.js';
import type { Caller } from './caller.js';
import { covers } from './token-power.js';
import { type Revoker, revokerFrom, revokerOf, type TokenView, view } from './token-view.js';

export async function setTokenActive(
  tokens: Collection,
  id: string,
  active: boolean,
  caller: Caller,
  now: Date,
): Promise<TokenView> {
  if (!OBJECT_ID_TEXT.test(id)) {
    throw httpError(
      'NOT_FOUND',
      id.startsWith('configured:')
        ? 'Configured tokens are changed in API_TOKENS, not here.'
        : `No token ${id}.`,
      'id',
    );
  }
  const _id = ObjectId.createFromHexString(id);
  const existing = await tokens.findOne({ _id });
  if (!existing || !covers(caller, view(existing, caller)))
    throw httpError('NOT_FOUND', `No token ${id}.`, 'id');
  const standing = existing.active === true ? undefined : revokerOf(existing.revoked_by);
  const wasActive = existing.active === true;
  if (active && !wasActive && standing && !covers(caller, standing)) {
    throw httpError(
      'FORBIDDEN',
      // The revoker is not named: it is outside the caller's power, so its id is not the caller's to see.
      `Token ${id} was revoked by a token whose scopes or schools exceed yours; only a token with at least its power can restore it.`,
      'id',
    );
  }
  if (active === wasActive && (active || !replaces(caller, standing))) return view(existing, caller);
  const revoker = revokerFrom(caller);
  const update = active
    ? { $set: { active, updated_at: now }, $unset: { revoked_by: '' } }
    : { $set: { active, updated_at: now, revoked_by: revoker } };
  const { matchedCount } = await tokens.updateOne(unchangedSince(_id, wasActive, standing), update);
  if (matchedCount === 0) {
    throw httpError('CONFLICT', `Token ${id} changed at the same moment; read it again.`, 'id');
  }
  const { revoked_by: _previous, ...rest } = existing;
  return view({ ...rest, active, ...(active ? {} : { revoked_by: revoker }) }, caller);
}

/** Whether the caller's revocation replaces the standing one: it is not its own, and the caller's power covers it. */
function replaces(caller: Caller, standing: Revoker | undefined): boolean {
  return standing === undefined || (standing.token !== caller.tokenId && covers(caller, standing));
}

/** The token as it was read: the update applies only if nobody changed it in between. */
function unchangedSince(_id: ObjectId, active: boolean, standing: Revoker | undefined): Filter<Document> {
  if (active) return { _id, active: true };
  return {
    _id,
    active: { $ne: true },
    ...(standing ? { 'revoked_by.token': standing.token } : { revoked_by: null }),
  };
}
