import 'server-only';
import { getT } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import { href } from '../../routes';
import { renderEmail } from '../email/render';
import type { OutgoingEmail } from '../email/email-service';

// The notice a company gets when an operator hides, restores or removes one of its offers (decision 071):
// essential (no unsubscribe link, always sent, through the outbox), in the language of the owner's email.
type Ctx = { siteUrl: string; brand: string; locale: Locale };

export function moderationNotice(
  to: { email: string; name: string },
  what: { action: 'hide' | 'restore' | 'remove'; title: string; reason: string },
  c: Ctx,
): OutgoingEmail {
  const t = getT(c.locale);
  const vars = { brand: c.brand, name: to.name, title: what.title };
  const key = `moderation.email.${what.action}` as const;
  return {
    to: to.email,
    kind: `offer-moderation-${what.action}`,
    locale: c.locale,
    subject: t(`${key}.subject`, vars),
    ...renderEmail({
      locale: c.locale,
      brand: c.brand,
      heading: t(`${key}.heading`, vars),
      paragraphs: [t(`${key}.body`, vars), t('moderation.email.reason', { reason: what.reason }), t('moderation.email.contact', vars)],
      action: { label: t('moderation.email.action'), url: c.siteUrl + href('hireSite', c.locale) },
      footer: { reason: t('moderation.email.footer', vars) },
    }),
  };
}
