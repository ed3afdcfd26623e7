import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// Single-use codes for password reset and email confirmation. Only a hash is stored; the code itself
// travels in the email link. A user has at most one live code of each kind: asking for a new link ends the
// older ones, and using a link ends every other link of that kind.
const digest = (code: string) => createHash('sha256').update(code).digest('hex');

export async function createAuthCode(
  db: Kysely<DB>,
  userId: number,
  kind: 'reset' | 'confirm',
  ttlMs: number,
  now = Date.now(),
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('auth_codes')
      .set({ used_at: new Date(now) })
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('auth_codes')
      .values({ user_id: userId, kind, code_hash: digest(code), expires_at: new Date(now + ttlMs) })
      .execute();
  });
  return code;
}

/**
 * Use a code once. One statement marks every unused code of the code's user and kind as used, provided this
 * code is unused and unexpired: two links used at once cannot both win, and the winner ends the others.
 */
export async function consumeAuthCode(db: Kysely<DB>, code: string, kind: 'reset' | 'confirm', now = Date.now()): Promise<number | null> {
  const hash = digest(code);
  const at = new Date(now);
  const rows = await db
    .updateTable('auth_codes')
    .set({ used_at: at })
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('user_id', '=', (eb) =>
      eb
        .selectFrom('auth_codes as c')
        .select('c.user_id')
        .where('c.code_hash', '=', hash)
        .where('c.kind', '=', kind)
        .where('c.used_at', 'is', null)
        .where('c.expires_at', '>', at),
    )
    .returning(['user_id', 'code_hash'])
    .execute();
  return rows.find((r) => r.code_hash === hash)?.user_id ?? null;
}

/** Whether a code could still be used, without using it (to show an expired link's page up front). */
export async function authCodeIsUsable(db: Kysely<DB>, code: string, kind: 'reset' | 'confirm', now = Date.now()): Promise<boolean> {
  const row = await db
    .selectFrom('auth_codes')
    .select('id')
    .where('code_hash', '=', digest(code))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .executeTakeFirst();
  return !!row;
}
