import 'server-only';
import type { CountryId } from '../../domain/catalog';
import {
  BURST_WINDOW_MS,
  DECISION_REASON_MAX,
  DECISION_REASON_MIN,
  flagOffer,
  isModerationAction,
  isReportReason,
  REPORT_TEXT_MAX,
  type ModerationAction,
} from '../../domain/offer-moderation';
import { isLocale, type Locale } from '../../i18n/locales';
import type { Database } from '../db/client';
import { writeWithPurge } from '../db/page-purges';
import { toDate } from '../db/schema';
import type { OutgoingEmail } from '../email/email-service';
import { ServiceError } from '../errors';
import type { Limit, RateLimiter } from '../limits/rate-limit';
import type { SalaryService } from '../salaries/salary-service';
import type { AuditEntry } from '../accounts/operators/operator-service';
import { offerBySlug } from './data/public-offers';
import {
  clearModeration,
  companyOwners,
  countOffersSince,
  insertFlags,
  insertReport,
  moderationOf,
  offerForDecision,
  offerToScreen,
  openDetails,
  openFlagRules,
  queuePage,
  resolveOpen,
  setModeration,
  setOfferStatus,
} from './data/moderation';
import { moderationNotice } from './moderation-emails';
import { offersForPurge, offersPurge } from './offer-purge';

// Offer moderation (decision 071): visitors report offers, simple rules flag offers as companies save them,
// and operators hide, restore or remove offers from their queue. Hiding pauses the offer and removing closes
// it (every public list, the sitemap, the feeds and the alerts show only published offers); the moderation
// row remembers the status to give back, keeps the company from re-opening it, and makes its page a 404.

/** Reports per client address and per account. */
export const REPORT_LIMITS: { perIp: Limit; perAccount: Limit } = {
  perIp: { max: 10, windowMs: 60 * 60_000 },
  perAccount: { max: 10, windowMs: 60 * 60_000 },
};
const QUEUE_PAGE_SIZE = 25;

type Operator = { id: number; email: string };
export type ModerationDeps = {
  limiter?: () => Promise<RateLimiter>;
  salaries?: () => Promise<SalaryService>;
  /** The operators' audit log (every decision is written there). */
  audit: (e: AuditEntry) => Promise<void>;
  /** The outbox: the company's notice. */
  email?: () => Promise<{ send(m: OutgoingEmail): Promise<number> }>;
  siteUrl: string;
  brand: string;
  now?: () => Date;
  log?: (msg: string) => void;
};

export function createModerationService(database: Database, deps: ModerationDeps) {
  const { db } = database;
  const now = deps.now ?? (() => new Date());

  async function limit(key: string, l: Limit) {
    const r = await (await deps.limiter?.())?.hit(key, l);
    if (r && !r.allowed) throw new ServiceError('rate-limited', {}, { retryAfterSeconds: r.retryAfterSeconds });
  }

  /** The market's median for the offer's role and country (USD per month), when the figures have one. */
  async function marketMedian(o: { role: string; country: string; seniority: string }): Promise<number | null> {
    if (!deps.salaries) return null;
    try {
      const seniority = o.seniority as 'junior' | 'mid' | 'senior';
      const est = await (await deps.salaries()).estimate({ country: o.country as CountryId, role: o.role, seniority });
      return est && est.confidence !== 'insufficient' ? est.usd.median : null;
    } catch {
      return null; // no figures is no reason to refuse a save
    }
  }

  const service = {
    /** A visitor's report of a public offer (anonymous allowed). */
    async report(slug: string, viewer: { id: number } | null, input: { reason?: string; text?: string }, meta: { ip: string }) {
      const errors: ServiceError['fields'] = {};
      if (!isReportReason(input.reason)) errors.reason = { key: 'moderation.report.reasonRequired' };
      const text = (input.text ?? '').trim();
      if (text.length > REPORT_TEXT_MAX) errors.text = { key: 'moderation.report.textTooLong', params: { max: REPORT_TEXT_MAX } };
      if (Object.keys(errors).length) throw new ServiceError('invalid-input', errors);
      const row = await offerBySlug(db, slug);
      if (!row || row.status !== 'published' || (await moderationOf(db, row.id))) throw new ServiceError('not-found');
      await limit(`offer-report:ip:${meta.ip}`, REPORT_LIMITS.perIp);
      if (viewer) await limit(`offer-report:user:${viewer.id}`, REPORT_LIMITS.perAccount);
      await insertReport(db, { offerId: row.id, reason: input.reason!, text: text || null, userId: viewer?.id ?? null, at: now() });
      return { slug: row.slug, title: row.title };
    },

    /** The rules, run when a company creates or edits an offer: new flags are recorded (a rule once while open). */
    async screen(offerId: number) {
      const o = await offerToScreen(db, offerId);
      if (!o) return [];
      const at = now();
      const [recentOffers, median, open] = await Promise.all([
        countOffersSince(db, o.company_id, new Date(at.getTime() - BURST_WINDOW_MS)),
        marketMedian(o),
        openFlagRules(db, offerId),
      ]);
      const flags = flagOffer({
        title: o.title,
        description: o.description,
        salaryMinUsdMonth: o.salary_min_usd_month,
        salaryMaxUsdMonth: o.salary_max_usd_month,
        marketMedianUsdMonth: median,
        recentOffers,
      });
      const fresh = flags.filter((f) => !open.has(f.rule));
      await insertFlags(db, offerId, fresh, at);
      return flags;
    },

    /** Whether an operator hid or removed the offer (its page is a 404, its company cannot re-open it). */
    async moderated(offerId: number): Promise<boolean> {
      return (await moderationOf(db, offerId)) !== undefined;
    },

    /** A page of the queue, newest offer first, with the open reports (reasons counted) and flags of each. */
    async queue(before: number | null) {
      const rows = await queuePage(db, before, QUEUE_PAGE_SIZE + 1);
      const items = rows.slice(0, QUEUE_PAGE_SIZE);
      const details = await openDetails(
        db,
        items.map((r) => r.id),
      );
      return {
        items: items.map((r) => {
          const reports = details.reports.filter((d) => d.offer_id === r.id);
          const reasons = new Map<string, number>();
          for (const d of reports) reasons.set(d.reason, (reasons.get(d.reason) ?? 0) + 1);
          return {
            ...r,
            reasons: [...reasons].map(([reason, count]) => ({ reason, count })),
            texts: reports
              .filter((d) => d.text)
              .slice(0, 5)
              .map((d) => d.text!),
            flagList: details.flags.filter((f) => f.offer_id === r.id).map((f) => ({ rule: f.rule, detail: f.detail })),
          };
        }),
        next: rows.length > QUEUE_PAGE_SIZE ? items[items.length - 1]!.id : null,
      };
    },

    /**
     * An operator hides, restores or removes an offer, with a reason: the offer's status changes, its open
     * reports and flags close, the pages it was on are purged, the company's owners are told why, and the
     * decision is audited.
     */
    async decide(op: Operator, offerId: number, action: ModerationAction, reasonIn: string) {
      const reason = reasonIn.trim();
      if (!isModerationAction(action)) throw new ServiceError('invalid-input', { action: { key: 'moderation.queue.actionRequired' } });
      if (reason.length < DECISION_REASON_MIN || reason.length > DECISION_REASON_MAX)
        throw new ServiceError('invalid-input', {
          reason: { key: 'moderation.queue.reasonLength', params: { min: DECISION_REASON_MIN, max: DECISION_REASON_MAX } },
        });
      const offer = await offerForDecision(db, offerId);
      if (!offer) throw new ServiceError('not-found');
      const at = now();
      const before = await moderationOf(db, offerId);
      const state = before?.state ?? 'visible';
      // A removal is final; restoring a visible offer dismisses its reports and flags.
      if (state === 'removed' || (action === 'hide' && state === 'hidden'))
        throw new ServiceError('conflict', { action: { key: 'moderation.queue.notAllowed' } });
      const previous = before?.previous_status ?? offer.status;
      await writeWithPurge(
        db,
        async (trx) => {
          const was = await offersForPurge(trx, { ids: [offerId] });
          if (action === 'restore') {
            await clearModeration(trx, offerId);
            await setOfferStatus(trx, offerId, previous as 'published', at);
          } else {
            await setModeration(trx, {
              offerId,
              state: action === 'hide' ? 'hidden' : 'removed',
              previousStatus: previous,
              reason,
              operatorId: op.id,
              at,
            });
            await setOfferStatus(trx, offerId, action === 'hide' ? 'paused' : 'closed', at);
          }
          await resolveOpen(trx, offerId, at);
          return offersPurge([...was, ...(await offersForPurge(trx, { ids: [offerId] }))], at);
        },
        (purge) => purge,
      );
      const after = action === 'restore' ? 'visible' : action === 'hide' ? 'hidden' : 'removed';
      await deps.audit({
        actor: { kind: 'operator', userId: op.id, email: op.email },
        action: `offer.${action}`,
        target: { type: 'offer', id: offerId },
        before: { state, status: offer.status },
        after: { state: after, reason },
      });
      // A restore of an offer nobody hid (dismissing reports) tells the company nothing.
      if (deps.email && !(action === 'restore' && state === 'visible')) {
        const mail = await deps.email();
        for (const owner of await companyOwners(db, offer.company_id)) {
          const locale: Locale = isLocale(owner.locale) ? owner.locale : 'es';
          await mail.send(
            moderationNotice(owner, { action, title: offer.title, reason }, { siteUrl: deps.siteUrl, brand: deps.brand, locale }),
          );
        }
      }
      return { id: offerId, slug: offer.slug, state: after, decidedAt: toDate(at)! };
    },
  };
  return service;
}

export type ModerationService = ReturnType<typeof createModerationService>;
