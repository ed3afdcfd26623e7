import 'server-only';
import { getT, translateIn } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import type { NotificationKind } from '../../domain/notifications';
import { switchLocalePath } from '../../routes';
import { formatMeetingTime } from '../../i18n/format';
import { isTimeZone } from '../../domain/scheduling';

/** An interview's start in the reader's language, in the company's time zone (named). */
function when(data: NoticeData, locale: Locale): string {
  const at = data.at ? new Date(data.at) : null;
  if (!at || Number.isNaN(at.getTime())) return '';
  const tz = isTimeZone(data.timeZone) ? data.timeZone : 'UTC';
  return `${formatMeetingTime(at, locale, tz)} (${tz})`;
}

// What a notification says, in the reader's language, from its kind and the values stored with it. The
// bell's page and the emails use the same words.
export type NoticeData = {
  offer?: string;
  company?: string;
  candidate?: string;
  status?: string;
  from?: string;
  preview?: string;
  accepted?: boolean;
  /** A company's message with a status change (a rejection's, decision 048). */
  message?: string;
  /** Interviews: what happened, the start (ISO) and the company's time zone it is written in. */
  event?: string;
  at?: string;
  timeZone?: string;
};

export type NoticeText = { subject: string; title: string; body: string; action: string; quote?: string };

export function noticeText(kind: NotificationKind, data: NoticeData, locale: Locale, brand: string): NoticeText {
  const t = getT(locale);
  const v = {
    brand,
    offer: data.offer ?? '',
    company: data.company ?? '',
    candidate: data.candidate ?? '',
    from: data.from ?? '',
  };
  switch (kind) {
    case 'application-new':
      return {
        subject: t('notifications.kind.application-new.subject', v),
        title: t('notifications.kind.application-new.title', v),
        body: t('notifications.kind.application-new.body', v),
        action: t('notifications.kind.application-new.action'),
      };
    case 'application-withdrawn':
      return {
        subject: t('notifications.kind.application-withdrawn.subject', v),
        title: t('notifications.kind.application-withdrawn.title', v),
        body: t('notifications.kind.application-withdrawn.body', v),
        action: t('notifications.kind.application-withdrawn.action'),
      };
    case 'application-status': {
      const status = data.status ?? 'sent';
      const words = translateIn(t, 'application.status', status);
      const next = translateIn(t, 'notifications.next', status);
      return {
        subject: t('notifications.kind.application-status.subject', { ...v, status: words }),
        title: t('notifications.kind.application-status.title', { ...v, status: words }),
        body: next,
        action: t('notifications.kind.application-status.action'),
        ...(data.message ? { quote: data.message } : {}),
      };
    }
    case 'message':
      return {
        subject: t(data.offer ? 'notifications.kind.message.subjectOffer' : 'notifications.kind.message.subject', v),
        title: t('notifications.kind.message.title', v),
        body: data.offer ? t('notifications.kind.message.bodyOffer', v) : t('notifications.kind.message.body', v),
        action: t('notifications.kind.message.action'),
        quote: data.preview,
      };
    case 'invitation':
      return {
        subject: t('notifications.kind.invitation.subject', v),
        title: t('notifications.kind.invitation.title', v),
        body: data.offer ? t('notifications.kind.invitation.bodyOffer', v) : t('notifications.kind.invitation.body', v),
        action: t('notifications.kind.invitation.action'),
        quote: data.preview,
      };
    case 'invitation-answer': {
      const which = data.accepted ? 'accepted' : 'declined';
      return {
        subject: t(`notifications.kind.invitation-answer.${which}.subject`, v),
        title: t(`notifications.kind.invitation-answer.${which}.title`, v),
        body: t(`notifications.kind.invitation-answer.${which}.body`, v),
        action: t('notifications.kind.invitation-answer.action'),
      };
    }
    case 'interview': {
      const which = (['proposed', 'moved', 'confirmed', 'cancelled'] as const).find((e) => e === data.event) ?? 'proposed';
      const p = { ...v, when: when(data, locale) };
      const base = `notifications.kind.interview.${which}` as const;
      return {
        subject: t(`${base}.subject`, p),
        title: t(`${base}.title`, p),
        body: t(`${base}.body`, p),
        action: t('notifications.kind.interview.action'),
      };
    }
    case 'interview-answer': {
      const which = (['picked', 'declined', 'cancelled'] as const).find((e) => e === data.event) ?? 'picked';
      const p = { ...v, when: when(data, locale) };
      const base = `notifications.kind.interview-answer.${which}` as const;
      return {
        subject: t(`${base}.subject`, p),
        title: t(`${base}.title`, p),
        body: t(`${base}.body`, p),
        action: t('notifications.kind.interview-answer.action'),
      };
    }
    case 'interview-reminder': {
      const p = { ...v, when: when(data, locale) };
      return {
        subject: t('notifications.kind.interview-reminder.subject', p),
        title: t('notifications.kind.interview-reminder.title', p),
        body: t('notifications.kind.interview-reminder.body', p),
        action: t('notifications.kind.interview-reminder.action'),
      };
    }
  }
}

/** A stored link (a path in the default language, maybe with a query and a fragment) in the reader's language. */
export function localLink(link: string, locale: Locale): string {
  const hashAt = link.indexOf('#');
  const hash = hashAt >= 0 ? link.slice(hashAt) : '';
  const rest = hashAt >= 0 ? link.slice(0, hashAt) : link;
  const q = rest.indexOf('?');
  return switchLocalePath(q >= 0 ? rest.slice(0, q) : rest, locale, q >= 0 ? rest.slice(q) : '') + hash;
}
