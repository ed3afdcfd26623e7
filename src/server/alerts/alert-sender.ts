import 'server-only';
import { selectionOfAlert } from '../../domain/alert-search';
import type { Database } from '../db/client';
import { toDate } from '../db/schema';
import type { EmailService } from '../email/email-service';
import type { JobSearchService } from '../offers/job-search-service';
import { searchOfRow, type alertMail } from './alert-emails';
import type { AlertRows, DueAlert } from './data/alert-rows';

// Sending job alerts (decision 044), from the hourly housekeeping under a job lease. Due alerts are read in
// keyset batches (the due index), each one's news is one indexed query on published_at, and each alert's
// email is queued in the same transaction that moves its cursor, guarded by its version: a run that dies
// sends nothing twice and loses nothing, and two runs racing send each alert once.
type Deps = {
  rows: AlertRows;
  mail: ReturnType<typeof alertMail>;
  email: () => Promise<EmailService>;
  jobs: () => Promise<JobSearchService>;
  now: () => number;
};

const HOUR = 3_600_000;
const PERIOD_MS = { daily: 24 * HOUR, weekly: 7 * 24 * HOUR } as const;
/** Offers listed in one email; the rest are "and N more" with the search's link. */
const LISTED = 20;
const BATCH = 100;

export function createAlertSender(database: Database, deps: Deps) {
  const { rows, mail, now } = deps;

  /** The next due time: one period after the last, or from now when the job fell behind (no burst). */
  const nextDue = (a: DueAlert, at: number) => {
    const period = PERIOD_MS[a.frequency];
    const planned = (toDate(a.next_due_at)?.getTime() ?? at) + period;
    return new Date(planned > at ? planned : at + period);
  };

  /** One alert: its news since the cursor, queued with the cursor's move; 'sent', 'empty' or 'taken'. */
  async function sendOne(a: DueAlert, at: number): Promise<'sent' | 'empty' | 'taken'> {
    const until = new Date(at);
    const since = toDate(a.cursor_at) ?? toDate(a.confirmed_at) ?? until;
    const s = searchOfRow(a);
    const input = { ...selectionOfAlert(s), q: s.q, ...(s.minSalaryUsd ? { minSalaryUsd: s.minSalaryUsd } : {}) };
    const { items, total } = await (await deps.jobs()).publishedBetween(input, since, until, LISTED);
    const outbox = await deps.email();
    return database.db.transaction().execute(async (trx) => {
      const moved = await rows.advance(trx, a.id, a.version, {
        cursor_at: until,
        next_due_at: nextDue(a, at),
        ...(total > 0 ? { last_sent_at: until } : {}),
      });
      if (!moved) return 'taken';
      if (total === 0) return 'empty';
      await outbox.sendWith(
        trx,
        mail.digest(
          { to: a.email, search: s, locale: a.locale, manageNonce: a.manage_nonce, unsubscribeNonce: a.unsubscribe_nonce },
          items,
          total,
        ),
      );
      return 'sent';
    });
  }

  return {
    /**
     * Send every alert due now; how many emails were queued, how many alerts had nothing new, and how many
     * another run took first. Delivery is kicked once at the end.
     */
    async sendDue(): Promise<{ sent: number; empty: number; taken: number }> {
      const at = now();
      const counts = { sent: 0, empty: 0, taken: 0 };
      let after = 0;
      for (;;) {
        const batch = await rows.dueBatch(new Date(at), after, BATCH);
        for (const a of batch) counts[await sendOne(a, at)]++;
        if (batch.length < BATCH) break;
        after = batch.at(-1)!.id;
      }
      if (counts.sent) void (await deps.email()).drain().catch(() => {});
      return counts;
    },
  };
}
