import { countries, employmentTypes, labelOf, seniorities, skills } from '../../domain/catalog';
import type { Locale } from '../../i18n/locales';
import { renderMarkdown } from '../../server/render/markdown';

// JobPosting structured data for an offer page (docs/product-rules.md): baseSalary with the offer's real pay
// period; remote offers as TELECOMMUTE with the countries applicants may live in; on-site and hybrid
// offers with their place. Demo offers never carry it (the page leaves it out).
export type JobPostingInput = {
  id: number;
  title: string;
  description: string;
  role: string;
  seniority: string;
  modality: string;
  country: string;
  city: string | null;
  employmentType: string;
  publishedAt: Date | null;
  updatedAt: Date | null;
  validThrough: Date | null;
  salary: { min: number; max: number; currency: string; period: 'month' | 'year' };
  company: { name: string; website: string | null; logo: string | null };
  skills: { skill: string }[];
  allowedCountries: string[];
};

const schemaEmployment = (id: string) => employmentTypes.find((e) => e.id === id)?.schema ?? 'OTHER';
const iso = (country: string) => countries.find((c) => c.id === country)?.iso ?? country.toUpperCase();
const remote = (modality: string) => modality === 'remote-global' || modality === 'remote-local';

/** JobPosting structured data: the real pay period; remote offers as TELECOMMUTE with applicant countries. */
export function jobPosting(o: JobPostingInput, url: string, locale: Locale) {
  // Google requires at least one applicant country on a TELECOMMUTE posting: a worldwide remote offer that
  // names none is advertised to the countries the marketplace serves (decision 030).
  const applicantCountries =
    o.modality === 'remote-local' ? [o.country] : o.allowedCountries.length ? o.allowedCountries : countries.map((c) => c.id);
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: o.title,
    description: renderMarkdown(o.description),
    identifier: { '@type': 'PropertyValue', name: o.company.name, value: String(o.id) },
    datePosted: (o.publishedAt ?? o.updatedAt ?? new Date()).toISOString(),
    ...(o.validThrough ? { validThrough: o.validThrough.toISOString() } : {}),
    employmentType: schemaEmployment(o.employmentType),
    hiringOrganization: {
      '@type': 'Organization',
      name: o.company.name,
      ...(o.company.website ? { sameAs: o.company.website } : {}),
      ...(o.company.logo ? { logo: new URL(o.company.logo, url).toString() } : {}),
    },
    ...(remote(o.modality)
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: applicantCountries.map((c) => ({ '@type': 'Country', name: labelOf(countries, c, 'en') })),
        }
      : {
          jobLocation: {
            '@type': 'Place',
            address: { '@type': 'PostalAddress', ...(o.city ? { addressLocality: o.city } : {}), addressCountry: iso(o.country) },
          },
        }),
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: o.salary.currency,
      value: {
        '@type': 'QuantitativeValue',
        minValue: o.salary.min,
        maxValue: o.salary.max,
        unitText: o.salary.period === 'year' ? 'YEAR' : 'MONTH',
      },
    },
    skills: o.skills.map((s) => labelOf(skills, s.skill, 'en')).join(', '),
    experienceRequirements: labelOf(seniorities, o.seniority, locale),
    directApply: true,
    url,
  };
}
