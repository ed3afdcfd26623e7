import 'server-only';
import { SignOutEverywhere } from '../../views/account-forms/sign-out-everywhere';
import { Link } from 'waku';
import { CompanyEditor } from './company-editor';
import { CloseConfirm, OffersTable } from './workspace-offers';
import { KeysetPager, panelId, tabId, WorkspaceTabs } from './workspace-parts';
import { CandidateFilters } from './candidate-filters';
import { CompanyLogo } from '../../components/ui/company-logo';
import { areas, countries, englishLevels, labelOf, roles, seniorities, skills } from '../../domain/catalog';
import { formatNumber } from '../../i18n/format';
import { href } from '../../routes';
import type { AreaDeps } from '../route-module';
import { parseId } from '../../domain/ids';
import type { RouteGet } from '../../server/http/app';
import type { Page } from '../../server/render/page-types';
import { translateIn } from '../../i18n/translate';
import { InterviewList } from '../../views/interviews/interview-list';
import { ServiceError } from '../../server/errors';

/** An offer gone meanwhile (or another company's) has nothing to confirm; other failures stay failures. */
const notFound = (err: unknown) => {
  if (err instanceof ServiceError && err.code === 'not-found') return undefined;
  throw err;
};

// The company workspace (/hire/site, decision 015): offers, applicants and their pipeline, the candidate browser
// and the company profile. Thin: services do the rules. Decision 029: the company's logo in the header, two
// tabs (plain GET links with the ARIA tab roles), rows with one primary action and a menu, a real pager.
// Offers and candidates come one keyset page at a time (decision 054): `cursor` is the next page's, opaque.

/** Old links to an offer's applicants (/hire/site?oferta=N) go to its own page (decision 048). */
export const oldApplicantsLink: RouteGet = async ({ match, url, rsc }) => {
  const id = parseId(url.searchParams.get('oferta'));
  if (id === null || rsc) return null;
  const to = href('hireApplicants', match.locale, { id: String(id) });
  return new Response(null, { status: 303, headers: { location: to, 'cache-control': 'no-store' } });
};

export const hireSitePage =
  ({ hiring, profiles, interviews }: Pick<AreaDeps, 'hiring' | 'profiles' | 'interviews'>): Page =>
  async (p) => {
    const { t, locale } = p;
    const { session, viewer } = p;
    const q = new URLSearchParams(p.query);
    const svc = await hiring();
    const company = viewer ? await (await profiles()).companyOf(viewer.id) : null;
    const state = p.form;
    const view = q.get('vista') === 'candidatos' ? 'candidates' : 'offers';
    const cursor = q.get('cursor');
    const offers = company ? await svc.offers(viewer, view === 'offers' ? cursor : null) : null;
    const list = offers?.offers ?? [];
    // Closing an offer asks first (decision 048): the close post comes back with the offer to confirm, which
    // may be on another page than the first.
    const closingId = state?.values?.intent === 'close-confirm' ? parseId(state.values.offer) : null;
    const closing =
      closingId === null ? undefined : (list.find((o) => o.id === closingId) ?? (await svc.listedOffer(viewer, closingId).catch(notFound)));
    // Proposed and upcoming interviews (decision 046), on the offers tab.
    const upcoming = company && view === 'offers' ? await (await interviews()).upcoming(viewer) : [];
    const filter = {
      area: areas.some((a) => a.id === q.get('area')) ? q.get('area')! : undefined,
      role: roles.some((r) => r.id === q.get('rol')) ? q.get('rol')! : undefined,
      skill: skills.some((s) => s.id === q.get('skill')) ? q.get('skill')! : undefined,
      seniority: seniorities.some((s) => s.id === q.get('seniority')) ? q.get('seniority')! : undefined,
      country: countries.some((c) => c.id === q.get('pais')) ? q.get('pais')! : undefined,
      english: englishLevels.some((e) => e.id === q.get('ingles')) ? q.get('ingles')! : undefined,
      certified: q.get('certificados') === '1' || undefined,
    };
    const candidates = company && view === 'candidates' ? await svc.candidates(viewer, filter, cursor) : null;
    const site = href('hireSite', locale);
    const done = q.get('done');
    const notice = q.get('published')
      ? t('hire.site.published')
      : q.get('saved') && q.get('saved') !== '1'
        ? t('hire.site.draftSaved')
        : done
          ? translateIn(t, 'hire.site.done', done)
          : q.get('moved')
            ? t('hire.site.moved')
            : null;
    const publishedSlug = q.get('published');
    const candidateQuery = (next: string | null) =>
      `${site}?${new URLSearchParams({ vista: 'candidatos', ...Object.fromEntries(Object.entries({ area: filter.area, rol: filter.role, skill: filter.skill, seniority: filter.seniority, pais: filter.country, ingles: filter.english, certificados: filter.certified ? '1' : undefined }).filter(([, v]) => v) as [string, string][]), ...(next ? { cursor: next } : {}) })}`;
    return (
      <div className="container page hire-site">
        <header className="workspace-head">
          {company && <CompanyLogo name={company.name} logo={company.logo} size={56} />}
          <div className="workspace-title">
            <h1>{t('company.welcome', { name: session.user?.name ?? '' })}</h1>
            {company ? (
              <p className="muted">
                {company.name} · <Link to={href('company', locale, { slug: company.slug })}>{t('company.publicPage')}</Link>
              </p>
            ) : (
              <p className="muted">{t('routes.hireSite.intro', { brand: p.brand })}</p>
            )}
          </div>
          <Link className="btn btn-outline-primary btn-md" to={href('hireInbox', locale)} data-testid="inbox-link">
            {t('messages.inbox.link')}
          </Link>
          <Link className="btn btn-outline-primary btn-md" to={href('hireTeam', locale)} data-testid="team-link">
            {t('team.link')}
          </Link>
          <Link className="btn btn-outline-primary btn-md" to={href('account', locale)} data-testid="account-link">
            {t('account.link')}
          </Link>
          <Link className="btn btn-primary btn-md" to={href('hireCreateOffer', locale)}>
            {t('routes.hireCreateOffer.title')}
          </Link>
        </header>
        {notice && (
          <div className="alert alert-success section-gap" role="status" data-testid="site-notice">
            {notice} {publishedSlug && <Link to={href('offer', locale, { slug: publishedSlug })}>{t('hire.site.seeOffer')}</Link>}
          </div>
        )}
        {state?.message && (
          <div className="alert alert-error section-gap" role="alert">
            {state.message}
          </div>
        )}
        <WorkspaceTabs
          label={t('hire.site.sections')}
          selected={view}
          tabs={[
            { id: 'offers', label: t('hire.site.offers'), to: site, ...(offers ? { count: offers.total } : {}) },
            { id: 'candidates', label: t('hire.site.candidates'), to: `${site}?vista=candidatos` },
          ]}
        />
        <div className="tab-panel" role="tabpanel" id={panelId(view)} aria-labelledby={tabId(view)}>
          {view === 'offers' && company && (
            <section className="section-sm" aria-labelledby="offers-title">
              <h2 id="offers-title" className="sr-only">
                {t('hire.site.offers')}
              </h2>
              {list.length === 0 ? (
                <p className="notice">{t('hire.site.noOffers')}</p>
              ) : (
                <>
                  {closing && <CloseConfirm offer={closing} site={site} t={t} />}
                  <OffersTable offers={list} site={site} locale={locale} t={t} />
                  {offers && (offers.next || offers.from > 1) && (
                    <KeysetPager
                      page={offers}
                      shown={list.length}
                      first={site}
                      next={offers.next && `${site}?cursor=${encodeURIComponent(offers.next)}`}
                      label={t('hire.site.offerPages')}
                      locale={locale}
                      t={t}
                    />
                  )}
                </>
              )}
            </section>
          )}

          {view === 'offers' && company && <InterviewList items={upcoming} side="company" locale={locale} t={t} tz={null} action={site} />}
          {view === 'candidates' && candidates && (
            <section className="section-sm" aria-labelledby="candidates-title">
              <h2 id="candidates-title" className="sr-only">
                {t('hire.site.candidates')}
              </h2>
              <CandidateFilters action={site} filter={filter} locale={locale} t={t} />
              <p className="muted" role="status">
                {t('hire.site.candidateCount', { n: formatNumber(candidates.total, locale) })}
              </p>
              <ul className="applicant-list">
                {candidates.items.map((c) => (
                  <li key={c.slug ?? c.name} className="card applicant" data-testid="candidate">
                    <h3 className="h3">{c.slug ? <Link to={href('talentProfile', locale, { slug: c.slug })}>{c.name}</Link> : c.name}</h3>
                    {c.certifications > 0 && (
                      <span className="badge badge-success">{t('hire.site.certified', { n: c.certifications })}</span>
                    )}
                    <p className="muted">
                      {[
                        c.role && labelOf(roles, c.role, locale),
                        c.seniority && labelOf(seniorities, c.seniority, locale),
                        c.country && labelOf(countries, c.country, locale),
                        c.english && labelOf(englishLevels, c.english, locale),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    {c.skills.length > 0 && <p>{c.skills.map((s) => labelOf(skills, s, locale)).join(', ')}</p>}
                    {c.slug && (
                      <p>
                        <Link
                          className="btn btn-outline-primary btn-md"
                          to={`${href('talentProfile', locale, { slug: c.slug })}#invite`}
                          data-testid="invite-link"
                        >
                          {t('messages.invite.fromBrowser')}
                          <span className="sr-only"> {c.name}</span>
                        </Link>
                      </p>
                    )}
                  </li>
                ))}
              </ul>
              {(candidates.next || candidates.from > 1) && (
                <KeysetPager
                  page={candidates}
                  shown={candidates.items.length}
                  first={candidateQuery(null)}
                  next={candidates.next && candidateQuery(candidates.next)}
                  label={t('hire.site.pages')}
                  locale={locale}
                  t={t}
                />
              )}
            </section>
          )}
        </div>

        <section className="card section" aria-labelledby="company-heading">
          <h2 id="company-heading">{t('company.heading')}</h2>
          {!company ? (
            <p>{t('company.noCompany')}</p>
          ) : (
            <>
              <p className="muted">{t('company.intro')}</p>
              {q.get('saved') === '1' && (
                <div className="alert alert-success" role="status">
                  {t('company.saved')}
                </div>
              )}
              <CompanyEditor
                action={site}
                locale={locale}
                t={t}
                state={state && Object.keys(state.values).length && !closing ? state : null}
                values={{
                  name: company.name,
                  website: company.website ?? '',
                  size: company.size ?? '',
                  country: company.country ?? '',
                  location: company.location ?? '',
                  description: company.description ?? '',
                  perks: company.perks.join('\n'),
                  stack: company.stack.join(','),
                }}
              />
            </>
          )}
        </section>
        <SignOutEverywhere locale={locale} t={t} />
      </div>
    );
  };
