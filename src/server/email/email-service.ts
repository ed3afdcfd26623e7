import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/client';
import { outboxRows, type QueuedMessage } from './data/outbox';
import { toDate, type DB } from '../db/schema';

// Outgoing email goes through the outbox table first, so that nothing is lost when the mail server is
// down and a request never waits on SMTP. With a transport (SMTP_URL), a drainer delivers queued
// messages with retries; without one the log is the delivery channel and messages stay queued.
export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative of the text (email/render.ts makes both). */
  html?: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post for non-essential messages. */
  headers?: Record<string, string>;
  kind: string;
  locale: 'es' | 'en';
  /** Hold the message until then (a meeting reminder). */
  sendAfter?: Date;
  /** Not delivered after this time (its link or code has expired by then): dropped instead of sent late. */
  expiresAt?: Date;
  /** An iCalendar object (RFC 5545) sent along as text/calendar. */
  calendar?: string;
};
type MailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  calendar?: { method: string; content: string };
};
export type MailTransport = { send(m: MailMessage): Promise<void>; close?(): void };

/**
 * The single-use codes inside links (reset, confirmation: 43 base64url characters) replaced by a marker.
 * A delivered or abandoned message keeps its row (who got what, when) but not a working link.
 */
function redactSecrets(text: string): string {
  return text.replace(/[A-Za-z0-9_-]{32,}/g, '[redacted]');
}

const redactHtml = (html: string | null) => (html == null ? null : redactSecrets(html));

/** The stored extra headers; only names and values that are plain printable text (no header injection). */
function extraHeaders(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const parsed = JSON.parse(json) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (e): e is [string, string] => /^[A-Za-z][A-Za-z0-9-]{0,60}$/.test(e[0]) && typeof e[1] === 'string' && !/[\r\n]/.test(e[1]),
      ),
    );
  } catch {
    return {};
  }
}

/** Minutes to wait before each retry; after the last one a message is marked failed. */
export const RETRY_DELAYS_MIN = [1, 5, 15, 60];
const MAX_ATTEMPTS = RETRY_DELAYS_MIN.length + 1;
const LOCK_MS = 2 * 60_000;
const BATCH = 20;

type Options = { transport?: MailTransport; from?: string; log?: (m: string) => void; now?: () => number };

export function createEmailService(database: Database, opts: Options = {}) {
  const rows = outboxRows(database.db);
  const log = opts.log ?? console.log;
  const now = opts.now ?? Date.now;
  const from = opts.from ?? 'Tandem <no-reply@localhost>';
  let draining: Promise<number> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  async function deliverBatch(transport: MailTransport): Promise<number> {
    const t = now();
    const due = await rows.due(new Date(t), BATCH);
    let sent = 0;
    for (const row of due) {
      // Hold the message for this process; skip it when another process holds it or it is no longer queued.
      if (!(await rows.claim(row.id, new Date(now()), new Date(now() + LOCK_MS)))) continue;
      const expiresAt = toDate(row.expires_at);
      if (expiresAt && expiresAt.getTime() <= now()) {
        await rows.markExpired(row.id, redactSecrets(row.text_body), redactHtml(row.html_body));
        log(`[email] dropped #${row.id} to ${row.to_email}: expired at ${expiresAt.toISOString()} before delivery`);
        continue;
      }
      const attempt = row.attempts + 1;
      try {
        await transport.send({
          from,
          to: row.to_email,
          subject: row.subject,
          text: row.text_body,
          ...(row.html_body ? { html: row.html_body } : {}),
          headers: { ...extraHeaders(row.headers), 'Content-Language': row.locale, 'X-Tandem-Kind': row.kind },
          ...(row.calendar ? { calendar: { method: /^METHOD:(\w+)/m.exec(row.calendar)?.[1] ?? 'REQUEST', content: row.calendar } } : {}),
        });
        await rows.markSent(row.id, new Date(now()), redactSecrets(row.text_body), redactHtml(row.html_body));
        log(`[email] sent #${row.id} to ${row.to_email}`);
        sent++;
      } catch (err) {
        const error = String((err as Error)?.message ?? err).slice(0, 500);
        const last = attempt >= MAX_ATTEMPTS;
        await rows.markAttemptFailed(
          row.id,
          error,
          last ? null : new Date(now() + RETRY_DELAYS_MIN[attempt - 1]! * 60_000),
          redactSecrets(row.text_body),
          redactHtml(row.html_body),
        );
        log(`[email] ${last ? 'gave up on' : 'will retry'} #${row.id} to ${row.to_email} (attempt ${attempt}): ${error}`);
      }
    }
    return sent;
  }

  const rowOf = (m: OutgoingEmail): QueuedMessage => ({
    to_email: m.to,
    subject: m.subject,
    text_body: m.text,
    html_body: m.html ?? null,
    headers: m.headers ? JSON.stringify(m.headers) : null,
    kind: m.kind,
    locale: m.locale,
    send_after: m.sendAfter ?? null,
    expires_at: m.expiresAt ?? null,
    calendar: m.calendar ?? null,
  });

  const service = {
    /**
     * Queue a message inside the caller's transaction `q`: it exists only if that commits, with whatever the
     * caller recorded beside it (a job alert's cursor). Call drain() after the commit.
     */
    async queueIn(q: Kysely<DB>, m: OutgoingEmail): Promise<number> {
      return outboxRows(q).insert(rowOf(m));
    },

    /** Queue a message (and kick delivery when a transport is configured). Resolves with the outbox id. */
    async send(m: OutgoingEmail): Promise<number> {
      const id = await rows.insert(rowOf(m));
      const held = m.sendAfter && m.sendAfter.getTime() > now() ? ` (held until ${m.sendAfter.toISOString()})` : '';
      if (opts.transport) {
        log(`[email] queued #${id} to ${m.to}: ${m.subject}${held}`);
        void service.drain().catch((err) => log(`[email] delivery run failed: ${String(err)}`));
      } else {
        // No mail server: the log is how the message reaches whoever runs this instance.
        log(`[email] outbox #${id} to ${m.to}: ${m.subject}${held}\n${m.text}`);
      }
      return id;
    },

    /** Withdraw a message that was not sent yet (a reminder for a meeting that was cancelled). */
    async withdraw(id: number): Promise<void> {
      await rows.withdraw(id);
    },

    /** Retention: delete sent and failed messages made before `before` (the privacy policy's 12 months); how many. */
    sweepFinished(before: Date): Promise<number> {
      return rows.sweepFinished(before);
    },

    /** Deliver what is due; concurrent calls share one run (and ask for one more pass). Returns the number sent. */
    drain(): Promise<number> {
      const transport = opts.transport;
      if (!transport) return Promise.resolve(0);
      if (draining) {
        again = true;
        return draining;
      }
      draining = (async () => {
        let total = 0;
        do {
          again = false;
          total += await deliverBatch(transport);
        } while (again);
        return total;
      })().finally(() => {
        draining = null;
      });
      return draining;
    },

    /** Retry due messages every `everyMs` (timer does not keep the process alive). */
    start(everyMs = 30_000) {
      if (!opts.transport || timer) return;
      timer = setInterval(() => void service.drain().catch((err) => log(`[email] delivery run failed: ${String(err)}`)), everyMs);
      timer.unref?.();
      void service.drain().catch(() => {});
    },

    /** Stop the timer and wait for a delivery run in flight. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await draining?.catch(() => {});
      opts.transport?.close?.();
    },
  };
  return service;
}
export type EmailService = ReturnType<typeof createEmailService>;
