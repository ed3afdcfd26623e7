import 'server-only';
import { sql, type Kysely } from 'kysely';
import { toDate, type DB } from '../../db/schema';
import { USER_FIELDS } from './users';

// Sessions are signed tokens; what the database adds is whether one was ended: the user's token version
// (all tokens), the revoked token ids (one token, kept until it would have expired anyway), and when each
// token was last used (it ends after a week without use).

/**
 * The user behind a token, with whether that token id was revoked and when it was last used (null before
 * its first check): one read per signed-in request.
 */
export async function findSessionUser(db: Kysely<DB>, id: number, jti: string) {
  const row = await db
    .selectFrom('users')
    .select([...USER_FIELDS, 'token_version'])
    .select(sql<number>`(case when exists (select 1 from revoked_tokens r where r.jti = ${jti}) then 1 else 0 end)`.as('revoked'))
    .select((eb) => eb.selectFrom('session_activity as s').select('s.last_seen_at').where('s.jti', '=', jti).as('last_seen_at'))
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, revoked: Number(row.revoked) === 1, last_seen_at: toDate(row.last_seen_at) } : undefined;
}

/** Note that a token was used now (the caller writes at most once an hour per token). */
export async function touchSession(db: Kysely<DB>, jti: string, userId: number, now: Date): Promise<void> {
  await db
    .insertInto('session_activity')
    .values({ jti, user_id: userId, last_seen_at: now })
    .onConflict((oc) => oc.column('jti').doUpdateSet({ last_seen_at: now }))
    .execute();
}

/** Activity older than the idle timeout belongs to sessions that have ended (housekeeping). */
export async function sweepSessionActivity(db: Kysely<DB>, before: Date): Promise<number> {
  const r = await db.deleteFrom('session_activity').where('last_seen_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}

export async function revokeToken(db: Kysely<DB>, jti: string, userId: number, expiresAt: Date): Promise<void> {
  await db
    .insertInto('revoked_tokens')
    .values({ jti, user_id: userId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

/** Revocations of tokens that have expired by now are no longer needed (housekeeping). */
export async function sweepRevokedTokens(db: Kysely<DB>, now = new Date()): Promise<number> {
  const r = await db.deleteFrom('revoked_tokens').where('expires_at', '<', now).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}
