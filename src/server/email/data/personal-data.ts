import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The email domain's part of a person's data export (decision 072): the emails sent (or waiting) to their
// address that the outbox still keeps (sent mail goes after its retention, see the privacy policy).
export async function outboxData(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('email_outbox')
    .select(['kind', 'subject', 'text_body', 'locale', 'status', 'created_at', 'sent_at'])
    .where('to_email', '=', email)
    .orderBy('id')
    .execute();
}
