import 'server-only';
import { Link } from 'waku';
import { CompanyLogo } from '../../components/ui/company-logo';
import { Figures, Section } from '../../components/ui/commercial-blocks';
import { areas, roles } from '../../domain/catalog';
import { formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';
import type { Figure, HiringCompany, MarketplaceFigures } from '../../server/offers/marketplace-service';

// Sections shared by the commercial pages of both sides (/hire, /hire/landing, /match): the marketplace's
// live figures, the companies hiring now and the five areas. Data comes in as props (the pages read it
// through their `marketplace` dependency); each figure that includes demo data says so (decision 024).

type Common = { t: T; locale: Locale };
export type FigureKey = keyof MarketplaceFigures;

const badge = (f: Figure, t: T) =>
  f.demo === 'all' ? t('commercial.figures.demo') : f.demo === 'some' ? t('commercial.figures.includesDemo') : undefined;

export function LiveFigures({
  t,
  locale,
  brand,
  figures,
  show,
}: Common & { brand: string; figures: MarketplaceFigures; show: readonly FigureKey[] }) {
  return (
    <Section
      id="figures"
      heading={t('commercial.figures.heading', { brand })}
      intro={t('commercial.figures.intro')}
      className="live-figures"
    >
      <Figures
        items={show.map((key) => ({
          id: key,
          value: formatNumber(figures[key].value, locale),
          label: t(`commercial.figures.${key}`),
          badge: badge(figures[key], t),
        }))}
      />
      {show.includes('salaryReports') && figures.salaryReports.demo === 'all' && (
        <p className="demo-note muted">{t('commercial.figures.salaryDemoNote')}</p>
      )}
    </Section>
  );
}

export function CompaniesHiring({ t, locale, companies }: Common & { companies: HiringCompany[] }) {
  return (
    <Section id="companies" heading={t('commercial.companies.heading')} intro={t('commercial.companies.intro')}>
      {companies.length === 0 ? (
        <p className="notice">{t('commercial.companies.empty')}</p>
      ) : (
        <ul className="company-strip">
          {companies.map((c) => (
            <li key={c.slug}>
              <Link to={href('company', locale, { slug: c.slug })} className="company-card">
                <CompanyLogo name={c.name} logo={c.logo} size={44} />
                <span className="company-card-text">
                  <strong>{c.name}</strong>
                  <span className="muted">
                    {c.openOffers === 1
                      ? t('commercial.companies.offersOne')
                      : t('commercial.companies.offersMany', { count: formatNumber(c.openOffers, locale) })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {companies.some((c) => c.isDemo) && <p className="demo-note muted">{t('commercial.companies.demo')}</p>}
    </Section>
  );
}

/** The five areas with their roles; `link` makes each area a job search (the candidates' side). */
export function AreasSection({ t, locale, intro, link = false }: Common & { intro: string; link?: boolean }) {
  return (
    <Section id="areas" heading={t('commercial.areas.heading')} intro={intro}>
      <ul className="area-list">
        {areas.map((a) => (
          <li key={a.id} className="card area-card">
            <h3>{link ? <Link to={href('jobs', locale, { filters: [a.id] })}>{a.label[locale]}</Link> : a.label[locale]}</h3>
            <ul className="chips" aria-label={t('commercial.areas.roles', { area: a.label[locale] })}>
              {roles
                .filter((r) => r.area === a.id)
                .map((r) => (
                  <li key={r.id}>
                    <span className="chip chip-static">{r.label[locale]}</span>
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  );
}
