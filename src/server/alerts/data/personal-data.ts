import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The alerts domain's part of a person's data export (decision 072): the job alerts saved by the account
// or for its address (lower-cased in the table).
export async function alertsData(db: Kysely<DB>, userId: number, email: string) {
  return db
    .selectFrom('job_alerts as a')
    .innerJoin('alert_recipients as r', 'r.id', 'a.recipient_id')
    .select([
      'r.email',
      'a.country',
      'a.filters',
      'a.q',
      'a.min_salary_usd',
      'a.frequency',
      'a.locale',
      'a.status',
      'a.created_at',
      'a.confirmed_at',
      'a.last_sent_at',
    ])
    .where((eb) => eb.or([eb('r.user_id', '=', userId), eb('r.email', '=', email.toLowerCase())]))
    .orderBy('a.id')
    .execute();
}
