import { countries, labelOf, skills } from '../../domain/catalog';
import type { CompanyPage } from '../../server/offers/job-search-service';

// A company page's structured data (schema.org Organization): only what the page itself shows, with
// absolute URLs (its tech stack as knowsAbout, by the skills' names). The page leaves it out for demo companies.
export function organization(c: CompanyPage['company'], url: string) {
  const iso = countries.find((x) => x.id === c.country)?.iso;
  const [min, max] = (c.size ?? '').replace('+', '-').split('-').map(Number);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: c.name,
    url,
    ...(c.website ? { sameAs: [c.website] } : {}),
    ...(c.logo ? { logo: new URL(c.logo, url).toString() } : {}),
    ...(c.description ? { description: c.description } : {}),
    ...(iso ? { address: { '@type': 'PostalAddress', addressCountry: iso, ...(c.location ? { addressLocality: c.location } : {}) } } : {}),
    ...(min ? { numberOfEmployees: { '@type': 'QuantitativeValue', minValue: min, ...(max ? { maxValue: max } : {}) } } : {}),
    ...(c.stack.length ? { knowsAbout: c.stack.map((s) => labelOf(skills, s, 'en')) } : {}),
  };
}
