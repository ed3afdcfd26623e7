import * as z from 'zod/mini';
import { areas, countries, employmentTypes, englishLevels, isCountry, isRole, isSkill, modalities, roles, seniorities } from './catalog';
import { firstErrors } from './forms/rules';
import type { MessageKey } from '../i18n/translate';

// The offer form's rules, shared by the web form, the API and the preview: plain values
// in, a clean offer or the fields that are wrong (each with a message key) out. zod/mini, like the account
// forms' rules, so that a browser island may check with them too.
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
  EMPLOYMENT = ids(employmentTypes),
  PERIODS = new Set(['month', 'year']);

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
const salaryInRange = (n: number | null) => n !== null && n > 0 && n <= OFFER_LIMITS.salary;

/** The currency an offer in a country may use: the country's own, or USD. */
const offerCurrencies = (country: string): string[] => {
  const c = countries.find((x) => x.id === country)?.currency;
  return c && c !== 'USD' ? [c, 'USD'] : ['USD'];
};

/**
 * The form's default currency choice: "the country's currency", resolved here, so the currency follows the
 * country without JavaScript (Perú → PEN) and amounts typed in soles are never read as dollars. Without a
 * country it is USD; choosing USD or a currency by hand keeps it.
 */
export const LOCAL_CURRENCY = 'LOCAL';
const currencyOf = (raw: string, country: string) =>
  raw === LOCAL_CURRENCY ? (countries.find((x) => x.id === country)?.currency ?? 'USD') : raw;

/** The offer's fields as sent (a form post or the API's JSON): text trimmed, lists split once and without repeats. */
function typedOffer(raw: Raw) {
  const skillsRequired = list(raw.skills_required);
  return {
    title: text(raw.title),
    area: text(raw.area),
    role: text(raw.role),
    seniority: text(raw.seniority),
    english: text(raw.english),
    modality: text(raw.modality),
    country: text(raw.country),
    allowed_countries: list(raw.allowed_countries),
    city: text(raw.city),
    employment_type: text(raw.employment_type) || 'full-time',
    skills_required: skillsRequired,
    // A skill both required and nice to have is required.
    skills_nice: list(raw.skills_nice).filter((s) => !skillsRequired.includes(s)),
    // Amounts are judged as sent: '' is missing, the number 0 is an amount (and refused).
    salary_min: raw.salary_min,
    salary_max: raw.salary_max,
    currency: currencyOf(text(raw.currency).toUpperCase(), text(raw.country)),
    period: text(raw.period) || 'month',
    description: text(raw.description),
  } satisfies Record<OfferField, unknown>;
}
type TypedOffer = ReturnType<typeof typedOffer>;

// The rules as a zod/mini schema over the typed fields. Every check names its message key; a field's error
// is its first refused check (required before the format, the format before the range), and the rules
// across fields come last, so they only speak for a field that passed its own.
const KEYS = new Set<string>();
const rule = <T>(ok: (v: T) => boolean, key: MessageKey, params?: Record<string, number>) => {
  KEYS.add(key);
  return z.refine<T>(ok, params ? { error: key, params } : { error: key });
};
const isKey = (m: string): m is MessageKey => KEYS.has(m);
const required = () => rule<string>((v) => v !== '', 'forms.error.required');
const known = (ok: (v: string) => boolean) => rule<string>((v) => !v || ok(v), 'forms.error.invalid');
const among = (values: ReadonlySet<string>) => known((v) => values.has(v));
const minLength = (min: number) => rule<string>((v) => v.length >= min, 'forms.error.tooShort', { min });
const maxLength = (max: number) => rule<string>((v) => v.length <= max, 'forms.error.tooLong', { max });
const skills = () =>
  z
    .array(z.string())
    .check(rule((v: string[]) => v.length <= OFFER_LIMITS.skills && v.every(isSkill), 'hire.error.skills', { max: OFFER_LIMITS.skills }));
const salary = () =>
  z.custom<Raw[string]>().check(
    rule<Raw[string]>((v) => text(v) !== '' || v === 0, 'forms.error.required'),
    rule<Raw[string]>((v) => salaryInRange(amount(v)), 'forms.error.amount'),
  );
/** A rule across fields, reported on `field`; it runs whatever the other fields say. */
const across = (field: OfferField, ok: (o: TypedOffer) => boolean, key: MessageKey) => {
  KEYS.add(key);
  return z.refine<TypedOffer>(ok, { error: key, path: [field], when: () => true });
};

const offerSchema = z
  .object({
    title: z.string().check(required(), minLength(OFFER_LIMITS.title[0]), maxLength(OFFER_LIMITS.title[1])),
    area: z.string().check(required(), among(AREAS)),
    role: z.string().check(required(), known(isRole)),
    seniority: z.string().check(required(), among(SENIORITIES)),
    english: z.string().check(among(ENGLISH)),
    modality: z.string().check(required(), among(MODALITIES)),
    country: z.string().check(required(), known(isCountry)),
    allowed_countries: z.array(z.string()).check(rule((v: string[]) => v.every(isCountry), 'forms.error.invalid')),
    city: z.string().check(maxLength(OFFER_LIMITS.city[1])),
    employment_type: z.string().check(among(EMPLOYMENT)),
    skills_required: skills(),
    skills_nice: skills(),
    salary_min: salary(),
    salary_max: salary(),
    currency: z.string().check(required()),
    period: z.string().check(among(PERIODS)),
    description: z.string().check(required(), minLength(OFFER_LIMITS.description[0]), maxLength(OFFER_LIMITS.description[1])),
  })
  .check(
    across(
      'role',
      (o) => !(AREAS.has(o.area) && isRole(o.role) && roles.find((r) => r.id === o.role)?.area !== o.area),
      'hire.error.roleArea',
    ),
    across(
      'salary_max',
      (o) => {
        const min = amount(o.salary_min);
        const max = amount(o.salary_max);
        return !(min !== null && min > 0 && max !== null && min > max);
      },
      'hire.error.salaryRange',
    ),
    across('currency', (o) => !(isCountry(o.country) && !offerCurrencies(o.country).includes(o.currency)), 'hire.error.currency'),
  );

export function parseOfferInput(
  raw: Raw,
): { ok: true; value: OfferInput } | { ok: false; errors: OfferErrors; partial: Record<string, string | string[]> } {
  const o = typedOffer(raw);
  const checked = offerSchema.safeParse(o);
  if (!checked.success) {
    const errors = firstErrors(checked.error.issues, isKey, 'forms.error.invalid') as OfferErrors;
    const partial = Object.fromEntries(
      OFFER_FIELDS.map((f) => [f, f.startsWith('skills') || f === 'allowed_countries' ? list(raw[f]) : text(raw[f])]),
    );
    return { ok: false, errors, partial };
  }
  return {
    ok: true,
    value: {
      title: o.title,
      area: o.area,
      role: o.role,
      seniority: o.seniority as OfferInput['seniority'],
      english: o.english || null,
      modality: o.modality,
      country: o.country,
      // Allowed countries only mean something for worldwide remote offers.
      allowedCountries: o.modality === 'remote-global' ? o.allowed_countries : [],
      city: o.city || null,
      employmentType: o.employment_type,
      skillsRequired: o.skills_required,
      skillsNice: o.skills_nice,
      salaryMin: amount(o.salary_min)!,
      salaryMax: amount(o.salary_max)!,
      currency: o.currency,
      period: o.period as OfferInput['period'],
      description: o.description,
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
