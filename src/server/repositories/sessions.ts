import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { USER_FIELDS } from './users';

// Sessions are signed tokens; what the database adds is whether one was ended: the user's token version
// (all tokens) and the revoked token ids (one token, kept until it would have expired anyway).

/** The user behind a token, with whether that token id was revoked: one read per signed-in request. */
export async function findSessionUser(db: Kysely<DB>, id: number, jti: string | null) {
  const row = await db
    .selectFrom('users')
    .select([...USER_FIELDS, 'token_version'])
    .select(
      jti
        ? sql<number>`(case when exists (select 1 from revoked_tokens r where r.jti = ${jti}) then 1 else 0 end)`.as('revoked')
        : sql<number>`0`.as('revoked'),
    )
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, revoked: Number(row.revoked) === 1 } : undefined;
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
