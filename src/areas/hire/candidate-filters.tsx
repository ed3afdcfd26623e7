import { areas, countries, englishLevels, roles, seniorities, skills, type Labelled } from '../../domain/catalog';
import type { Locale } from '../../i18n/locales';
import type { MessageKey, T } from '../../i18n/translate';

// The company's candidate search filters (decision 088): a plain GET form, no JavaScript. Role and country,
// the filters used most, stay in view; the others sit in a "Filtros (n)" disclosure that counts every active
// filter. On phones each select is full width and a thumb's height; from 768 px, where the browser can show a
// closed disclosure's content (::details-content), the disclosure opens into the same compact grid.
type CandidateFilterValues = {
  area?: string;
  role?: string;
  skill?: string;
  seniority?: string;
  country?: string;
  english?: string;
  certified?: true;
};

/** How many filters the search applies (the disclosure's count). */
export const activeFilters = (f: CandidateFilterValues): number => Object.values(f).filter((v) => v !== undefined && v !== '').length;

type Choice = readonly [param: string, label: MessageKey, list: readonly Labelled[], value: string | undefined];

function FilterSelect({ choice: [name, label, list, value], locale, t }: { choice: Choice; locale: Locale; t: T }) {
  return (
    <div className="field">
      <label htmlFor={`cf-${name}`}>{t(label)}</label>
      <select id={`cf-${name}`} name={name} defaultValue={value ?? ''}>
        <option value="">{t('calculator.any')}</option>
        {list.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CandidateFilters({ action, filter, locale, t }: { action: string; filter: CandidateFilterValues; locale: Locale; t: T }) {
  const main: Choice[] = [
    ['rol', 'hire.field.role', roles, filter.role],
    ['pais', 'hire.field.country', countries, filter.country],
  ];
  const more: Choice[] = [
    ['area', 'hire.field.area', areas, filter.area],
    ['skill', 'hire.field.skill', skills, filter.skill],
    ['seniority', 'hire.field.seniority', seniorities, filter.seniority],
    ['ingles', 'hire.field.english', englishLevels, filter.english],
  ];
  const n = activeFilters(filter);
  // Open when one of its own filters is on, so what narrows the list is never hidden.
  const opened = !!(filter.area || filter.skill || filter.seniority || filter.english || filter.certified);
  return (
    <form method="get" action={action} className="candidate-filters" aria-labelledby="cf-title" data-testid="candidate-filters">
      <h3 id="cf-title" className="h3">
        {t('hire.site.filtersTitle')}
      </h3>
      <input type="hidden" name="vista" value="candidatos" />
      <div className="cf-grid">
        {main.map((c) => (
          <FilterSelect key={c[0]} choice={c} locale={locale} t={t} />
        ))}
        <details className="cf-more" open={opened} data-testid="filters-more">
          <summary data-testid="filters-summary">{t('hire.site.filtersMore', { n })}</summary>
          <div className="cf-more-grid">
            {more.map((c) => (
              <FilterSelect key={c[0]} choice={c} locale={locale} t={t} />
            ))}
            <div className="field field-check">
              <label>
                <input type="checkbox" name="certificados" value="1" defaultChecked={filter.certified === true} />{' '}
                {t('hire.site.certifiedOnly')}
              </label>
            </div>
          </div>
        </details>
        <div className="field cf-submit">
          <button type="submit" className="btn btn-primary btn-md">
            {t('hire.site.filter')}
          </button>
        </div>
      </div>
    </form>
  );
}
