import 'server-only';
import type { Database } from '../db/client';
import { toDate } from '../db/schema';
import { withLease } from '../db/job-lease';
import type { EmailService } from '../email/email-service';
import { href } from '../../routes';
import { isLocale, type Locale } from '../../i18n/locales';
import {
  BELL_MAX,
  DEFAULT_MODE,
  DIGEST_HOUR_UTC,
  ESSENTIAL_WHEN_CALENDAR,
  isEmailMode,
  kindsFor,
  type EmailMode,
  type NotificationKind,
} from '../../domain/notifications';
import {
  applicationFacts,
  claimDigest,
  companyRecipients,
  digestRecipients,
  insertNotification,
  markAllRead,
  markLinkRead,
  notificationsPage,
  openNotification,
  aboutOf,
  saveLocale,
  saveSetting,
  settingsOf,
  unreadCount,
  userRecipient,
  type Recipient,
} from './data/notifications';
import type { About } from './data/notifications';
import { localLink, noticeText, type NoticeData } from './texts';
import { composeDigest, composeInstant } from './compose';
import { signUnsubscribe, verifyUnsubscribe, type UnsubscribeScope } from './unsubscribe-token';

// People are told when something happens to them: a row for the bell (always), and an email now, in the
// day's digest, or not at all, as each person chose for that kind. Events name what happened (ids and a
// few words); this service reads who is told and writes the words in each reader's language.

/** Something happened that people should hear about. `to` names a person or every member of a company. */
export type Notice =
  | { kind: 'application-new'; applicationId: number }
  | { kind: 'application-status'; applicationId: number; message?: string }
  | { kind: 'application-withdrawn'; applicationId: number }
  | {
      kind: 'message';
      conversationId: number;
      messageId: number;
      to: { userId: number } | { companyId: number };
      fromName: string;
      offerTitle: string | null;
      preview: string;
      /** The conversation's page for each side (default-language paths). */
      link?: string;
    }
  | {
      kind: 'invitation';
      invitationId: number;
      to: { userId: number };
      companyName: string;
      offerTitle: string | null;
      preview: string;
      link?: string;
    }
  | {
      kind: 'invitation-answer';
      invitationId: number;
      to: { companyId: number };
      candidateName: string;
      accepted: boolean;
      conversationId: number | null;
      link?: string;
    }
  | {
      kind: 'interview' | 'interview-answer' | 'interview-reminder';
      event: 'proposed' | 'moved' | 'confirmed' | 'picked' | 'declined' | 'cancelled' | 'reminder';
      interviewId: number;
      to: { userId: number } | { companyId: number };
      company: string;
      candidate: string;
      offer: string;
      at: string | null;
      timeZone: string;
      /** An iCalendar invite (REQUEST or CANCEL): the email is then sent whatever the preferences say. */
      calendar?: string;
      link: string;
    };

/** What goes with one email: an invite, and whether it ignores the person's choice (the appointment itself). */
type Extra = { calendar?: string; force?: boolean; about?: About };

type Deps = {
  email: () => Promise<EmailService>;
  secret: string;
  siteUrl: string;
  brand: string;
  now?: () => Date;
  log?: (m: string) => void;
};

const PAGE_SIZE = 20;
const DIGEST_BATCH = 200;
const DIGEST_LEASE_MS = 10 * 60_000;

const localeOf = (r: Pick<Recipient, 'locale'>): Locale => (r.locale && isLocale(r.locale) ? r.locale : 'es');

const parseData = (json: string): NoticeData => {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
};

/** The most recent digest hour at or before `now`: what was queued before it goes in today's digest. */
export function digestCut(now: Date): Date {
  const cut = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  return cut.getTime() > now.getTime() ? new Date(cut.getTime() - 24 * 3600_000) : cut;
}

export function createNotificationService(database: Database, deps: Deps) {
  const { db } = database;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? ((m: string) => console.log(m));
  const site = { brand: deps.brand, siteUrl: deps.siteUrl };

  async function modesOf(userId: number): Promise<Map<string, EmailMode>> {
    const rows = await settingsOf(db, userId);
    return new Map(rows.filter((r) => isEmailMode(r.mode)).map((r) => [r.kind, r.mode as EmailMode]));
  }

  /** One person's notification: the bell's row, then the email their choice for the kind asks for. */
  async function tell(r: Recipient, kind: NotificationKind, data: NoticeData, link: string, extra: Extra = {}): Promise<void> {
    const chosen = (await modesOf(r.id)).get(kind) ?? DEFAULT_MODE;
    const mode: EmailMode = extra.force ? 'instant' : chosen;
    const id = await insertNotification(db, {
      user_id: r.id,
      kind,
      data: JSON.stringify(data),
      link,
      created_at: now(),
      digest_pending: mode === 'digest' ? 1 : 0,
      subject_user_id: extra.about?.userId ?? null,
      subject_company_id: extra.about?.companyId ?? null,
    });
    if (mode !== 'instant') return;
    const locale = localeOf(r);
    const token = await signUnsubscribe(r.id, kind, deps.secret);
    const email = composeInstant(site, { name: r.name, email: r.email, locale }, { id, kind, data }, token);
    const mail = await deps.email();
    await mail.send({
      to: r.email,
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: email.headers,
      kind: `notify:${kind}`,
      locale,
      ...(extra.calendar ? { calendar: extra.calendar } : {}),
    });
  }

  async function recipientsOf(to: { userId: number } | { companyId: number }): Promise<Recipient[]> {
    if ('userId' in to) {
      const r = await userRecipient(db, to.userId);
      return r ? [r] : [];
    }
    return companyRecipients(db, to.companyId);
  }

  const workspaceLink = (side: 'hire' | 'match') => href(side === 'hire' ? 'hireSite' : 'matchPlatform', 'es');

  const service = {
    /** Tell whoever an event concerns. Never throws: a notification that fails is logged, not the caller's failure. */
    async notify(n: Notice): Promise<void> {
      try {
        await service.deliver(n);
      } catch (err) {
        log(`[notifications] ${n.kind} not delivered: ${String((err as Error)?.message ?? err)}`);
      }
    },

    /** notify(), failing loudly (tests). */
    async deliver(n: Notice): Promise<void> {
      switch (n.kind) {
        case 'application-new':
        case 'application-withdrawn':
        case 'application-status': {
          const a = await applicationFacts(db, n.applicationId);
          if (!a) return;
          const data: NoticeData = {
            offer: a.offer_title,
            company: a.company_name,
            candidate: `${a.candidate_name} ${a.candidate_last_name}`.trim(),
            status: a.status,
            // The company's words to the candidate (a rejection's message, decision 048), quoted in the bell and email.
            ...(n.kind === 'application-status' && n.message ? { message: n.message } : {}),
          };
          if (n.kind === 'application-new' || n.kind === 'application-withdrawn') {
            const link = href('hireApplicants', 'es', { id: String(a.offer_id) });
            for (const r of await companyRecipients(db, a.company_id))
              await tell(r, n.kind, data, link, { about: { userId: a.candidate_id } });
          } else {
            const r = await userRecipient(db, a.candidate_id);
            if (r) await tell(r, n.kind, data, `${workspaceLink('match')}#applications`, { about: { companyId: a.company_id } });
          }
          return;
        }
        case 'message': {
          const data: NoticeData = { from: n.fromName, offer: n.offerTitle ?? undefined, preview: n.preview };
          const page = 'companyId' in n.to ? 'hireConversation' : 'matchConversation';
          const link = n.link ?? href(page, 'es', { id: String(n.conversationId) });
          const about = await aboutOf(db, 'conversations', n.conversationId, n.to);
          for (const r of await recipientsOf(n.to)) await tell(r, 'message', data, link, { about });
          return;
        }
        case 'invitation': {
          const data: NoticeData = { company: n.companyName, offer: n.offerTitle ?? undefined, preview: n.preview };
          const about = await aboutOf(db, 'invitations', n.invitationId, n.to);
          for (const r of await recipientsOf(n.to))
            await tell(r, 'invitation', data, n.link ?? `${workspaceLink('match')}#invitations`, { about });
          return;
        }
        case 'invitation-answer': {
          const data: NoticeData = { candidate: n.candidateName, accepted: n.accepted };
          // Accepted: the conversation it opened; declined: the candidate browser, to find someone else.
          const link =
            n.link ??
            (n.accepted && n.conversationId
              ? href('hireConversation', 'es', { id: String(n.conversationId) })
              : href('hireSite', 'es', {}, { vista: 'candidatos' }));
          const about = await aboutOf(db, 'invitations', n.invitationId, n.to);
          for (const r of await recipientsOf(n.to)) await tell(r, 'invitation-answer', data, link, { about });
          return;
        }
        case 'interview':
        case 'interview-answer':
        case 'interview-reminder': {
          const data: NoticeData = {
            event: n.event,
            company: n.company,
            candidate: n.candidate,
            offer: n.offer,
            ...(n.at ? { at: n.at } : {}),
            timeZone: n.timeZone,
          };
          const about = await aboutOf(db, 'job_interviews', n.interviewId, n.to);
          const extra: Extra =
            n.calendar && ESSENTIAL_WHEN_CALENDAR.includes(n.kind) ? { calendar: n.calendar, force: true, about } : { about };
          for (const r of await recipientsOf(n.to)) await tell(r, n.kind, data, n.link, extra);
          return;
        }
      }
    },

    /** The bell's number (up to BELL_MAX + 1: the bell shows "99+"). */
    unread: (userId: number) => unreadCount(db, userId, BELL_MAX),

    /** A page of a person's notifications in their language, newest first; `next` is the cursor of the following page. */
    async page(userId: number, locale: Locale, before: number | null = null) {
      const rows = await notificationsPage(db, userId, before, PAGE_SIZE + 1);
      const more = rows.length > PAGE_SIZE;
      const items = rows.slice(0, PAGE_SIZE).map((r) => {
        const text = noticeText(r.kind as NotificationKind, parseData(r.data), locale, deps.brand);
        return {
          id: r.id,
          kind: r.kind,
          title: text.title,
          body: text.body,
          quote: text.quote ?? null,
          createdAt: toDate(r.created_at),
          read: r.read_at != null,
        };
      });
      return { items, next: more ? items.at(-1)!.id : null };
    },

    /** Opening a notification marks it read; where it leads (in the reader's language), or undefined when it is not theirs. */
    async open(userId: number, id: number, locale: Locale): Promise<string | undefined> {
      const link = await openNotification(db, userId, id, now());
      return link === undefined ? undefined : localLink(link, locale);
    },

    /** The person opened a page: what told them about it is read. `link` as stored (default-language path). */
    markLinkRead: (userId: number, link: string) => markLinkRead(db, userId, link, now()),

    markAllRead: (userId: number) => markAllRead(db, userId, now()),

    /** What a person chose: their email language and a mode per kind their account receives. */
    async preferences(user: { id: number; type: 'hire' | 'match' }) {
      const [modes, r] = await Promise.all([modesOf(user.id), userRecipient(db, user.id)]);
      return {
        locale: r ? localeOf(r) : ('es' as Locale),
        kinds: kindsFor(user.type).map((kind) => ({ kind, mode: modes.get(kind) ?? DEFAULT_MODE })),
      };
    },

    /** Save the choices (kinds the account does not receive are ignored). */
    async savePreferences(
      user: { id: number; type: 'hire' | 'match' },
      input: { locale: Locale; modes: Partial<Record<NotificationKind, EmailMode>> },
    ) {
      const at = now();
      await db.transaction().execute(async (trx) => {
        await saveLocale(trx, user.id, input.locale);
        for (const kind of kindsFor(user.type)) {
          const mode = input.modes[kind];
          if (mode) await saveSetting(trx, user.id, kind, mode, at);
        }
      });
    },

    /** What an unsubscribe link is about (the page asks before doing it), or null when the token is not valid. */
    async unsubscribeScope(token: string): Promise<{ scope: UnsubscribeScope; locale: Locale } | null> {
      const v = await verifyUnsubscribe(token, deps.secret);
      if (!v) return null;
      const r = await userRecipient(db, v.userId);
      return r ? { scope: v.scope, locale: localeOf(r) } : null;
    },

    /** Turn off the email of a link's kind (or every kind sent as a digest). False when the token is not valid. */
    async unsubscribe(token: string): Promise<boolean> {
      const v = await verifyUnsubscribe(token, deps.secret);
      if (!v) return false;
      const r = await userRecipient(db, v.userId);
      if (!r) return false;
      const at = now();
      if (v.scope === 'digest') {
        const modes = await modesOf(r.id);
        for (const kind of kindsFor(r.account_type)) if (modes.get(kind) === 'digest') await saveSetting(db, r.id, kind, 'off', at);
      } else await saveSetting(db, r.id, v.scope, 'off', at);
      log(`[notifications] user ${r.id} unsubscribed from ${v.scope}`);
      return true;
    },

    /**
     * The daily digests: everyone with notifications waiting from before today's digest hour gets one email
     * listing them. One instance runs it at a time (a lease); each person's rows leave the queue in the same
     * transaction that queues their email, so a crash or a second instance can neither lose nor double one.
     */
    async sendDigests(): Promise<number | 'busy'> {
      return withLease(db, 'notification-digests', DIGEST_LEASE_MS, async () => {
        const cut = digestCut(now());
        const mail = await deps.email();
        let sent = 0;
        let after = 0;
        for (;;) {
          const users = await digestRecipients(db, after, DIGEST_BATCH);
          if (!users.length) break;
          for (const userId of users) {
            after = userId;
            const r = await userRecipient(db, userId);
            if (!r) continue;
            const locale = localeOf(r);
            const token = await signUnsubscribe(r.id, 'digest', deps.secret);
            const queued = await db.transaction().execute(async (trx) => {
              const rows = await claimDigest(trx, userId, cut);
              if (!rows.length) return false;
              const items = rows
                .sort((a, b) => a.id - b.id)
                .map((row) => ({ id: row.id, kind: row.kind as NotificationKind, data: parseData(row.data) }));
              const email = composeDigest(site, { name: r.name, email: r.email, locale }, items, token);
              await mail.sendWith(trx, {
                to: r.email,
                subject: email.subject,
                text: email.text,
                html: email.html,
                headers: email.headers,
                kind: 'notify:digest',
                locale,
              });
              return true;
            });
            if (queued) sent++;
          }
        }
        if (sent) {
          log(`[notifications] queued ${sent} digest emails`);
          void mail.drain().catch(() => {});
        }
        return sent;
      });
    },
  };
  return service;
}
export type NotificationService = ReturnType<typeof createNotificationService>;
