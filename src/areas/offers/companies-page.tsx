import 'server-only';
import { cache } from 'react';
import { z } from 'zod';
import { countries, labelOf } from '../../domain/catalog';
import { CompanyLogo } from '../../components/ui/company-logo';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';
import { DIRECTORY_Q_MAX, type CompanyDirectoryPage, type DirectoryCompany } from '../../server/offers/company-directory';
import type { Page, PageProps } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';

// /empresas: the directory of companies (decision 087). Server-rendered only, no client JavaScript: a GET
// search form (?q=, by a part of the name), the cards of one keyset page (?cursor=) and a link to the next.
// A search text too long is said so and the whole directory shown; a bad cursor gives the first page.

const querySchema = z.object({
  q: z.string().trim().max(DIRECTORY_Q_MAX).catch(''),
  cursor: z.string().max(400).optional().catch(undefined),
});

type DirectoryQuery = { q: string; cursor?: string; tooLong: boolean };

function readQuery(raw: string): DirectoryQuery {
  const sp = new URLSearchParams(raw);
  const q = sp.get('q') ?? '';
  const parsed = querySchema.parse({ q, cursor: sp.get('cursor') ?? undefined });
  return { q: parsed.q, cursor: parsed.cursor, tooLong: q.trim().length > DIRECTORY_Q_MAX };
}

const offersLine = (n: number, t: T) =>
  n === 0
    ? t('company.directory.offersNone')
    : n === 1
      ? t('company.directory.offersOne')
      : t('company.directory.offersMany', { count: n });

function CompanyCard({ c, locale, t }: { c: DirectoryCompany; locale: Locale; t: T }) {
  const place = [c.location, c.country ? labelOf(countries, c.country, locale) : null].filter(Boolean).join(', ');
  return (
    <li>
      <a className="card company-card" data-testid="company-card" href={href('company', locale, { slug: c.slug })}>
        <CompanyLogo name={c.name} logo={c.logo} size={56} />
        <span className="company-card-body">
          <span className="company-card-name">
            <strong>{c.name}</strong>
            {c.isDemo && <span className="badge">{t('company.directory.demo')}</span>}
          </span>
          {(place || c.size) && (
            <span className="muted company-card-facts">
              {[place, c.size ? t('company.page.sizeValue', { size: c.size }) : null].filter(Boolean).join(' · ')}
            </span>
          )}
          <span className={c.openOffers ? 'company-card-offers' : 'muted company-card-offers'}>{offersLine(c.openOffers, t)}</span>
        </span>
      </a>
    </li>
  );
}

/** The directory page, built from the job search it reads. */
export function companiesPage({ jobs }: Pick<AreaDeps, 'jobs'>): Page {
  const load = cache(async (p: PageProps): Promise<{ query: DirectoryQuery; result: CompanyDirectoryPage }> => {
    const query = readQuery(p.query);
    return { query, result: await (await jobs()).directory({ q: query.q, cursor: query.cursor }) };
  });

  const page: Page = async (p) => {
    const { t, locale } = p;
    const { query, result } = await load(p);
    const all = href('companies', locale);
    return (
      <div className="container page companies-page">
        <header className="companies-head">
          <h1>{t('routes.companies.heading')}</h1>
          <p className="muted">{t('routes.companies.intro')}</p>
        </header>
        <form className="card companies-search" method="get" action={all} role="search" aria-label={t('company.directory.searchForm')}>
          <div className="field">
            <label htmlFor="companies-q">{t('company.directory.searchLabel')}</label>
            <input
              id="companies-q"
              type="search"
              name="q"
              defaultValue={query.tooLong ? '' : query.q}
              placeholder={t('company.directory.searchPlaceholder')}
              maxLength={DIRECTORY_Q_MAX}
              aria-describedby={query.tooLong ? 'companies-q-error' : undefined}
            />
          </div>
          <button type="submit" className="btn btn-primary btn-md" data-testid="companies-search-submit">
            {t('company.directory.searchSubmit')}
          </button>
        </form>
        {query.tooLong && (
          <p className="notice" id="companies-q-error" role="status">
            {t('company.directory.qTooLong', { max: DIRECTORY_Q_MAX })}
          </p>
        )}
        <section className="section" aria-labelledby="companies-list">
          <h2 id="companies-list" className={query.q ? 'h3' : 'sr-only'}>
            {query.q ? t('company.directory.results', { q: query.q }) : t('company.directory.list')}
          </h2>
          {result.items.length === 0 ? (
            <div className="card companies-empty">
              <p>{query.q ? t('company.directory.empty', { q: query.q }) : t('company.directory.emptyAll')}</p>
              {query.q && (
                <a className="btn btn-outline-primary btn-md" href={all}>
                  {t('company.directory.all')}
                </a>
              )}
            </div>
          ) : (
            <ul className="company-directory">
              {result.items.map((c) => (
                <CompanyCard key={c.id} c={c} locale={locale} t={t} />
              ))}
            </ul>
          )}
          {result.next && (
            <p className="companies-more">
              <a
                className="btn btn-outline-primary btn-md"
                data-testid="companies-more"
                rel="next"
                href={href('companies', locale, undefined, { q: query.q, cursor: result.next })}
              >
                {t('company.directory.more')}
              </a>
            </p>
          )}
        </section>
      </div>
    );
  };

  page.meta = async (p) => {
    const { query } = await load(p);
    const narrowed = !!query.q || !!query.cursor || query.tooLong;
    return {
      title: p.t('routes.companies.title'),
      description: p.t('routes.companies.description'),
      // A search or a later page: not indexed, the directory itself is the canonical page.
      ...(narrowed ? { noindex: true, canonicalPath: href('companies', p.locale) } : {}),
    };
  };
  return page;
}
