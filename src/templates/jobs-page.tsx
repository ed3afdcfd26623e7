import { Link } from 'waku';
import { PageHero } from '../components/ui/page-hero';
import { areas, countries, englishLevels, labelOf, modalities, roles, seniorities } from '../domain/catalog';
import { href, type Params } from '../routes';
import type { TemplateProps } from './types';

const facets = [
  { key: 'area', list: areas },
  { key: 'role', list: roles },
  { key: 'seniority', list: seniorities },
  { key: 'modality', list: modalities },
  { key: 'english', list: englishLevels },
] as const;

/** Job search: facet links by area, role, seniority, modality and English; results arrive with the marketplace. */
export function JobsPage(p: TemplateProps) {
  const { id, locale, t, params } = p;
  const country = typeof params.country === 'string' ? params.country : '';
  const filters = Array.isArray(params.filters) ? params.filters : [];
  const values = { country: labelOf(countries, country, locale) };
  // A chip adds its value, or removes it when it is already selected.
  const target = (value: string) => {
    const next: Params = { filters: filters.includes(value) ? filters.filter((f) => f !== value) : [...filters, value] };
    return country ? href('countryJobs', locale, { ...next, country }) : href('jobs', locale, next);
  };
  return (
    <>
      <PageHero heading={t(`routes.${id}.heading`, values)} intro={t(`routes.${id}.intro`, values)} />
      <div className="container page" style={{ paddingTop: 0 }}>
        {facets.map((f) => (
          <section className="section" key={f.key} style={{ marginTop: '1.25rem' }}>
            <h2 style={{ fontSize: '1rem' }}>{t(`jobs.facet.${f.key}`)}</h2>
            <ul className="chips">
              {f.list.slice(0, 12).map((v) => (
                <li key={v.id}>
                  <Link to={target(v.id)} className="chip" aria-current={filters.includes(v.id) ? 'true' : undefined}>
                    {v.label[locale]}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section className="section">
          <h2 style={{ fontSize: '1rem' }}>{t('jobs.facet.country')}</h2>
          <ul className="chips">
            {countries.map((c) => (
              <li key={c.id}>
                <Link to={href('countryJobs', locale, { country: c.id, filters })} className="chip" aria-current={c.id === country ? 'true' : undefined}>
                  {c.label[locale]}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <p className="notice section" role="status">
          {t('jobs.empty')}{' '}
          {(filters.length > 0 || country) && <Link to={href('jobs', locale)}>{t('jobs.clearFilters')}</Link>}
        </p>
      </div>
    </>
  );
}
