import 'server-only';
import { Link } from 'waku';
import { ButtonLink } from '../../components/ui/button';
import { LinkCards } from '../../components/ui/link-cards';
import { JobSearchBox } from '../../components/ui/job-search-box';
import { areas, countries, labelOf, roles, skills, type CountryId } from '../../domain/catalog';
import { formatMoney, formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';
import type { PageProps } from '../../server/render/page-types';
import type { SalaryService } from '../../server/salaries/salary-service';
import type { AreaDeps } from '../route-module';
import type { MarketplaceFigures } from '../../server/offers/marketplace-service';
import type { Stats } from '../../server/salaries/salary-service';
import { RelatedOffers } from '../../views/jobs/related-offers';
import { jobsHref } from '../../views/jobs/job-search-url';
import { Provenance } from '../../views/salary/salary-provenance';
import { ConfidenceNote } from '../../views/salary/confidence-note';

// The home page answers three questions at a glance: find a job (a search box that works without
// JavaScript), how big the marketplace is (live counts, demo labelled) and what a role pays (a live median
// from the salary data with its provenance), then the newest offers.
const POPULAR_SKILLS = ['react', 'python', 'java', 'nodejs', 'aws'] as const;

type SalaryExample = { country: CountryId; role: string; stats: Stats };

/** The country and role with the most reports: the example the data supports best. */
async function salaryExample(salaries: SalaryService): Promise<SalaryExample | null> {
  const byN = <R extends { stats: Stats }>(rows: R[]) =>
    rows.filter((r) => r.stats.enough && r.stats.local).sort((a, b) => b.stats.n - a.stats.n);
  for (const c of byN(await salaries.breakdown({}, 'country')).slice(0, 3)) {
    const [top] = byN(await salaries.breakdown({ country: c.value }, 'role'));
    if (top) return { country: c.value as CountryId, role: top.value, stats: top.stats };
  }
  return null;
}

function LiveCounts({ figures, locale, t }: { figures: MarketplaceFigures; locale: Locale; t: T }) {
  const keys = ['openOffers', 'hiringCompanies', 'salaryReports'] as const;
  // Three narrow columns leave no room for a badge each: a mark on each figure with demo rows, one note.
  const demo = keys.some((k) => figures[k].demo);
  return (
    <>
      <ul className="home-counts">
        {keys.map((k) => (
          <li key={k} data-figure={k}>
            <strong>
              {formatNumber(figures[k].value, locale)}
              {figures[k].demo && <span className="demo-mark">*</span>}
            </strong>
            <span>{t(`commercial.figures.${k}`)}</span>
          </li>
        ))}
      </ul>
      {demo && (
        <p className="home-counts-note">
          <span className="badge">* {t('commercial.figures.includesDemo')}</span>
        </p>
      )}
    </>
  );
}

function SalaryCard({ example, locale, t }: { example: SalaryExample; locale: Locale; t: T }) {
  const { stats } = example;
  const local = stats.local!;
  const m = (v: number, c: string) => formatMoney(v, c, locale);
  const role = labelOf(roles, example.role, locale);
  const country = labelOf(countries, example.country, locale);
  return (
    <div className="home-salary" data-testid="home-salary">
      <p className="eyebrow">{t('home.salaryExample', { role, country })}</p>
      <p className="home-salary-figure">
        <strong>{m(local.p50, local.currency)}</strong> <span className="muted">{t('home.perMonthGross')}</span>
      </p>
      <p className="muted">
        {t('home.salaryRange', { low: m(local.p25, local.currency), high: m(local.p75, local.currency), usd: m(stats.usd.p50, 'USD') })}
      </p>
      <p>
        <ConfidenceNote confidence={stats.confidence} n={stats.n} locale={locale} t={t} />
      </p>
      <Provenance stats={stats} locale={locale} t={t} />
      <p>
        <Link to={href('toolsCountryRole', locale, { country: example.country, rol: example.role })}>
          {t('home.salaryMore', { role, country })}
        </Link>
      </p>
    </div>
  );
}

export const homePage =
  ({ marketplace, salaries, jobs }: Pick<AreaDeps, 'marketplace' | 'salaries' | 'jobs'>) =>
  async ({ locale, t }: PageProps) => {
    const [figures, example, latest] = await Promise.all([
      (await marketplace()).figures(),
      salaryExample(await salaries()),
      (await jobs()).related([{}], 4),
    ]);
    return (
      <>
        <section className="hero-home">
          <div className="container hero-home-grid">
            <div className="hero-home-main">
              <span className="eyebrow">{t('home.eyebrow')}</span>
              <h1>{t('home.heroTitle')}</h1>
              <p className="hero-home-text">{t('home.heroText')}</p>
              <JobSearchBox id="home-q" locale={locale} t={t} />
              <p className="home-popular">
                <span className="muted">{t('home.popular')}</span>{' '}
                {POPULAR_SKILLS.map((s) => (
                  <Link key={s} className="chip" to={href('jobs', locale, { filters: ['tech', s] })}>
                    {labelOf(skills, s, locale)}
                  </Link>
                ))}
              </p>
              <div className="actions">
                <ButtonLink to={href('calculator', locale)} size="md" variant="outline-primary">
                  {t('home.ctaTools')}
                </ButtonLink>
              </div>
              {/* Employers get their own door, after the candidates' search. */}
              <p className="home-employers">
                <span>{t('home.employersLead')}</span>{' '}
                <ButtonLink to={href('hireCreateOffer', locale)} size="md">
                  {t('home.ctaHire')}
                </ButtonLink>
              </p>
            </div>
            <aside className="card hero-home-card" aria-labelledby="home-live">
              <h2 id="home-live" className="h3">
                {t('home.liveTitle')}
              </h2>
              <LiveCounts figures={figures} locale={locale} t={t} />
              {example && <SalaryCard example={example} locale={locale} t={t} />}
            </aside>
          </div>
        </section>
        <div className="container page">
          <RelatedOffers
            id="latest-offers"
            title={t('home.latestOffers')}
            items={latest.items}
            locale={locale}
            t={t}
            empty={t('home.noOffers')}
            more={jobsHref(locale, {})}
            moreLabel={t('home.allOffers')}
          />
          <LinkCards
            cards={[
              { to: href('match', locale), title: t('home.forCandidates'), text: t('home.forCandidatesText') },
              { to: href('hire', locale), title: t('home.forCompanies'), text: t('home.forCompaniesText') },
              { to: href('tools', locale), title: t('home.forEveryone'), text: t('home.forEveryoneText') },
            ]}
          />
          <section className="section">
            <h2>{t('home.areasTitle')}</h2>
            <p className="muted">{t('home.areasText')}</p>
            <ul className="chips">
              {areas.map((a) => (
                <li key={a.id}>
                  <a className="chip" href={href('jobs', locale, { filters: [a.id] })}>
                    {a.label[locale]}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </>
    );
  };
