import { areas, countries, employmentTypes, englishLevels, isCountry, isRole, isSkill, modalities, roles, seniorities } from './catalog';
import type { MessageKey } from '../i18n/translate';

// The offer form's rules (docs/product-rules.md), shared by the web form, the API and the browser preview: plain
// values in, a clean offer or the fields that are wrong (each with a message key) out.
export type OfferInput = {
  title: string;
  area: string;
  role: string;
  seniority: 'junior' | 'mid' | 'senior';
  english: string | null;
  modality: string;
  country: string;
  allowedCountries: string[];
  city: string | null;
  employmentType: string;
  skillsRequired: string[];
  skillsNice: string[];
  salaryMin: number;
  salaryMax: number;
  currency: string;
  period: 'month' | 'year';
  description: string;
};
export type OfferErrors = Partial<Record<OfferField, { key: MessageKey; params?: Record<string, number> }>>;
export const OFFER_FIELDS = [
  'title',
  'area',
  'role',
  'seniority',
  'english',
  'modality',
  'country',
  'allowed_countries',
  'city',
  'employment_type',
  'skills_required',
  'skills_nice',
  'salary_min',
  'salary_max',
  'currency',
  'period',
  'description',
] as const;
export type OfferField = (typeof OFFER_FIELDS)[number];
const OFFER_LIMITS = { title: [3, 160], city: [0, 100], description: [30, 10_000], skills: 10, salary: 100_000_000 } as const;

type Raw = Record<string, string | string[] | number | null | undefined>;
const ids = (list: readonly { id: string }[]) => new Set(list.map((x) => x.id));
const AREAS = ids(areas),
  SENIORITIES = ids(seniorities),
  ENGLISH = ids(englishLevels),
  MODALITIES = ids(modalities),
  EMPLOYMENT = ids(employmentTypes);

const text = (v: Raw[string]) => (Array.isArray(v) ? (v[0] ?? '') : v == null ? '' : String(v)).trim();
const list = (v: Raw[string]) => [
  ...new Set((Array.isArray(v) ? v : v == null || v === '' ? [] : String(v).split(',')).map((s) => String(s).trim()).filter(Boolean)),
];
/** A whole amount as people type it ('2500', '2.500', '2,500'); null when it is not one. */
const amount = (v: Raw[string]): number | null => {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  const s = text(v);
  if (!/^\d{1,3}([.,\s]\d{3})*$|^\d+$/.test(s)) return null;
  const n = Number(s.replace(/[.,\s]/g, ''));
  return Number.isSafeInteger(n) ? n : null;
};

/** The currency an offer in a country may use: the country's own, or USD. */
const offerCurrencies = (country: string): string[] => {
  const c = countries.find((x) => x.id === country)?.currency;
  return c && c !== 'USD' ? [c, 'USD'] : ['USD'];
};

export function parseOfferInput(
  raw: Raw,
): { ok: true; value: OfferInput } | { ok: false; errors: OfferErrors; partial: Record<string, string | string[]> } {
  const e: OfferErrors = {};
  const title = text(raw.title);
  const city = text(raw.city);
  const description = text(raw.description);
  const area = text(raw.area),
    role = text(raw.role),
    seniority = text(raw.seniority),
    english = text(raw.english),
    modality = text(raw.modality);
  const country = text(raw.country),
    employmentType = text(raw.employment_type) || 'full-time',
    currency = text(raw.currency).toUpperCase(),
    period = text(raw.period) || 'month';
  const allowedCountries = list(raw.allowed_countries);
  const skillsRequired = list(raw.skills_required);
  const skillsNice = list(raw.skills_nice).filter((s) => !skillsRequired.includes(s));
  const salaryMin = amount(raw.salary_min),
    salaryMax = amount(raw.salary_max);

  const [tMin, tMax] = OFFER_LIMITS.title;
  if (!title) e.title = { key: 'forms.error.required' };
  else if (title.length < tMin) e.title = { key: 'forms.error.tooShort', params: { min: tMin } };
  else if (title.length > tMax) e.title = { key: 'forms.error.tooLong', params: { max: tMax } };
  if (!area) e.area = { key: 'forms.error.required' };
  else if (!AREAS.has(area)) e.area = { key: 'forms.error.invalid' };
  if (!role) e.role = { key: 'forms.error.required' };
  else if (!isRole(role)) e.role = { key: 'forms.error.invalid' };
  else if (AREAS.has(area) && roles.find((r) => r.id === role)!.area !== area) e.role = { key: 'hire.error.roleArea' };
  if (!seniority) e.seniority = { key: 'forms.error.required' };
  else if (!SENIORITIES.has(seniority)) e.seniority = { key: 'forms.error.invalid' };
  if (english && !ENGLISH.has(english)) e.english = { key: 'forms.error.invalid' };
  if (!modality) e.modality = { key: 'forms.error.required' };
  else if (!MODALITIES.has(modality)) e.modality = { key: 'forms.error.invalid' };
  if (!country) e.country = { key: 'forms.error.required' };
  else if (!isCountry(country)) e.country = { key: 'forms.error.invalid' };
  if (allowedCountries.some((c) => !isCountry(c))) e.allowed_countries = { key: 'forms.error.invalid' };
  if (city.length > OFFER_LIMITS.city[1]) e.city = { key: 'forms.error.tooLong', params: { max: OFFER_LIMITS.city[1] } };
  if (!EMPLOYMENT.has(employmentType)) e.employment_type = { key: 'forms.error.invalid' };
  if (skillsRequired.length > OFFER_LIMITS.skills || skillsRequired.some((s) => !isSkill(s)))
    e.skills_required = { key: 'hire.error.skills', params: { max: OFFER_LIMITS.skills } };
  if (skillsNice.length > OFFER_LIMITS.skills || skillsNice.some((s) => !isSkill(s)))
    e.skills_nice = { key: 'hire.error.skills', params: { max: OFFER_LIMITS.skills } };
  if (text(raw.salary_min) === '' && raw.salary_min !== 0) e.salary_min = { key: 'forms.error.required' };
  else if (salaryMin === null || salaryMin <= 0 || salaryMin > OFFER_LIMITS.salary) e.salary_min = { key: 'forms.error.amount' };
  if (text(raw.salary_max) === '' && raw.salary_max !== 0) e.salary_max = { key: 'forms.error.required' };
  else if (salaryMax === null || salaryMax <= 0 || salaryMax > OFFER_LIMITS.salary) e.salary_max = { key: 'forms.error.amount' };
  else if (salaryMin !== null && salaryMin > 0 && salaryMin > salaryMax) e.salary_max = { key: 'hire.error.salaryRange' };
  if (!currency) e.currency = { key: 'forms.error.required' };
  else if (isCountry(country) && !offerCurrencies(country).includes(currency)) e.currency = { key: 'hire.error.currency' };
  if (period !== 'month' && period !== 'year') e.period = { key: 'forms.error.invalid' };
  const [dMin, dMax] = OFFER_LIMITS.description;
  if (!description) e.description = { key: 'forms.error.required' };
  else if (description.length < dMin) e.description = { key: 'forms.error.tooShort', params: { min: dMin } };
  else if (description.length > dMax) e.description = { key: 'forms.error.tooLong', params: { max: dMax } };

  if (Object.keys(e).length) {
    const partial = Object.fromEntries(
      OFFER_FIELDS.map((f) => [f, f.startsWith('skills') || f === 'allowed_countries' ? list(raw[f]) : text(raw[f])]),
    );
    return { ok: false, errors: e, partial };
  }
  return {
    ok: true,
    value: {
      title,
      area,
      role,
      seniority: seniority as OfferInput['seniority'],
      english: english || null,
      modality,
      country,
      // Allowed countries only mean something for worldwide remote offers.
      allowedCountries: modality === 'remote-global' ? allowedCountries : [],
      city: city || null,
      employmentType,
      skillsRequired,
      skillsNice,
      salaryMin: salaryMin!,
      salaryMax: salaryMax!,
      currency,
      period: period as 'month' | 'year',
      description,
    },
  };
}

/** The offer as the form's field values (for editing, or to show again what was typed). */
export function offerFormValues(o: OfferInput): Record<OfferField, string | string[]> {
  return {
    title: o.title,
    area: o.area,
    role: o.role,
    seniority: o.seniority,
    english: o.english ?? '',
    modality: o.modality,
    country: o.country,
    allowed_countries: o.allowedCountries,
    city: o.city ?? '',
    employment_type: o.employmentType,
    skills_required: o.skillsRequired,
    skills_nice: o.skillsNice,
    salary_min: String(o.salaryMin),
    salary_max: String(o.salaryMax),
    currency: o.currency,
    period: o.period,
    description: o.description,
  };
}
