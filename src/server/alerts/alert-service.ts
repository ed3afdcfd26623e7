import 'server-only';
import { randomBytes } from 'node:crypto';
import { searchKey, type AlertFrequency, type AlertSearch } from '../../domain/alert-search';
import type { Locale } from '../../i18n/locales';
import type { Database } from '../db/client';
import { toDate } from '../db/schema';
import type { EmailService } from '../email/email-service';
import { isUniqueViolation, ServiceError } from '../errors';
import { addressChecks, type Limit, type RateLimiter } from '../limits/rate-limit';
import type { JobSearchService } from '../offers/job-search-service';
import { alertMail, newNonce, searchOfRow, sha256 } from './alert-emails';
import { createAlertSender } from './alert-sender';
import { alertRows, type AlertRow } from './data/alert-rows';

// Job alerts (decision 044): a saved job search emailed daily or weekly with the offers published since the
// last email. An account saves one for its own address in one click; a visitor's address must confirm it
// from an emailed link first (double opt-in), and the page never says whether the address is known. Every
// address manages its alerts from a tokened link, without signing in.
export type AlertView = {
  id: number;
  search: AlertSearch;
  frequency: AlertFrequency;
  status: 'pending' | 'active';
  lastSentAt: Date | null;
};
export type CreateResult = { status: 'created' } | { status: 'duplicate' };

type Deps = {
  email: () => Promise<EmailService>;
  jobs: () => Promise<JobSearchService>;
  limiter: () => Promise<RateLimiter>;
  secret: string;
  siteUrl: string;
  brand: string;
  now?: () => number;
};

const HOUR = 3_600_000;
const PERIOD_MS: Record<AlertFrequency, number> = { daily: 24 * HOUR, weekly: 7 * 24 * HOUR };
/** How long a visitor's confirmation link works (the outbox drops the email after it too). */
export const CONFIRM_TTL_MS = 48 * HOUR;
/** Alerts of one address, pending ones included. */
export const MAX_ALERTS = 20;
const LIMITS: Record<'account' | 'email' | 'ip', Limit> = {
  account: { max: 30, windowMs: 24 * HOUR },
  email: { max: 5, windowMs: 24 * HOUR },
  ip: { max: 20, windowMs: HOUR },
};

const viewOf = (r: AlertRow): AlertView => ({
  id: r.id,
  search: searchOfRow(r),
  frequency: r.frequency,
  status: r.status,
  lastSentAt: toDate(r.last_sent_at),
});
const searchColumns = (s: AlertSearch) => ({
  search_key: searchKey(s),
  country: s.country ?? null,
  filters: s.filters.join('/'),
  q: s.q,
  min_salary_usd: s.minSalaryUsd ?? null,
});

export function createAlertService(database: Database, deps: Deps) {
  const rows = alertRows(database.db);
  const now = deps.now ?? Date.now;
  const mail = alertMail(deps);
  const { links } = mail;

  async function limit(keys: [string, Limit][]) {
    const limiter = await deps.limiter();
    for (const [key, l] of keys) {
      const r = await limiter.hit(key, l);
      if (!r.allowed) throw new ServiceError('rate-limited', {}, { retryAfterSeconds: r.retryAfterSeconds });
    }
  }

  const recipientOf = (email: string) => {
    const nonce = newNonce();
    return rows.ensureRecipient({ email: email.trim().toLowerCase(), manage_nonce: nonce, manage_hash: sha256(links.manageToken(nonce)) });
  };

  function newAlert(recipientId: number, s: AlertSearch, frequency: AlertFrequency, locale: Locale) {
    const nonce = newNonce();
    return {
      recipient_id: recipientId,
      ...searchColumns(s),
      frequency,
      locale,
      unsubscribe_nonce: nonce,
      unsubscribe_hash: sha256(links.unsubscribeToken(nonce)),
    };
  }

  /** The columns of an alert that starts now: news are offers published from now on. */
  const startingNow = (frequency: AlertFrequency) => {
    const t = new Date(now());
    return { status: 'active' as const, confirmed_at: t, cursor_at: t, next_due_at: new Date(t.getTime() + PERIOD_MS[frequency]) };
  };

  const recipientByToken = async (token: string) => {
    const r = await rows.recipientByManageHash(sha256(token));
    if (!r) throw new ServiceError('not-found');
    return r;
  };

  const service = {
    /** An account's alert for its own address, active at once; a duplicate is said, not made twice. */
    async createForAccount(
      user: { id: number; email: string },
      s: AlertSearch,
      frequency: AlertFrequency,
      locale: Locale,
    ): Promise<CreateResult> {
      await limit([[`alerts:account:${user.id}`, LIMITS.account]]);
      const recipient = await recipientOf(user.email);
      if (recipient.user_id !== user.id) await rows.linkUser(recipient.id, user.id);
      const existing = await rows.alertBySearch(recipient.id, searchKey(s));
      if (existing?.status === 'active') return { status: 'duplicate' };
      if (existing) {
        // A visitor's request for this address that was never confirmed: the account's click confirms it.
        await rows.updateAlert(existing.id, { ...startingNow(frequency), frequency, locale, confirm_hash: null, confirm_expires_at: null });
        return { status: 'created' };
      }
      if ((await rows.countOf(recipient.id)) >= MAX_ALERTS)
        throw new ServiceError('invalid-input', { form: { key: 'alerts.error.tooMany', params: { max: MAX_ALERTS } } });
      try {
        await rows.insertAlert({ ...newAlert(recipient.id, s, frequency, locale), ...startingNow(frequency) });
      } catch (err) {
        if (isUniqueViolation(err)) return { status: 'duplicate' };
        throw err;
      }
      return { status: 'created' };
    },

    /**
     * A visitor's alert: stored pending, and the address gets the link that activates it. The outcome is the
     * same whatever the address (known, unknown, already watching this search, full): the page only ever
     * says "check your email"; the email says what happened.
     */
    async requestForVisitor(emailAddress: string, s: AlertSearch, frequency: AlertFrequency, locale: Locale, ip: string): Promise<void> {
      const email = emailAddress.trim().toLowerCase();
      await limit([[`alerts:email:${email}`, LIMITS.email], ...addressChecks('alerts', ip, LIMITS.ip)]);
      const recipient = await recipientOf(email);
      const existing = await rows.alertBySearch(recipient.id, searchKey(s));
      const outbox = await deps.email();
      if (existing?.status === 'active') {
        await outbox.send(mail.notice(email, 'duplicate', locale, recipient.manage_nonce));
        return;
      }
      if (!existing && (await rows.countOf(recipient.id)) >= MAX_ALERTS) {
        await outbox.send(mail.notice(email, 'full', locale, recipient.manage_nonce));
        return;
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now() + CONFIRM_TTL_MS);
      const pending = { status: 'pending' as const, confirm_hash: sha256(token), confirm_expires_at: expiresAt, frequency, locale };
      if (existing) await rows.updateAlert(existing.id, pending);
      else {
        try {
          await rows.insertAlert({ ...newAlert(recipient.id, s, frequency, locale), ...pending });
        } catch (err) {
          if (isUniqueViolation(err)) return; // the same request twice at once: the other one sends the link
          throw err;
        }
      }
      await outbox.send(mail.confirmation(email, s, locale, token, expiresAt));
    },

    /** The pending alert a confirmation link stands for, while it works; else null. */
    async findPending(token: string): Promise<AlertView | null> {
      const r = await rows.alertByConfirmHash(sha256(token), new Date(now()));
      return r ? viewOf(r) : null;
    },

    /** Activate the alert of a confirmation link: the token of its address's manage page. `gone` when used or expired. */
    async confirm(token: string): Promise<{ manageToken: string }> {
      const hash = sha256(token);
      const r = await rows.alertByConfirmHash(hash, new Date(now()));
      if (!r || !(await rows.activate(r.id, hash, { ...startingNow(r.frequency), confirm_hash: null, confirm_expires_at: null })))
        throw new ServiceError('gone');
      const recipient = await rows.recipientById(r.recipient_id);
      return { manageToken: links.manageToken(recipient!.manage_nonce) };
    },

    /** The alerts of a manage link's address; `not-found` for a link that was never issued. */
    async manage(token: string): Promise<{ email: string; alerts: AlertView[] }> {
      const r = await recipientByToken(token);
      return { email: r.email, alerts: (await rows.alertsOf(r.id)).map(viewOf) };
    },

    async setFrequency(token: string, id: number, frequency: AlertFrequency): Promise<void> {
      const r = await recipientByToken(token);
      await service.changeFrequency(r.id, id, frequency);
    },

    async deleteByManage(token: string, id: number | 'all'): Promise<void> {
      const r = await recipientByToken(token);
      if (id === 'all') await rows.deleteAllOf(r.id);
      else if (!(await rows.deleteAlert(id, r.id))) throw new ServiceError('not-found');
    },

    /** The alert an unsubscribe link stands for; `not-found` when unknown (or already deleted). */
    async findByUnsubscribe(token: string): Promise<AlertView> {
      const r = await rows.alertByUnsubscribeHash(sha256(token));
      if (!r) throw new ServiceError('not-found');
      return viewOf(r);
    },

    /** Delete the alert of an unsubscribe link (the page's button, or a mail provider's one-click POST). */
    async unsubscribe(token: string): Promise<void> {
      const r = await rows.alertByUnsubscribeHash(sha256(token));
      if (!r || !(await rows.deleteAlert(r.id, r.recipient_id))) throw new ServiceError('not-found');
    },

    /** An account's alerts (its workspace). */
    async ofUser(userId: number): Promise<AlertView[]> {
      return (await rows.alertsOfUser(userId)).map(viewOf);
    },

    async setFrequencyForUser(userId: number, id: number, frequency: AlertFrequency): Promise<void> {
      const own = (await rows.alertsOfUser(userId)).find((a) => a.id === id);
      if (!own) throw new ServiceError('not-found');
      await service.changeFrequency(own.recipient_id, id, frequency);
    },

    async deleteForUser(userId: number, id: number): Promise<void> {
      const own = (await rows.alertsOfUser(userId)).find((a) => a.id === id);
      if (!own || !(await rows.deleteAlert(id, own.recipient_id))) throw new ServiceError('not-found');
    },

    /** A new frequency: the next email one period after the last one (or after the alert started). */
    async changeFrequency(recipientId: number, id: number, frequency: AlertFrequency): Promise<void> {
      const a = (await rows.alertsOf(recipientId)).find((x) => x.id === id);
      if (!a) throw new ServiceError('not-found');
      const from = toDate(a.last_sent_at) ?? toDate(a.confirmed_at);
      const next = a.status === 'active' && from ? { next_due_at: new Date(from.getTime() + PERIOD_MS[frequency]) } : {};
      await rows.updateOwn(id, recipientId, { frequency, ...next });
    },

    /** Pending alerts whose link expired, deleted (housekeeping). */
    sweep: () => rows.sweepPending(new Date(now())),

    ...createAlertSender(database, { rows, mail, email: deps.email, jobs: deps.jobs, now }),
  };
  return service;
}
export type AlertService = ReturnType<typeof createAlertService>;
