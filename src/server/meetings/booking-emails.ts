import 'server-only';
import type { ScheduleRules } from '../../domain/scheduling';
import type { Locale } from '../../i18n/locales';
import { formatMeetingTime } from '../../i18n/format';
import { getT } from '../../i18n/translate';
import { href } from '../../routes';
import type { EmailService } from '../email/email-service';
import { buildInvite } from './icalendar';

// The emails of a booking (decision 028): the attendee's (their language and timezone, with the
// manage link) and the sales team's (Spanish, the team's timezone), each with the iCalendar invite; and the
// reminder the outbox holds until 24 h before the meeting.
type Deps = {
  email: () => Promise<EmailService>;
  rules: ScheduleRules;
  siteUrl: string;
  brand: string;
  salesEmail: string;
  now?: () => number;
};
export type Booked = {
  id: number;
  uid: string;
  sequence: number;
  name: string;
  email: string;
  company: string | null;
  message: string | null;
};
type Kind = 'booked' | 'moved' | 'cancelled';
const HOUR = 3_600_000;

export function createBookingMail(deps: Deps) {
  const now = deps.now ?? Date.now;
  const manageLink = (token: string, locale: Locale) => `${deps.siteUrl}${href('hireScheduleManage', locale, { token })}`;

  /** The request's email: the link that confirms it (no invite: nothing is booked yet). */
  async function askToConfirm(to: { name: string; email: string }, start: Date, timeZone: string, locale: Locale, token: string) {
    const t = getT(locale);
    const when = `${formatMeetingTime(start, locale, timeZone)} (${timeZone})`;
    await (
      await deps.email()
    ).send({
      to: to.email,
      subject: t('meetings.email.confirm.subject', { brand: deps.brand, when }),
      text: t('meetings.email.confirm.body', { name: to.name, brand: deps.brand, when, link: manageLink(token, locale) }),
      kind: 'booking-confirm',
      locale,
      // The request waits a day for its confirmation (the meeting service's REQUEST_TTL_MS).
      expiresAt: new Date(now() + 24 * HOUR),
    });
  }

  /** The invite and the two emails (attendee, sales) for a booking event. */
  async function notify(kind: Kind, b: Booked, start: Date, timeZone: string, locale: Locale, token: string | null) {
    const mail = await deps.email();
    const end = new Date(start.getTime() + deps.rules.slotMinutes * 60_000);
    const invite = (forLocale: Locale) => {
      const t = getT(forLocale);
      return buildInvite(
        {
          method: kind === 'cancelled' ? 'CANCEL' : 'REQUEST',
          uid: b.uid,
          sequence: b.sequence,
          start,
          end,
          stamp: new Date(now()),
          summary: t('meetings.invite.summary', { brand: deps.brand, company: b.company ?? b.name }),
          description: t('meetings.invite.description', { brand: deps.brand }),
          location: t('meetings.invite.location'),
          organizer: { name: deps.brand, email: deps.salesEmail },
          attendee: { name: b.name, email: b.email },
        },
        deps.brand,
      );
    };
    const t = getT(locale);
    const when = `${formatMeetingTime(start, locale, timeZone)} (${timeZone})`;
    await mail.send({
      to: b.email,
      subject: t(`meetings.email.${kind}.subject`, { brand: deps.brand, when }),
      text: t(`meetings.email.${kind}.body`, {
        name: b.name,
        brand: deps.brand,
        when,
        minutes: deps.rules.slotMinutes,
        link: token ? manageLink(token, locale) : `${deps.siteUrl}${href('hireSchedule', locale)}`,
      }),
      kind: `booking-${kind}`,
      locale,
      calendar: invite(locale),
    });
    const ts = getT('es');
    const salesWhen = `${formatMeetingTime(start, 'es', deps.rules.timeZone)} (${deps.rules.timeZone})`;
    await mail.send({
      to: deps.salesEmail,
      subject: ts(`meetings.sales.${kind}.subject`, { name: b.name, company: b.company ?? '-', when: salesWhen }),
      text: ts(`meetings.sales.${kind}.body`, {
        name: b.name,
        email: b.email,
        company: b.company ?? '-',
        message: b.message ?? '-',
        when: salesWhen,
        visitorTime: when,
      }),
      kind: `booking-${kind}-sales`,
      locale: 'es',
      calendar: invite('es'),
    });
  }

  /** The reminder, held by the outbox until 24 h before (none when the meeting is sooner). */
  async function queueReminder(b: Booked, start: Date, timeZone: string, locale: Locale, token: string): Promise<number | null> {
    const at = new Date(start.getTime() - 24 * HOUR);
    if (at.getTime() <= now()) return null;
    const t = getT(locale);
    const when = `${formatMeetingTime(start, locale, timeZone)} (${timeZone})`;
    return (await deps.email()).send({
      to: b.email,
      subject: t('meetings.email.reminder.subject', { brand: deps.brand, when }),
      text: t('meetings.email.reminder.body', { name: b.name, brand: deps.brand, when, link: manageLink(token, locale) }),
      kind: 'booking-reminder',
      locale,
      sendAfter: at,
    });
  }

  async function withdrawReminder(id: number | null) {
    if (id !== null) await (await deps.email()).withdraw(id);
  }

  return { askToConfirm, notify, queueReminder, withdrawReminder };
}
