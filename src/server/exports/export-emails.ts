import 'server-only';
import { getT } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import { href } from '../../routes';
import { renderEmail } from '../email/render';
import type { OutgoingEmail } from '../email/email-service';

// The email that a person's data export is ready (decision 072): essential (they asked for it), no
// unsubscribe link, and dropped from the outbox once its link has expired.
type Ctx = { siteUrl: string; brand: string; locale: Locale };

export function exportReadyEmail(to: { email: string; name: string }, token: string, expiresAt: Date, c: Ctx): OutgoingEmail {
  const t = getT(c.locale);
  const date = new Intl.DateTimeFormat(c.locale === 'es' ? 'es' : 'en', { dateStyle: 'long', timeZone: 'UTC' }).format(expiresAt);
  const vars = { brand: c.brand, name: to.name, email: to.email, date };
  return {
    to: to.email,
    kind: 'data-export-ready',
    locale: c.locale,
    expiresAt,
    subject: t('dataExport.email.subject', vars),
    ...renderEmail({
      locale: c.locale,
      brand: c.brand,
      heading: t('dataExport.email.heading', vars),
      paragraphs: [t('dataExport.email.body', vars), t('dataExport.email.signIn', vars)],
      action: { label: t('dataExport.email.action'), url: `${c.siteUrl}${href('account', c.locale)}?descarga=${token}` },
      footer: { reason: t('account.email.reason', vars) },
    }),
  };
}
