import 'server-only';
import { JsonLd } from '../../components/layout/json-ld';
import { CompanyLogo } from '../../components/ui/company-logo';
import { href } from '../../routes';
import { getConfig } from '../../server/config';
import { PageError } from '../../domain/page-error';
import type { Page, PageProps } from '../../server/render/page-types';
import { cache } from 'react';
import type { AreaDeps } from '../route-module';
import type { CompanyPage as CompanyData } from '../../server/offers/job-search-service';
import { JobList, Pagination } from '../../views/jobs/job-results';
import { organization } from './organization-ld';
import { companyPlace, PerkList, StackList } from './company-profile-parts';

// /empresa/{slug}: a company's public page (decisions 028 and 086): logo or mark, about, perks, tech stack,
// facts (size, location, website) and its open offers, whose cards leave out the logo the head already shows;
// Organization structured data (never for a demo company). Unknown slug: 404.
const slugOf = (p: PageProps) => String(p.params.slug ?? '');
const pageOf = (p: PageProps) => {
  const n = Number(new URLSearchParams(p.query).get('page') ?? '1');
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 1;
};

/** The company page, built from the job search it reads. */
export function companyPage({ jobs }: Pick<AreaDeps, 'jobs'>): Page {
  // meta() and the page get the same props object: one load per request serves both.
  const load = cache(async (p: PageProps): Promise<CompanyData> => {
    const data = await (await jobs()).company(slugOf(p), pageOf(p));
    if (!data) throw new PageError(404, `Company not found: ${slugOf(p)}`);
    return data;
  });

  const page: Page = async (p) => {
    const { t, locale } = p;
    const { company: c, offers } = await load(p);
    const url = `${getConfig().SITE_URL}${href('company', locale, { slug: c.slug })}`;
    const place = companyPlace(c, locale);
    const pageHref = (n: number) => `${href('company', locale, { slug: c.slug })}${n > 1 ? `?page=${n}` : ''}`;
    return (
      <div className="container page company-page">
        {!c.isDemo && <JsonLd data={organization(c, url)} />}
        <header className="company-page-head">
          <CompanyLogo name={c.name} logo={c.logo} size={96} />
          <div>
            <h1>{c.name}</h1>
            {place && <p className="muted">{place}</p>}
            {c.isDemo && <p className="badge">{t('company.page.demo')}</p>}
          </div>
        </header>
        <div className="company-layout">
          <div className="company-main">
            {c.description && (
              <section className="section" aria-labelledby="company-about">
                <h2 id="company-about">{t('company.page.about')}</h2>
                <p className="company-description">{c.description}</p>
              </section>
            )}
            {c.perks.length > 0 && (
              <section className="section" aria-labelledby="company-perks">
                <h2 id="company-perks">{t('company.page.perks')}</h2>
                <PerkList perks={c.perks} />
              </section>
            )}
            {c.stack.length > 0 && (
              <section className="section" aria-labelledby="company-stack">
                <h2 id="company-stack">{t('company.page.stack')}</h2>
                <StackList stack={c.stack} locale={locale} />
              </section>
            )}
            <section className="section" aria-labelledby="company-offers">
              <h2 id="company-offers">{t('company.page.openOffers', { count: offers.total })}</h2>
              {offers.total === 0 ? (
                <p className="muted">{t('company.page.noOffers')}</p>
              ) : (
                <>
                  <JobList items={offers.items} locale={locale} t={t} logos={false} />
                  {offers.pages > 1 && <Pagination page={offers.page} pages={offers.pages} hrefOf={pageHref} t={t} />}
                </>
              )}
            </section>
          </div>
          {(c.size || place || c.website) && (
            <aside className="card company-facts" aria-labelledby="company-facts">
              <h2 id="company-facts" className="h3">
                {t('company.page.facts')}
              </h2>
              <dl className="facts">
                {c.size && (
                  <div className="fact">
                    <dt>{t('company.page.size')}</dt>
                    <dd>{t('company.page.sizeValue', { size: c.size })}</dd>
                  </div>
                )}
                {place && (
                  <div className="fact">
                    <dt>{t('company.page.location')}</dt>
                    <dd>{place}</dd>
                  </div>
                )}
                {c.website && (
                  <div className="fact">
                    <dt>{t('company.page.website')}</dt>
                    <dd>
                      <a href={c.website} rel="nofollow noopener noreferrer" target="_blank">
                        {c.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                      </a>
                    </dd>
                  </div>
                )}
              </dl>
            </aside>
          )}
        </div>
      </div>
    );
  };

  page.meta = async (p) => {
    const { company: c } = await load(p);
    return {
      title: c.name,
      description: p.t('company.page.metaDescription', { name: c.name, brand: p.brand }),
      noindex: c.isDemo,
    };
  };
  return page;
}
