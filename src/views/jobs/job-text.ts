// Words of the job search, shared by the page and its RSS feed: the title that describes a search
// ("Trabajos remotos de React en Perú" / "Remote React jobs in Peru") and an offer's salary and location.
import { areas, countries, englishLevels, labelOf, modalities, roles, seniorities, skills } from '../../domain/catalog';
import { formatMoney } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { JobQuery, JobSelection } from '../../domain/job-facets';
import { translateIn, type T } from '../../i18n/translate';

const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();
const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/** What a search is, in words: the facets and the country (not the query string). */
export function describeSearch(sel: JobSelection, locale: Locale, t: T): string {
  const chosen = Object.values(sel).some(Boolean);
  if (!chosen) return t('jobs.title.all');
  const skill = sel.skill ? labelOf(skills, sel.skill, locale) : '';
  const subject = sel.role ? labelOf(roles, sel.role, locale) : sel.area ? labelOf(areas, sel.area, locale) : '';
  const what =
    subject && skill
      ? t('jobs.title.whatWithSkill', { what: subject, skill })
      : subject || skill
        ? t('jobs.title.what', { what: subject || skill })
        : '';
  return capitalise(
    tidy(
      t('jobs.title.pattern', {
        modality: sel.modality ? translateIn(t, 'jobs.title.modality', sel.modality) : '',
        what,
        seniority: sel.seniority ? translateIn(t, 'jobs.title.seniority', sel.seniority) : '',
        english: sel.english ? translateIn(t, 'jobs.title.english', sel.english) : '',
        country: sel.country ? t('jobs.title.country', { country: labelOf(countries, sel.country, locale) }) : '',
      }),
    ),
  );
}

/** The page title: the search, its free text, its page. */
export function searchTitle(sel: JobSelection, query: Pick<JobQuery, 'q' | 'page'>, locale: Locale, t: T): string {
  let title = describeSearch(sel, locale, t);
  if (query.q) title = t('jobs.title.query', { title, q: query.q });
  if (query.page > 1) title = t('jobs.title.page', { title, page: query.page });
  return title;
}

export type SalaryLike = {
  min: number;
  max: number;
  currency: string;
  period: 'month' | 'year';
  gross: boolean;
  usdMonthMin: number;
  usdMonthMax: number;
};

const range = (a: number, b: number, currency: string, locale: Locale) =>
  a === b ? formatMoney(a, currency, locale) : `${formatMoney(a, currency, locale)} – ${formatMoney(b, currency, locale)}`;

/** "PEN 6,000 – PEN 7,500 gross per month", and its USD-per-month twin unless it already is one. */
export function salaryText(s: SalaryLike, locale: Locale, t: T): { local: string; usd: string | null } {
  const local = tidy(
    t('jobs.card.salary', {
      range: range(s.min, s.max, s.currency, locale),
      kind: t(s.gross ? 'jobs.card.gross' : 'jobs.card.net'),
      period: t(`jobs.period.${s.period}`),
    }),
  );
  const sameAsUsd = s.currency === 'USD' && s.period === 'month';
  return { local, usd: sameAsUsd ? null : t('jobs.card.usd', { range: range(s.usdMonthMin, s.usdMonthMax, 'USD', locale) }) };
}

export type PlaceLike = { modality: string; country: string; city: string | null; allowedCountries: string[] };

/** Where the work is: a city and country, or the countries a worldwide remote offer is open to. */
export function placeText(o: PlaceLike, locale: Locale, t: T): string {
  if (o.modality === 'remote-global') {
    return o.allowedCountries.length
      ? t('jobs.card.from', { countries: o.allowedCountries.map((c) => labelOf(countries, c, locale)).join(', ') })
      : t('jobs.card.anywhere');
  }
  const country = labelOf(countries, o.country, locale);
  return o.city ? `${o.city}, ${country}` : country;
}

export const modalityLabel = (id: string, locale: Locale) => labelOf(modalities, id, locale);
export const seniorityLabel = (id: string, locale: Locale) => labelOf(seniorities, id, locale);
export const englishLabel = (id: string, locale: Locale) => labelOf(englishLevels, id, locale);
