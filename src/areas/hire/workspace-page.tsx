import 'server-only';
import { SignOutEverywhere } from '../../views/account-forms/sign-out-everywhere';
import { Link } from 'waku';
import { CompanyEditor } from './company-editor';
import { OffersTable } from './workspace-offers';
import { Pager, panelId, tabId, WorkspaceTabs } from './workspace-parts';
import { CompanyLogo } from '../../components/ui/company-logo';
import { areas, countries, englishLevels, labelOf, roles, seniorities, skills } from '../../domain/catalog';
import { formatDate, formatNumber } from '../../i18n/format';
import { href } from '../../routes';
import { ApplicationAnswers } from '../../views/applications/application-answers';
import type { AreaDeps } from '../route-module';
import { PIPELINE } from '../../server/offers/hiring-service';
import type { Page } from '../../server/render/page-types';
import { translateIn } from '../../i18n/translate';
import { InterviewList } from '../../views/interviews/interview-list';

// The company workspace (/hire/site, decision 015): offers, applicants and their pipeline, the candidate browser
// and the company profile. Thin: services do the rules. Decision 029: the company's logo in the header, two
// tabs (plain GET links with the ARIA tab roles), rows with one primary action and a menu, a real pager.

export const hireSitePage =
  ({
    hiring,
    profiles,
    messages,
    interviews,
    screening,
  }: Pick<AreaDeps, 'hiring' | 'profiles' | 'messages' | 'interviews' | 'screening'>): Page =>
  async (p) => {
    const { t, locale } = p;
    const { session, viewer } = p;
    const q = new URLSearchParams(p.query);
    const svc = await hiring();
    const company = viewer ? await (await profiles()).companyOf(viewer.id) : null;
    const state = p.form;
    const list = company ? (await svc.offers(viewer)).offers : [];
    const selected = Number(q.get('oferta') ?? '');
    const applicants = company && list.some((o) => o.id === selected) ? await svc.applicants(viewer, selected) : null;
    // Each applicant's conversation (decision 043), with what the company has not read yet.
    const threads = applicants
      ? await (
          await messages()
        ).forApplications(
          viewer,
          applicants.applicants.map((a) => a.id),
        )
      : new Map<number, { id: number; unread: number }>();
    const sent = await (await screening()).answersFor(viewer, applicants?.applicants.map((a) => a.id) ?? []); // decision 049
    const view = q.get('vista') === 'candidatos' ? 'candidates' : 'offers';
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
    // A whole page number; absurd ones (1e400, 2.5) fall back to the first page.
    const asked = Number(q.get('pagina') ?? '1');
    const page = Number.isSafeInteger(asked) && asked > 0 ? asked : 1;
    const candidates = company && view === 'candidates' ? await svc.candidates(viewer, filter, page) : null;
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
    const candidateQuery = (pg: number) =>
      `${site}?${new URLSearchParams({ vista: 'candidatos', ...Object.fromEntries(Object.entries({ area: filter.area, rol: filter.role, skill: filter.skill, seniority: filter.seniority, pais: filter.country, ingles: filter.english, certificados: filter.certified ? '1' : undefined }).filter(([, v]) => v) as [string, string][]), ...(pg > 1 ? { pagina: String(pg) } : {}) })}`;
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
            { id: 'offers', label: t('hire.site.offers'), to: site, ...(company ? { count: list.length } : {}) },
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
                <OffersTable offers={list} site={site} locale={locale} t={t} />
              )}
            </section>
          )}

          {view === 'offers' && company && <InterviewList items={upcoming} side="company" locale={locale} t={t} tz={null} action={site} />}
          {view === 'offers' && applicants && (
            <section className="section" id="applicants" aria-labelledby="applicants-title">
              <h2 id="applicants-title">{t('hire.site.applicantsOf', { title: applicants.offer.title })}</h2>
              <a href={`/api/v3/hire/offers/${applicants.offer.id}/applicants.csv?lang=${locale}`} download data-testid="applicants-csv">
                {t('applying.csv.download')}
              </a>
              {applicants.applicants.length === 0 ? (
                <p className="notice">{t('hire.site.noApplicants')}</p>
              ) : (
                <ul className="applicant-list">
                  {applicants.applicants.map((a) => (
                    <li key={a.id} className="card applicant" data-testid="applicant">
                      <h3 className="h3">
                        {a.candidate.slug ? (
                          <Link to={href('talentProfile', locale, { slug: a.candidate.slug })}>{a.candidate.name}</Link>
                        ) : (
                          a.candidate.name
                        )}
                      </h3>
                      <p className="muted">
                        {[
                          a.candidate.role && labelOf(roles, a.candidate.role, locale),
                          a.candidate.seniority && labelOf(seniorities, a.candidate.seniority, locale),
                          a.candidate.country && labelOf(countries, a.candidate.country, locale),
                          a.candidate.english && labelOf(englishLevels, a.candidate.english, locale),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </p>
                      {a.candidate.skills.length > 0 && <p>{a.candidate.skills.map((s) => labelOf(skills, s, locale)).join(', ')}</p>}
                      {a.candidate.certifications.length > 0 && (
                        <ul className="chips" aria-label={t('hire.site.certifiedLabel')}>
                          {a.candidate.certifications.map((c) => (
                            <li key={c.slug} className="chip chip-certified" data-testid="applicant-certificate">
                              <Link to={href('certification', locale, { slug: c.slug })}>
                                {`✓ ${t('hire.site.certifiedAs', { role: labelOf(roles, c.role, locale), level: labelOf(seniorities, c.level, locale) })}${c.isDemo ? ` (${t('learning.cert.demo')})` : ''}`}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      )}
                      <p className="muted">
                        {t('hire.site.appliedOn', { date: a.appliedAt ? formatDate(a.appliedAt, locale) : '' })} ·{' '}
                        <a href={`mailto:${a.candidate.email}`}>{a.candidate.email}</a>
                      </p>
                      {threads.has(a.id) && (
                        <p>
                          <Link
                            className="btn btn-outline-primary btn-md"
                            to={href('hireConversation', locale, { id: String(threads.get(a.id)!.id) })}
                            data-testid="applicant-messages"
                          >
                            {threads.get(a.id)!.unread > 0 ? t('messages.rows.open') : t('messages.rows.write')}
                            <span className="sr-only"> {a.candidate.name}</span>
                            {threads.get(a.id)!.unread > 0 && (
                              <span className="badge badge-unread" data-testid="unread">
                                {t('messages.rows.unread', { n: threads.get(a.id)!.unread })}
                              </span>
                            )}
                          </Link>
                        </p>
                      )}
                      <p>
                        <Link
                          className="btn btn-outline-primary btn-md"
                          to={href('hireInterview', locale, { id: String(a.id) })}
                          data-testid="applicant-interview"
                        >
                          {t('interviews.propose')}
                          <span className="sr-only"> ({a.candidate.name})</span>
                        </Link>
                      </p>
                      <ApplicationAnswers sent={sent.get(a.id)} t={t} />
                      <form method="post" action={site} className="inline-form">
                        <input type="hidden" name="intent" value="application-status" />
                        <input type="hidden" name="application" value={a.id} />
                        <label htmlFor={`status-${a.id}`}>{t('offer.status')}</label>
                        <select id={`status-${a.id}`} name="status" defaultValue={a.status} disabled={a.status === ('withdrawn' as string)}>
                          {a.status === ('withdrawn' as string) && <option value="withdrawn">{t('application.status.withdrawn')}</option>}
                          {PIPELINE.map((s) => (
                            <option key={s} value={s}>
                              {t(`application.status.${s}`)}
                            </option>
                          ))}
                        </select>
                        <button type="submit" className="btn btn-outline-primary btn-sm" disabled={a.status === ('withdrawn' as string)}>
                          {t('hire.site.move')}
                        </button>
                      </form>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}

          {view === 'candidates' && candidates && (
            <section className="section-sm" aria-labelledby="candidates-title">
              <h2 id="candidates-title" className="sr-only">
                {t('hire.site.candidates')}
              </h2>
              <form method="get" action={site} className="form-grid candidate-filters">
                <input type="hidden" name="vista" value="candidatos" />
                {(
                  [
                    ['area', 'area', areas, filter.area],
                    ['rol', 'role', roles, filter.role],
                    ['skill', 'skill', skills, filter.skill],
                    ['seniority', 'seniority', seniorities, filter.seniority],
                    ['pais', 'country', countries, filter.country],
                    ['ingles', 'english', englishLevels, filter.english],
                  ] as const
                ).map(([name, key, opts, value]) => (
                  <div className="field" key={name}>
                    <label htmlFor={`cf-${name}`}>{t(`hire.field.${key}`)}</label>
                    <select id={`cf-${name}`} name={name} defaultValue={value ?? ''}>
                      <option value="">{t('calculator.any')}</option>
                      {opts.map((o) => (
                        <option key={o.id} value={o.id}>
                          {o.label[locale]}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
                <div className="field field-check">
                  <span aria-hidden="true">&nbsp;</span>
                  <label>
                    <input type="checkbox" name="certificados" value="1" defaultChecked={filter.certified === true} />{' '}
                    {t('hire.site.certifiedOnly')}
                  </label>
                </div>
                <div className="field">
                  <span aria-hidden="true">&nbsp;</span>
                  <button type="submit" className="btn btn-primary btn-md">
                    {t('hire.site.filter')}
                  </button>
                </div>
              </form>
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
              {candidates.pages > 1 && (
                <Pager page={page} pages={candidates.pages} hrefOf={candidateQuery} label={t('hire.site.pages')} t={t} />
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
                state={state && Object.keys(state.values).length ? state : null}
                values={{
                  name: company.name,
                  website: company.website ?? '',
                  size: company.size ?? '',
                  country: company.country ?? '',
                  location: company.location ?? '',
                  description: company.description ?? '',
                }}
              />
            </>
          )}
        </section>
        <SignOutEverywhere locale={locale} t={t} />
      </div>
    );
  };
