import 'server-only';
import type { Kysely } from 'kysely';
import { verifyToken } from './jwt';
import type { DB } from '../db/schema';
import { findSessionUser, touchSession } from './data/sessions';
import { ServiceError } from '../errors';

/** The two kinds of account: candidates (match) and companies (hire). */
export type AccountType = 'match' | 'hire';

/**
 * A session ends after this long without a request (decision 017); its absolute lifetime is the token's
 * (30 days, jwt.ts). Operators, when that role exists, get 12 hours.
 */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000;
/** How often a session's last use is written: an hour's precision on a week is plenty, and reads stay reads. */
const TOUCH_EVERY_MS = 60 * 60_000;

/** The check of a session token on every door: signature, lifetime, revocation, idle time, account state. */
export function createSessionCheck(db: Kysely<DB>, secret: string, now: () => number) {
  /** The user behind a live token of the given account type (any type when null). */
  return async function sessionOf(type: AccountType | null, token: string | null) {
    const t = now();
    const claims = token ? await verifyToken(token, secret, t) : null;
    // Every token since the first round of sign-out fixes carries an id; one without cannot be ended alone.
    if (!claims?.jti || (type !== null && claims.typ !== type)) throw new ServiceError('unauthorized');
    const id = Number(claims.sub);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) throw new ServiceError('unauthorized');
    const user = await findSessionUser(db, id, claims.jti);
    if (!user || user.revoked || user.account_type !== claims.typ || user.token_version !== claims.ver)
      throw new ServiceError('unauthorized');
    // Idle for a week: over (a token not seen since it was issued counts from its issue).
    const lastSeen = user.last_seen_at?.getTime() ?? claims.iat * 1000;
    if (t - lastSeen > SESSION_IDLE_MS) throw new ServiceError('unauthorized');
    if (user.user_status === 'suspended') throw new ServiceError('suspended');
    if (!user.last_seen_at || t - lastSeen > TOUCH_EVERY_MS) await touchSession(db, claims.jti, user.id, new Date(t));
    return user;
  };
}
