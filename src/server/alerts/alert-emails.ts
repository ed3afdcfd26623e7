import 'server-only';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { alertSearchParts, selectionOfAlert, type AlertSearch } from '../../domain/alert-search';
import type { CountryId } from '../../domain/catalog';
import { canonicalSegments, jobQueryParams } from '../../domain/job-facets';
import { formatMoney, formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { getT } from '../../i18n/translate';
import { href } from '../../routes';
import { oneClickHeaders, renderEmail } from '../email/render';
import type { OutgoingEmail } from '../email/email-service';
import type { JobCard } from '../offers/job-search-service';

// The links and emails of job alerts. Links carry tokens that the database never holds: a manage or
// unsubscribe token is an HMAC of a stored nonce with the server's secret (so the sender can put it in every
// email), a confirmation token is random; only SHA-256 hashes are stored and looked up.
/** The search an alert's row stores. */
export const searchOfRow = (r: { country: string | null; filters: string; q: string; min_salary_usd: number | null }): AlertSearch => ({
  ...(r.country ? { country: r.country as CountryId } : {}),
  filters: r.filters ? r.filters.split('/') : [],
  q: r.q,
  ...(r.min_salary_usd ? { minSalaryUsd: r.min_salary_usd } : {}),
});

export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
export const newNonce = () => randomBytes(18).toString('base64url');

type LinkDeps = { secret: string; siteUrl: string; brand: string };

/** The words of a search: "Backend · Remoto · Perú · “node” · ≥ US$2,000". */
export function searchWords(s: AlertSearch, locale: Locale): string {
  const p = alertSearchParts(s, locale);
  const t = getT(locale);
  const parts = [
    ...p.facets,
    ...(p.country ? [p.country] : []),
    ...(p.q ? [`“${p.q}”`] : []),
    ...(p.minSalaryUsd ? [`≥ ${formatMoney(p.minSalaryUsd, 'USD', locale)}`] : []),
  ];
  return parts.length ? parts.join(' · ') : t('alerts.all');
}

export function alertLinks(deps: LinkDeps) {
  const derive = (purpose: string, nonce: string) =>
    createHmac('sha256', deps.secret).update(`alerts:${purpose}:${nonce}`).digest('base64url');
  const abs = (path: string) => `${deps.siteUrl}${path}`;
  return {
    manageToken: (nonce: string) => derive('manage', nonce),
    unsubscribeToken: (nonce: string) => derive('unsubscribe', nonce),
    manageUrl: (nonce: string, locale: Locale) => abs(href('alertManage', locale, { token: derive('manage', nonce) })),
    unsubscribeUrl: (nonce: string, locale: Locale) => abs(href('alertUnsubscribe', locale, { token: derive('unsubscribe', nonce) })),
    confirmUrl: (token: string, locale: Locale) => abs(href('alertConfirm', locale, { token })),
    /** The search page of an alert (its text and salary in the query). */
    searchUrl(s: AlertSearch, locale: Locale) {
      const filters = canonicalSegments(selectionOfAlert(s));
      const query = jobQueryParams({ q: s.q, ...(s.minSalaryUsd ? { minSalaryUsd: s.minSalaryUsd } : {}) });
      return abs(
        s.country ? href('countryJobs', locale, { country: s.country, filters }, query) : href('jobs', locale, { filters }, query),
      );
    },
    offerUrl: (slug: string, locale: Locale) => abs(href('offer', locale, { slug })),
  };
}

type Mail = Omit<OutgoingEmail, 'kind'>;

export function alertMail(deps: LinkDeps) {
  const links = alertLinks(deps);
  const brand = deps.brand;

  /** The double opt-in: nothing is sent to the address until this link is opened (it expires). */
  function confirmation(to: string, s: AlertSearch, locale: Locale, token: string, expiresAt: Date): Mail & { kind: string } {
    const t = getT(locale);
    const what = searchWords(s, locale);
    const url = links.confirmUrl(token, locale);
    const body = renderEmail({
      locale,
      brand,
      preheader: t('alerts.email.confirm.preheader'),
      heading: t('alerts.email.confirm.heading'),
      paragraphs: [t('alerts.email.confirm.body', { search: what }), t('alerts.email.confirm.expiry')],
      action: { label: t('alerts.email.confirm.action'), url },
      footer: { reason: t('alerts.email.confirm.reason', { brand }) },
    });
    return { to, subject: t('alerts.email.confirm.subject', { brand }), ...body, kind: 'alert-confirm', locale, expiresAt };
  }

  /** Said instead of a second confirmation when the address already has this alert, or has the most alerts. */
  function notice(to: string, reason: 'duplicate' | 'full', locale: Locale, manageNonce: string): Mail & { kind: string } {
    const t = getT(locale);
    const body = renderEmail({
      locale,
      brand,
      heading: t(`alerts.email.notice.${reason}`),
      paragraphs: [t('alerts.email.notice.body')],
      action: { label: t('alerts.email.manage'), url: links.manageUrl(manageNonce, locale) },
      footer: { reason: t('alerts.email.confirm.reason', { brand }) },
    });
    return { to, subject: t(`alerts.email.notice.${reason}`), ...body, kind: 'alert-notice', locale };
  }

  /** The alert itself: the first offers, newest first, "and N more" with the search's link. */
  function digest(
    a: { to: string; search: AlertSearch; locale: Locale; manageNonce: string; unsubscribeNonce: string },
    items: JobCard[],
    total: number,
  ): Mail & { kind: string } {
    const { locale } = a;
    const t = getT(locale);
    const what = searchWords(a.search, locale);
    const search = links.searchUrl(a.search, locale);
    const unsubscribe = links.unsubscribeUrl(a.unsubscribeNonce, locale);
    const more = total - items.length;
    const body = renderEmail({
      locale,
      brand,
      preheader: what,
      heading: total === 1 ? t('alerts.email.digest.headingOne') : t('alerts.email.digest.heading', { count: formatNumber(total, locale) }),
      paragraphs: [t('alerts.email.digest.intro', { search: what })],
      items: items.map((o) => ({
        title: o.title,
        detail: [o.company.name, o.city ?? '', o.salary.max ? formatMoney(o.salary.max, o.salary.currency, locale) : '']
          .filter(Boolean)
          .join(' · '),
        url: links.offerUrl(o.slug, locale),
      })),
      action: {
        label: more > 0 ? t('alerts.email.digest.more', { count: formatNumber(more, locale) }) : t('alerts.email.digest.all'),
        url: search,
      },
      footer: {
        reason: t('alerts.email.digest.reason', { brand, email: a.to }),
        preferences: { label: t('alerts.email.manage'), url: links.manageUrl(a.manageNonce, locale) },
        unsubscribe: { label: t('alerts.email.unsubscribe'), url: unsubscribe },
      },
    });
    return {
      to: a.to,
      subject:
        total === 1
          ? t('alerts.email.digest.subjectOne', { search: what })
          : t('alerts.email.digest.subject', { count: formatNumber(total, locale), search: what }),
      ...body,
      headers: oneClickHeaders(unsubscribe),
      kind: 'job-alert',
      locale,
    };
  }

  return { links, confirmation, notice, digest };
}
