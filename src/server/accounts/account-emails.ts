import 'server-only';
import { getT } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import { href } from '../../routes';
import { renderEmail } from '../email/render';
import type { OutgoingEmail } from '../email/email-service';

// The account's security emails (decision 069): the password was changed, confirm a new address, the
// address was changed (with its undo link). Essential: no unsubscribe link, always sent, through the outbox.
type Ctx = { siteUrl: string; brand: string; locale: Locale };

export function passwordChangedEmail(to: { email: string; name: string }, c: Ctx): OutgoingEmail {
  const t = getT(c.locale);
  const vars = { brand: c.brand, name: to.name, email: to.email };
  return {
    to: to.email,
    kind: 'password-changed',
    locale: c.locale,
    subject: t('account.email.passwordChanged.subject', vars),
    ...renderEmail({
      locale: c.locale,
      brand: c.brand,
      heading: t('account.email.passwordChanged.heading', vars),
      paragraphs: [t('account.email.passwordChanged.body', vars), t('account.email.passwordChanged.notYou', vars)],
      action: { label: t('account.email.passwordChanged.action'), url: c.siteUrl + href('forgotPassword', c.locale) },
      footer: { reason: t('account.email.reason', vars) },
    }),
  };
}

export function confirmNewEmail(to: { newEmail: string; name: string }, code: string, expiresAt: Date, c: Ctx): OutgoingEmail {
  const t = getT(c.locale);
  const vars = { brand: c.brand, name: to.name, email: to.newEmail };
  return {
    to: to.newEmail,
    kind: 'email-change-confirmation',
    locale: c.locale,
    expiresAt,
    subject: t('account.email.confirmChange.subject', vars),
    ...renderEmail({
      locale: c.locale,
      brand: c.brand,
      heading: t('account.email.confirmChange.heading', vars),
      paragraphs: [t('account.email.confirmChange.body', vars), t('account.email.confirmChange.notYou')],
      action: { label: t('account.email.confirmChange.action'), url: c.siteUrl + href('accountEmailConfirm', c.locale, { token: code }) },
      footer: { reason: t('account.email.confirmChange.reason', vars) },
    }),
  };
}

export function emailChangedNotice(
  to: { oldEmail: string; newEmail: string; name: string },
  undo: string,
  expiresAt: Date,
  c: Ctx,
): OutgoingEmail {
  const t = getT(c.locale);
  const vars = { brand: c.brand, name: to.name, email: to.oldEmail, newEmail: to.newEmail };
  return {
    to: to.oldEmail,
    kind: 'email-changed',
    locale: c.locale,
    expiresAt,
    subject: t('account.email.emailChanged.subject', vars),
    ...renderEmail({
      locale: c.locale,
      brand: c.brand,
      heading: t('account.email.emailChanged.heading', vars),
      paragraphs: [t('account.email.emailChanged.body', vars), t('account.email.emailChanged.notYou', vars)],
      action: { label: t('account.email.emailChanged.action'), url: c.siteUrl + href('accountEmailUndo', c.locale, { token: undo }) },
      footer: { reason: t('account.email.reason', vars) },
    }),
  };
}
