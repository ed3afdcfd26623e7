import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The notifications domain's part of a person's data export (decision 072): the email preferences chosen
// (kinds without a row follow their default) and the notifications of the bell.
export async function notificationsData(db: Kysely<DB>, userId: number) {
  const preferences = await db
    .selectFrom('notification_settings')
    .select(['kind', 'mode', 'updated_at'])
    .where('user_id', '=', userId)
    .execute();
  const notifications = await db
    .selectFrom('notifications')
    .select(['kind', 'data', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return { preferences, notifications };
}
