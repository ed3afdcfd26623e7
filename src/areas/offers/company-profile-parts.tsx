import { countries, labelOf, skills } from '../../domain/catalog';
import type { Locale } from '../../i18n/locales';
import type { CompanyView } from '../../server/accounts/company-view';

// A company's perks and tech stack as its page and the offer page's company box show them (decision 086):
// server-rendered lists, no script. Perks are the company's own words; the stack is the catalogue's names.

/** Its city and country, as one line ("Lima, Perú"); empty when it gave neither. */
export const companyPlace = (c: Pick<CompanyView, 'location' | 'country'>, locale: Locale): string =>
  [c.location, c.country ? labelOf(countries, c.country, locale) : null].filter(Boolean).join(', ');

export function PerkList({ perks }: { perks: string[] }) {
  return (
    <ul className="company-perks">
      {perks.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}

export function StackList({ stack, locale }: { stack: string[]; locale: Locale }) {
  return (
    <ul className="chips company-stack">
      {stack.map((s) => (
        <li key={s} className="chip chip-static">
          {labelOf(skills, s, locale)}
        </li>
      ))}
    </ul>
  );
}
