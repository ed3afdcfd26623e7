import 'server-only';
import { oneClickHeaders, renderEmail } from '../email/render';
import { href } from '../../routes';
import type { Locale } from '../../i18n/locales';
import { getT } from '../../i18n/translate';
import type { NotificationKind } from '../../domain/notifications';
import { noticeText, type NoticeData } from './texts';

// A notification email from its parts, with nothing read or written: the service sends what this makes,
// and `npm run mail:preview` writes the same thing to files.
export type Reader = { name: string; email: string; locale: Locale };
export type Site = { brand: string; siteUrl: string };
export type ComposedEmail = { subject: string; text: string; html: string; headers: Record<string, string> };

const abs = (site: Site, path: string) => new URL(path, site.siteUrl).toString();

function footer(site: Site, r: Reader, unsubscribeToken: string) {
  const t = getT(r.locale);
  return {
    reason: t('notifications.email.reason', { brand: site.brand, email: r.email }),
    preferences: { label: t('notifications.email.preferences'), url: abs(site, href('notificationPreferences', r.locale)) },
    unsubscribe: {
      label: t('notifications.email.unsubscribe'),
      url: abs(site, href('emailUnsubscribe', r.locale, { token: unsubscribeToken })),
    },
  };
}

/** One notification's email: its action opens the notification (read, then where it leads). */
export function composeInstant(
  site: Site,
  r: Reader,
  n: { id: number; kind: NotificationKind; data: NoticeData },
  unsubscribeToken: string,
): ComposedEmail {
  const text = noticeText(n.kind, n.data, r.locale, site.brand);
  const body = renderEmail({
    locale: r.locale,
    brand: site.brand,
    preheader: text.body,
    heading: text.title,
    paragraphs: [getT(r.locale)('notifications.email.hello', { name: r.name }), text.body],
    quote: text.quote,
    action: { label: text.action, url: abs(site, href('notificationOpen', r.locale, { id: String(n.id) })) },
    footer: footer(site, r, unsubscribeToken),
  });
  return {
    subject: text.subject,
    ...body,
    headers: oneClickHeaders(abs(site, href('emailUnsubscribe', r.locale, { token: unsubscribeToken }))),
  };
}

/** The day's digest: every waiting notification, each with its own link. */
export function composeDigest(
  site: Site,
  r: Reader,
  items: { id: number; kind: NotificationKind; data: NoticeData }[],
  unsubscribeToken: string,
): ComposedEmail {
  const t = getT(r.locale);
  const body = renderEmail({
    locale: r.locale,
    brand: site.brand,
    heading: t('notifications.digest.heading', { n: String(items.length) }),
    paragraphs: [t('notifications.email.hello', { name: r.name }), t('notifications.digest.intro')],
    items: items.map((n) => {
      const text = noticeText(n.kind, n.data, r.locale, site.brand);
      return { title: text.title, detail: text.body, url: abs(site, href('notificationOpen', r.locale, { id: String(n.id) })) };
    }),
    action: { label: t('notifications.digest.action'), url: abs(site, href('notifications', r.locale)) },
    footer: footer(site, r, unsubscribeToken),
  });
  return {
    subject: t('notifications.digest.subject', { brand: site.brand, n: String(items.length) }),
    ...body,
    headers: oneClickHeaders(abs(site, href('emailUnsubscribe', r.locale, { token: unsubscribeToken }))),
  };
}
