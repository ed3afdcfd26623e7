import { labelOf, roles, type RoleId } from '../../domain/catalog';
import { MIN_FIGURE_REPORTS } from '../../domain/salary-confidence';
import { formatNumber } from '../../i18n/format';
import { localeInfo, type Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';

// How a salary page's figures are made, said where the page says where they come from (decision 053). La Plaza
// Devs' survey has no role question: the importer derives the role from the main programming language
// (src/server/salaries/mapping.ts), so some roles never get figures from it. The table below says that
// mapping in the reader's words; salary-method.test.ts keeps it in step with the importer's.

/** La Plaza Devs' main-language answers, grouped by the role each becomes. */
export const LAPLAZA_LANGUAGE_ROLES: readonly { role: RoleId; languages: readonly string[] }[] = [
  { role: 'fullstack', languages: ['JavaScript', 'TypeScript'] },
  {
    role: 'backend',
    languages: ['Python', 'Java', 'C#', 'Go', 'PHP', 'Ruby', 'Rust', 'C++', 'Elixir', 'F#', 'Groovy'],
  },
  { role: 'mobile', languages: ['Kotlin', 'Swift/Objective C', 'Dart'] },
  { role: 'data-engineer', languages: ['SQL', 'Scala'] },
  { role: 'tech-lead', languages: ['Soy Manager'] },
];

/** Whether La Plaza Devs' answers can make a report of this role at all. */
export const laplazaDerives = (role: string) => LAPLAZA_LANGUAGE_ROLES.some((r) => r.role === role);

/**
 * Why a role page has no figure: how many reports of the role there are here (or that no source has any), and,
 * where La Plaza Devs is among the sources, that its answers cannot give this role. `country`: the page's
 * country (label), none across countries; `sources`: the sources of the page's country, or of all reports.
 */
export function whyNoFigure({
  t,
  locale,
  role,
  country,
  n,
  sources,
}: {
  t: T;
  locale: Locale;
  role: string;
  country?: string;
  n: number;
  sources: readonly { id: string }[];
}): string[] {
  const params = { role: labelOf(roles, role, locale), country: country ?? '', n: formatNumber(n, locale), min: MIN_FIGURE_REPORTS };
  const why = [
    n > 0 ? t(country ? 'salary.why.fewIn' : 'salary.why.few', params) : t(country ? 'salary.why.noneIn' : 'salary.why.none', params),
  ];
  if (sources.some((s) => s.id === 'laplaza-2025') && !laplazaDerives(role)) why.push(t('salary.why.language', params));
  return why;
}

const and = (items: readonly string[], locale: Locale) =>
  new Intl.ListFormat(localeInfo[locale].language, { style: 'long', type: 'conjunction' }).format(items);

/** "JavaScript y TypeScript → Desarrollador/a Fullstack; Python, Java… → Desarrollador/a Backend; …". */
function languageList(locale: Locale): string {
  return LAPLAZA_LANGUAGE_ROLES.map(
    (r) =>
      `${and(
        r.languages.map((l) => (l === 'Soy Manager' ? `«${l}»` : l)),
        locale,
      )} → ${labelOf(roles, r.role, locale)}`,
  ).join('; ');
}

/** Developer roles the survey never gives, named as examples ("Frontend and DevOps"). */
const underived = (locale: Locale) =>
  and(
    roles
      .filter((r) => r.area === 'tech' && !laplazaDerives(r.id))
      .slice(0, 2)
      .map((r) => r.label[locale]),
    locale,
  );

/**
 * The method: gross monthly pay, sample sizes, the floor under which no figure is shown, and how each
 * source's reports get their role.
 */
export function MethodNote({ t, locale, className, note }: { t: T; locale: Locale; className?: string; note?: boolean }) {
  return (
    <div className={className} role={note ? 'note' : undefined} data-testid="salary-method">
      <p>{t('tools.method', { min: MIN_FIGURE_REPORTS })}</p>
      <p>{t('tools.roleMethod', { list: languageList(locale), examples: underived(locale) })}</p>
    </div>
  );
}
