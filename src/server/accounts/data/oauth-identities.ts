import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Q = Kysely<DB> | Transaction<DB>;

export async function findIdentityUser(db: Q, provider: string, providerUserId: string): Promise<number | null> {
  const row = await db
    .selectFrom('oauth_identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('provider_user_id', '=', providerUserId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function linkIdentity(db: Q, provider: string, providerUserId: string, userId: number): Promise<void> {
  await db.insertInto('oauth_identities').values({ provider, provider_user_id: providerUserId, user_id: userId }).execute();
}
