import 'server-only';
import { Provenance } from '../../views/salary/salary-provenance';
import { adjustedText, adjustmentsOf } from '../../views/salary/effect-label';
import { ConfidenceNote } from '../../views/salary/confidence-note';
import { cache } from 'react';
import { Link } from 'waku';
import { JsonLd } from '../../components/layout/json-ld';
import { CompanyLogo } from '../../components/ui/company-logo';
import { jobPosting } from './job-posting';
import { RelatedOffers } from '../../views/jobs/related-offers';
import { jobsHref } from '../../views/jobs/job-search-url';
import {
  type CountryId,
  countries,
  employmentTypes,
  englishLevels,
  labelOf,
  modalities,
  roles,
  seniorities,
  skills,
} from '../../domain/catalog';
import { formatDate, formatMoney } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { markdownToText, renderMarkdown } from '../../server/render/markdown';
import { PageError } from '../../domain/page-error';
import { href } from '../../routes';
import { getConfig } from '../../server/config';
import { answer } from '../../server/render/page-answer';
import type { OfferView } from '../../server/offers/application-service';
import type { AreaDeps } from '../route-module';
import { ServiceError } from '../../server/errors';
import type { Viewer } from '../../server/accounts/session';
import type { Page, PageProps } from '../../server/render/page-types';
import { type T } from '../../i18n/translate';
import { CopyLink, copyLinkLabels } from '../../components/ui/copy-link';
import { OfferViewer } from './offer-viewer';
import { ApplyBox, appliedLabels, SharedApplyBox } from './apply-box';
import { SaveOfferForm } from '../../views/jobs/save-offer-form';
import { ReportOfferForm } from './report-form';
import { CompanyBox } from './company-box';

// The offer page (/oferta/{slug}, decision 016): everything a candidate needs to decide, the salary tools'
// verdict on the range, a one-step application, and JobPosting data (docs/product-rules.md). A closed or expired
// offer answers 410 and says so; an unknown slug is the offer-not-found screen.
const slugOf = (p: PageProps) => (typeof p.params.slug === 'string' ? p.params.slug : '');

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function SkillList({
  id,
  title,
  skills: list,
  locale,
  muted,
}: {
  id: string;
  title: string;
  skills: { skill: string }[];
  locale: Locale;
  muted?: boolean;
}) {
  if (list.length === 0) return null;
  return (
    <section className="section offer-skills" aria-labelledby={id}>
      <h2 id={id} className="h3">
        {title}
      </h2>
      <ul className="chips">
        {list.map((s) => (
          <li key={s.skill} className={muted ? 'chip chip-muted' : 'chip'}>
            {labelOf(skills, s.skill, locale)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SalaryLine({ o, locale, t }: { o: OfferView; locale: Locale; t: T }) {
  const m = (v: number, c: string) => formatMoney(v, c, locale);
  return (
    <>
      <span className="money">{`${m(o.salary.min, o.salary.currency)} – ${m(o.salary.max, o.salary.currency)}`}</span>{' '}
      <span>{t(o.salary.period === 'year' ? 'offer.perYear' : 'offer.perMonth')}</span>
      {o.salary.gross && <span className="muted">{` · ${t('offer.gross')}`}</span>}
      {o.salary.currency !== 'USD' && (
        <span className="money-usd">
          {t('offer.usdMonth', { min: m(o.salary.minUsdMonth, 'USD'), max: m(o.salary.maxUsdMonth, 'USD') })}
        </span>
      )}
    </>
  );
}

/** The offer page, built from the services it reads. */
export function offerPage({
  applications,
  salaries,
  jobs: jobSearch,
  screening,
}: Pick<AreaDeps, 'applications' | 'salaries' | 'jobs' | 'screening'>): Page {
  // meta() and the page get the same viewer object: one load per request serves both.
  const loadOffer = cache(async (slug: string, viewer: Viewer) => {
    try {
      return { offer: await (await applications()).offer(slug, viewer) };
    } catch (err) {
      if (err instanceof ServiceError && err.code === 'not-found') return null;
      throw err;
    }
  });

  const page: Page = async (p) => {
    const { t, locale } = p;
    const slug = slugOf(p);
    const loaded = await loadOffer(slug, p.viewer);
    if (!loaded) throw new PageError(404, `Offer not found: ${slug}`, { offerId: slug });
    const { offer: o } = loaded;
    const url = `${getConfig().SITE_URL}${href('offer', locale, { slug: o.slug })}`;
    const verdict = await (
      await salaries()
    ).verdict(
      { country: o.country as never, role: o.role, seniority: o.seniority, english: o.english ?? undefined, modality: o.modality },
      o.salary.minUsdMonth,
      o.salary.maxUsdMonth,
    );
    // Screening questions are public offer data (decision 049): with them, applying happens on its own page.
    const questions = (await (await screening()).questions(o.id)).length;
    const jobs = await jobSearch();
    const country = o.country as CountryId;
    const similar = await jobs.related(
      [{ role: o.role, country, seniority: o.seniority }, { role: o.role, country }, { role: o.role }],
      4,
      o.id,
    );
    const related = (
      <RelatedOffers
        id="similar-offers"
        title={t('offer.similar')}
        items={similar.items}
        locale={locale}
        t={t}
        more={similar.selection ? jobsHref(locale, similar.selection) : undefined}
        moreLabel={t('offer.moreOffers')}
      />
    );
    const m = (v: number, c: string) => formatMoney(v, c, locale);
    const place = [o.city, labelOf(countries, o.country, locale)].filter(Boolean).join(', ');
    const required = o.skills.filter((s) => s.required);
    const nice = o.skills.filter((s) => !s.required);
    const shareText = encodeURIComponent(`${o.title} · ${o.company.name}`);
    const shareUrl = encodeURIComponent(url);
    // A closed or expired offer still shows, and says so: 410 Gone.
    const gone = o.state === 'closed' || o.state === 'expired';
    // Rendered once for every visitor: what depends on who is signed in comes from the islands.
    const shared = !p.session.loggedIn && !p.form;
    // Where a successful application lands (its URL is its own cached page): says so, with or without JavaScript.
    const justApplied = new URLSearchParams(p.query).get('applied') === '1';
    const applyBar = (
      <div className="apply-bar" data-testid="apply-bar">
        <p className="apply-bar-salary">
          <span className="money">{`${m(o.salary.min, o.salary.currency)} – ${m(o.salary.max, o.salary.currency)}`}</span>{' '}
          <span className="muted">{t(o.salary.period === 'year' ? 'offer.perYear' : 'offer.perMonth')}</span>
        </p>
        <a className="btn btn-primary btn-md" href="#apply">
          {t('offer.apply')}
        </a>
      </div>
    );
    return answer(
      gone ? 410 : 200,
      <div className="container page offer-page">
        {o.state === 'open' && !o.isDemo && <JsonLd data={jobPosting(o, url, locale)} />}
        <nav className="breadcrumbs" aria-label={t('offer.breadcrumb')}>
          <Link to={href('jobs', locale)}>{t('routes.jobs.title')}</Link> ›{' '}
          <Link to={href('countryJobs', locale, { country: o.country, filters: [] })}>{labelOf(countries, o.country, locale)}</Link>
        </nav>
        {justApplied && (
          <div className="alert alert-success section-gap" role="status" data-testid="applied-notice">
            {t('offer.sent')} <Link to={href('matchPlatform', locale)}>{t('offer.seeApplications')}</Link>
          </div>
        )}
        {new URLSearchParams(p.query).get('guardada') === '1' && (
          <div className="alert alert-success section-gap" role="status" data-testid="saved-notice">
            {t('applying.saved.done')} <Link to={`${href('matchPlatform', locale)}#saved`}>{t('applying.saved.heading')}</Link>
          </div>
        )}
        {o.state !== 'open' && (
          <div className="alert alert-info section-gap" role="status" data-testid="offer-state">
            {t(`offer.state.${o.state}`)}
          </div>
        )}
        <header className="offer-head">
          <p className="eyebrow offer-company">
            <CompanyLogo name={o.company.name} logo={o.company.logo} size={40} />
            <Link to={href('company', locale, { slug: o.company.slug })}>{o.company.name}</Link>
          </p>
          <h1>{o.title}</h1>
          <p className="offer-salary" data-testid="offer-salary">
            <SalaryLine o={o} locale={locale} t={t} />
          </p>
          {o.isDemo && <p className="badge">{t('offer.demo')}</p>}
        </header>
        <div className="offer-layout">
          <div className="offer-main">
            {o.state !== 'open' && <div className="offer-related-first">{related}</div>}
            <dl className="facts">
              <Fact label={t('offer.modality')}>{labelOf(modalities, o.modality, locale)}</Fact>
              <Fact label={t('offer.location')}>{place}</Fact>
              {o.allowedCountries.length > 0 && (
                <Fact label={t('offer.allowedCountries')}>{o.allowedCountries.map((c) => labelOf(countries, c, locale)).join(', ')}</Fact>
              )}
              <Fact label={t('offer.seniority')}>{labelOf(seniorities, o.seniority, locale)}</Fact>
              <Fact label={t('offer.role')}>{labelOf(roles, o.role, locale)}</Fact>
              <Fact label={t('offer.english')}>{o.english ? labelOf(englishLevels, o.english, locale) : t('offer.englishNone')}</Fact>
              <Fact label={t('offer.employment')}>{labelOf(employmentTypes, o.employmentType, locale)}</Fact>
              {o.publishedAt && <Fact label={t('offer.posted')}>{formatDate(o.publishedAt, locale)}</Fact>}
              {o.validThrough && <Fact label={t('offer.validThrough')}>{formatDate(o.validThrough, locale)}</Fact>}
            </dl>
            <SkillList id="skills-required" title={t('offer.skillsRequired')} skills={required} locale={locale} />
            <SkillList id="skills-nice" title={t('offer.skillsNice')} skills={nice} locale={locale} muted />
            <section className="section offer-description" aria-labelledby="offer-description">
              <h2 id="offer-description">{t('offer.description')}</h2>
              {/* Sanitised by construction: renderMarkdown escapes raw HTML and keeps only safe links (src/server/render/markdown.ts). */}
              <div className="prose" dangerouslySetInnerHTML={{ __html: renderMarkdown(o.description) }} />
            </section>
            <CompanyBox c={o.company} locale={locale} t={t} />
            {o.state === 'open' && <div className="offer-related">{related}</div>}
          </div>
          {/* On phones the side's cards join the main column's flow: applying comes before the description. */}
          <div className="offer-side">
            <section className="card offer-apply" id="apply" aria-labelledby="apply-title">
              <h2 id="apply-title" className="h3">
                {t('offer.applyTitle')}
              </h2>
              {shared ? (
                <SharedApplyBox p={p} o={o} questions={questions} />
              ) : (
                <ApplyBox p={p} o={o} type={p.session.type} questions={questions} />
              )}
              {o.state === 'open' && (shared || p.session.type !== 'hire') && (
                <div className="when-not-hire">
                  <SaveOfferForm slug={o.slug} locale={locale} label={t('applying.saved.save')} title={o.title} />
                </div>
              )}
            </section>
            <section className="card offer-verdict" aria-labelledby="verdict-title" data-testid="offer-verdict">
              <h2 id="verdict-title" className="h3">
                {t('offer.marketTitle')}
              </h2>
              {verdict ? (
                <>
                  <p>
                    <span className={`verdict verdict-${verdict.verdict}`}>{t(`offer.verdict.${verdict.verdict}`)}</span>
                  </p>
                  <p className="muted">
                    {t('offer.marketRange', {
                      low: m(verdict.estimate.usd.low, 'USD'),
                      high: m(verdict.estimate.usd.high, 'USD'),
                      adjusted: adjustedText(t, adjustmentsOf(verdict.estimate.steps, locale)),
                    })}{' '}
                    <ConfidenceNote confidence={verdict.estimate.confidence} n={verdict.estimate.n} locale={locale} t={t} />
                  </p>
                  {verdict.estimate.basis && <Provenance stats={verdict.estimate.basis} locale={locale} t={t} />}
                  <p>
                    <Link to={href('toolsCountryRole', locale, { country: o.country, rol: o.role })}>
                      {t('offer.moreSalaries', { role: labelOf(roles, o.role, locale) })}
                    </Link>
                  </p>
                </>
              ) : (
                <p className="muted">{t('salary.noData')}</p>
              )}
            </section>
            <section className="card offer-share" aria-labelledby="share-title">
              <h2 id="share-title" className="h3">
                {t('offer.share')}
              </h2>
              <ul className="share-links">
                <li>
                  <a href={`https://www.linkedin.com/sharing/share-offsite/?url=${shareUrl}`} rel="noopener noreferrer" target="_blank">
                    LinkedIn
                  </a>
                </li>
                <li>
                  <a href={`https://wa.me/?text=${shareText}%20${shareUrl}`} rel="noopener noreferrer" target="_blank">
                    WhatsApp
                  </a>
                </li>
                <li>
                  <a href={`https://x.com/intent/post?text=${shareText}&url=${shareUrl}`} rel="noopener noreferrer" target="_blank">
                    X
                  </a>
                </li>
                <li>
                  <a href={`mailto:?subject=${shareText}&body=${shareUrl}`}>{t('offer.email')}</a>
                </li>
              </ul>
              <CopyLink url={url} labels={copyLinkLabels(t)} testId="share-link" />
            </section>
            <details className="card offer-report" data-testid="report-offer">
              <summary>{t('moderation.report.open')}</summary>
              <ReportOfferForm slug={o.slug} locale={locale} t={t} />
            </details>
          </div>
        </div>
        {o.state === 'open' &&
          (shared ? (
            <div className="when-not-hire">
              <OfferViewer part="bar" path={href('offer', locale, { slug: o.slug })} locale={locale} labels={appliedLabels(t, locale)}>
                {applyBar}
              </OfferViewer>
            </div>
          ) : (
            !o.application && p.session.type !== 'hire' && applyBar
          ))}
      </div>,
    );
  };

  page.meta = async (p) => {
    const loaded = await loadOffer(slugOf(p), p.viewer);
    if (!loaded) return { title: p.t('routes.offer.title', { slug: slugOf(p) }), description: '', noindex: true };
    const o = loaded.offer;
    const place = [o.city, labelOf(countries, o.country, p.locale)].filter(Boolean).join(', ');
    return {
      title: p.t('offer.metaTitle', { title: o.title, company: o.company.name, place }),
      description: markdownToText(o.description, 155),
      noindex: o.state !== 'open' || o.isDemo,
    };
  };
  return page;
}
