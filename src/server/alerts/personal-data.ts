import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { alertsData } from './data/personal-data';

/** What the alerts domain holds about a person, for their data export (decision 072). */
export async function alertsPart(db: Kysely<DB>, userId: number, email: string) {
  return { data: { jobAlerts: await alertsData(db, userId, email) }, files: [] };
}
