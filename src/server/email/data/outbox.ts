import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The email domain's SQL: the outbox table every message goes through before delivery.
export type QueuedMessage = {
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: string | null;
  kind: string;
  locale: string;
  send_after: Date | null;
  expires_at: Date | null;
  calendar: string | null;
};

export function outboxRows(db: Kysely<DB>) {
  return {
    async insert(m: QueuedMessage): Promise<number> {
      return (await db.insertInto('email_outbox').values(m).returning('id').executeTakeFirstOrThrow()).id;
    },

    /** Up to `limit` queued messages that nobody holds and that are due at `at`, oldest first. */
    async due(at: Date, limit: number) {
      return db
        .selectFrom('email_outbox')
        .select(['id', 'to_email', 'subject', 'text_body', 'html_body', 'headers', 'kind', 'locale', 'attempts', 'calendar', 'expires_at'])
        .where('status', '=', 'queued')
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
        .where((eb) => eb.or([eb('send_after', 'is', null), eb('send_after', '<=', at)]))
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Hold a message until `until` (one more attempt); false when another process holds it or it is no longer queued. */
    async claim(id: number, at: Date, until: Date): Promise<boolean> {
      const res = await db
        .updateTable('email_outbox')
        .set({ locked_until: until, attempts: sql<number>`attempts + 1` })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async markSent(id: number, at: Date, textBody: string, htmlBody: string | null): Promise<void> {
      await db
        .updateTable('email_outbox')
        .set({ status: 'sent', sent_at: at, locked_until: null, error: null, text_body: textBody, html_body: htmlBody })
        .where('id', '=', id)
        .execute();
    },

    /** A failed attempt: retried after `retryAt`, or failed for good (retryAt null) with the body given. */
    async markAttemptFailed(id: number, error: string, retryAt: Date | null, textBody: string, htmlBody: string | null): Promise<void> {
      await db
        .updateTable('email_outbox')
        .set(
          retryAt
            ? { error, locked_until: retryAt }
            : { status: 'failed', error, locked_until: null, text_body: textBody, html_body: htmlBody },
        )
        .where('id', '=', id)
        .execute();
    },

    /** A message past its expiry is not sent: failed for good, with the body given (its codes redacted). */
    async markExpired(id: number, textBody: string, htmlBody: string | null): Promise<void> {
      await db
        .updateTable('email_outbox')
        .set({ status: 'failed', error: 'expired before delivery', locked_until: null, text_body: textBody, html_body: htmlBody })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes a message not sent yet. */
    async withdraw(id: number): Promise<void> {
      await db.deleteFrom('email_outbox').where('id', '=', id).where('status', '=', 'queued').where('sent_at', 'is', null).execute();
    },

    /** Deletes sent and failed messages made before `before`; how many. */
    async sweepFinished(before: Date): Promise<number> {
      const r = await db
        .deleteFrom('email_outbox')
        .where('status', 'in', ['sent', 'failed'])
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(r.numDeletedRows ?? 0);
    },
  };
}
