import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { outboxData } from './data/personal-data';

/** What the email domain holds about a person, for their data export (decision 072). */
export async function emailPart(db: Kysely<DB>, email: string) {
  return { data: { emailsSent: await outboxData(db, email) }, files: [] };
}
