import 'server-only';
import { cache } from 'react';
import { Link } from 'waku';
import { labelOf, roles, seniorities } from '../../domain/catalog';
import { PageError } from '../../domain/page-error';
import { formatDate } from '../../i18n/format';
import { translateIn } from '../../i18n/translate';
import { href } from '../../routes';
import { getConfig } from '../../server/config';
import type { Page, PageProps } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';
import { answer } from '../../server/render/page-answer';
import { CopyLink, copyLinkLabels } from '../../components/ui/copy-link';

// /certification/{slug}: the public verification page anyone can check. Unknown slugs get the
// certification error screen (404); a revoked one answers 410 with the certificate, when and why it was
// revoked, and nothing to share (decision 067). The signed credential is one link away (certificate-get.ts);
// demo certificates are labelled and never signed. The holder's name links to their profile only when it is public.
const slugOf = (p: PageProps) => (typeof p.params.slug === 'string' ? p.params.slug : '');
/** The verification page, built from the learning service it reads. */
export function certificationPage({ learning }: Pick<AreaDeps, 'learning'>): Page {
  // meta() and the page ask for the same slug: one load per request serves both.
  const load = cache(async (slug: string) => (await learning()).certificate(slug));

  const page: Page = async (p) => {
    const { t, locale } = p;
    const slug = slugOf(p);
    const c = await load(slug);
    if (!c) throw new PageError(404, `Certification not found: ${slug}`, { certification: slug });
    const revoked = c.status === 'revoked';
    const site = getConfig().SITE_URL;
    const pageUrl = site + href('certification', locale, { slug });
    const role = labelOf(roles, c.role, locale);
    const level = labelOf(seniorities, c.level, locale);
    const name = `${c.interview?.title[locale] ?? role} · ${level}`;
    const linkedIn = `https://www.linkedin.com/profile/add?${new URLSearchParams({
      startTask: 'CERTIFICATION_NAME',
      name,
      organizationName: p.brand,
      issueYear: String(c.issuedAt.getUTCFullYear()),
      issueMonth: String(c.issuedAt.getUTCMonth() + 1),
      expirationYear: String(c.expiresAt.getUTCFullYear()),
      expirationMonth: String(c.expiresAt.getUTCMonth() + 1),
      certUrl: pageUrl,
      ...(c.verificationId ? { certId: c.verificationId } : {}),
    })}`;
    const share = `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url: pageUrl })}`;
    const content = (
      <div className="container page certificate-page">
        <section className={`card certificate-card status-${c.status}`} aria-labelledby="cert-title">
          {c.isDemo && <span className="badge">{t('learning.cert.demo')}</span>}
          <p className="eyebrow">{t(c.isDemo ? 'learning.cert.demoEyebrow' : 'learning.cert.eyebrow', { brand: p.brand })}</p>
          <h1 id="cert-title">{name}</h1>
          <p className={`cert-status badge ${c.status === 'valid' ? 'badge-success' : 'badge-warning'}`} data-testid="cert-status">
            {translateIn(t, 'learning.cert.status', c.status)}
          </p>
          {revoked && (
            <div className="alert alert-warning" role="status" data-testid="cert-revoked">
              <p>{t('learning.cert.revokedOn', { date: formatDate(c.revokedAt ?? c.issuedAt, locale) })}</p>
              {c.revokeReason && <p>{t('learning.cert.revokedReason', { reason: c.revokeReason })}</p>}
            </div>
          )}
          <dl className="facts-list">
            <dt>{t('learning.cert.holder')}</dt>
            <dd>
              {c.profileSlug ? <Link to={href('talentProfile', locale, { slug: c.profileSlug })}>{c.holderName}</Link> : c.holderName}
            </dd>
            <dt>{t('learning.cert.role')}</dt>
            <dd>{role}</dd>
            <dt>{t('learning.cert.level')}</dt>
            <dd>{`${level} · ${t('learning.cert.band', { min: c.band.min, max: c.band.max })}`}</dd>
            <dt>{t('learning.cert.issued')}</dt>
            <dd>{formatDate(c.issuedAt, locale)}</dd>
            <dt>{t('learning.cert.expires')}</dt>
            <dd>{formatDate(c.expiresAt, locale)}</dd>
            <dt>{t('learning.cert.verificationId')}</dt>
            <dd>
              <code>{c.verificationId ?? '—'}</code>
            </dd>
          </dl>
          {!revoked && <p className="muted">{t('learning.cert.proves')}</p>}
          {!revoked && (
            <>
              <div className="actions">
                <a className="btn btn-primary btn-md" href={linkedIn} rel="noopener noreferrer" target="_blank">
                  {t('learning.cert.addToLinkedIn')}
                </a>
                <a className="btn btn-outline-primary btn-md" href={share} rel="noopener noreferrer" target="_blank">
                  {t('learning.cert.share')}
                </a>
              </div>
              <CopyLink url={pageUrl} labels={copyLinkLabels(t)} testId="share-link" />
            </>
          )}
          {!c.isDemo && !revoked && (
            <p className="muted small">
              {t('learning.cert.machine')} <a href={`${href('certification', locale, { slug })}.json`}>{t('learning.cert.json')}</a> ·{' '}
              <a href="/.well-known/jwks.json">{t('learning.cert.jwks')}</a>
            </p>
          )}
        </section>
      </div>
    );
    return revoked ? answer(410, content) : content;
  };
  page.meta = async (p) => {
    const c = await load(slugOf(p));
    if (!c) return { title: p.t('routes.certification.title'), description: p.t('routes.certification.description'), noindex: true };
    return {
      title: `${c.holderName} · ${labelOf(roles, c.role, p.locale)}`,
      description: p.t('routes.certification.description'),
      noindex: true,
    };
  };
  return page;
}
