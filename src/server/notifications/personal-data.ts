import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notificationsData } from './data/personal-data';

/** What the notifications domain holds about a person, for their data export (decision 072). */
export async function notificationsPart(db: Kysely<DB>, userId: number) {
  const { preferences, notifications } = await notificationsData(db, userId);
  return { data: { notificationPreferences: preferences, notifications }, files: [] };
}
