import 'server-only';
import { getT, translateIn } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import type { NotificationKind } from '../../domain/notifications';
import { switchLocalePath } from '../../routes';

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
    case 'application-status': {
      const status = data.status ?? 'sent';
      const words = translateIn(t, 'application.status', status);
      const next = translateIn(t, 'notifications.next', status);
      return {
        subject: t('notifications.kind.application-status.subject', { ...v, status: words }),
        title: t('notifications.kind.application-status.title', { ...v, status: words }),
        body: next,
        action: t('notifications.kind.application-status.action'),
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
