import 'server-only';
import type { Locale } from '../../i18n/locales';
import { getT } from '../../i18n/translate';
import { href } from '../../routes';
import type { EmailService } from '../email/email-service';
import { ServiceError } from '../errors';
import type { MeetingRows } from './data/meeting-rows';

// Meeting requests (leads). A request is stored at once but reaches sales only once the requester opens
// the link emailed to them and confirms it: an address typed by someone else (or a bot past the
// honeypot) never becomes work for the sales team, nor a thread of emails to a stranger.
export type LeadInput = {
  name: string;
  company: string;
  email: string;
  phone: string;
  country: string;
  companySize: string;
  roles: string;
  message: string;
};

type Deps = {
  email: () => Promise<EmailService>;
  siteUrl: string;
  brand: string;
  salesEmail: string;
  now: () => number;
  /** A new signed link token and the hash stored for it; the hash a token stands for (null: forged). */
  newToken: () => { token: string; hash: string };
  hashOf: (token: string) => string | null;
};

export function createLeads(rows: MeetingRows, deps: Deps) {
  return {
    /** Stores the request and emails the requester a link to confirm it (nothing to sales yet). */
    async requestMeeting(input: LeadInput, locale: Locale): Promise<number> {
      const { token, hash } = deps.newToken();
      const id = await rows.insertLead({
        name: input.name,
        email: input.email,
        company: input.company,
        phone: input.phone || null,
        message: input.message || null,
        country: input.country,
        company_size: input.companySize,
        roles: input.roles,
        locale,
        confirm_hash: hash,
        created_at: new Date(deps.now()),
      });
      const t = getT(locale);
      const link = `${deps.siteUrl}${href('hireRequestMeeting', locale)}?${new URLSearchParams({ confirmar: token })}`;
      await (
        await deps.email()
      ).send({
        to: input.email,
        subject: t('meetings.email.leadConfirm.subject', { brand: deps.brand }),
        text: t('meetings.email.leadConfirm.body', { name: input.name, brand: deps.brand, link }),
        kind: 'lead-confirm',
        locale,
        // An unconfirmed request is swept after a week (the meeting service's retention).
        expiresAt: new Date(deps.now() + 7 * 24 * 3_600_000),
      });
      return id;
    },

    /** Whether a confirmation link still stands for a request waiting for it. */
    async leadWaiting(token: string): Promise<boolean> {
      const hash = deps.hashOf(token);
      if (!hash) return false;
      return rows.leadWaiting(hash);
    },

    /** The requester confirmed: the request reaches sales, and the requester hears it did. Once per link. */
    async confirmLead(token: string): Promise<void> {
      const hash = deps.hashOf(token);
      if (!hash) throw new ServiceError('gone');
      const lead = await rows.confirmLead(hash, new Date(deps.now()));
      if (!lead) throw new ServiceError('gone');
      const locale: Locale = lead.locale === 'en' ? 'en' : 'es';
      const mail = await deps.email();
      const t = getT(locale);
      await mail.send({
        to: lead.email,
        subject: t('meetings.email.lead.subject', { brand: deps.brand }),
        text: t('meetings.email.lead.body', { name: lead.name, brand: deps.brand, link: `${deps.siteUrl}${href('hireSchedule', locale)}` }),
        kind: 'lead-confirmation',
        locale,
      });
      const ts = getT('es');
      await mail.send({
        to: deps.salesEmail,
        subject: ts('meetings.sales.lead.subject', { company: lead.company ?? '-', name: lead.name }),
        text: ts('meetings.sales.lead.body', {
          name: lead.name,
          company: lead.company ?? '-',
          email: lead.email,
          phone: lead.phone || '-',
          country: lead.country ?? '-',
          size: lead.company_size ?? '-',
          roles: lead.roles ?? '-',
          message: lead.message || '-',
          locale,
          id: lead.id,
        }),
        kind: 'lead-sales',
        locale: 'es',
      });
    },
  };
}
