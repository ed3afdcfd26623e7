import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

// Single-use codes for password reset and email confirmation. Only a hash is stored; the code itself
// travels in the email link.
const digest = (code: string) => createHash('sha256').update(code).digest('hex');

export async function createAuthCode(db: Kysely<DB>, userId: number, kind: 'reset' | 'confirm', ttlMs: number, now = Date.now()): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db.insertInto('auth_codes').values({ user_id: userId, kind, code_hash: digest(code), expires_at: new Date(now + ttlMs) }).execute();
  return code;
}

/** Use a code once: the update succeeds only for an unused, unexpired code, so two uses cannot both win. */
export async function consumeAuthCode(db: Kysely<DB>, code: string, kind: 'reset' | 'confirm', now = Date.now()): Promise<number | null> {
  const row = await db
    .updateTable('auth_codes')
    .set({ used_at: new Date(now) })
    .where('code_hash', '=', digest(code))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
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
