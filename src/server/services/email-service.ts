import 'server-only';
import type { Database } from '../db/client';

// Outgoing email. The embedded default keeps every message in the outbox table and prints it to the log;
// an SMTP transport (SMTP_URL) is the backend issue's next step and will drain the same outbox.
export type OutgoingEmail = { to: string; subject: string; text: string; kind: string; locale: 'es' | 'en' };

export function createEmailService(database: Database, log: (m: string) => void = console.log) {
  return {
    async send(m: OutgoingEmail): Promise<number> {
      const row = await database.db
        .insertInto('email_outbox')
        .values({ to_email: m.to, subject: m.subject, text_body: m.text, html_body: null, kind: m.kind, locale: m.locale })
        .returning('id')
        .executeTakeFirstOrThrow();
      log(`[email] outbox #${row.id} to ${m.to}: ${m.subject}`);
      return row.id;
    },
  };
}
export type EmailService = ReturnType<typeof createEmailService>;
