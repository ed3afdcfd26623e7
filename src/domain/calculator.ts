import { employers, englishLevels, isCountry, isRole, isSkill, modalities, seniorities, type CountryId } from './catalog';

// The calculator's inputs travel in the result URL's query, so a result can be shared.
export type CalculatorInput = {
  country: CountryId;
  role: string;
  seniority: 'junior' | 'mid' | 'senior';
  /** "¿Para quién trabajas?": a local or a foreign employer. */
  employer?: string;
  english?: string;
  modality?: string;
  skills: string[];
};
export const CALCULATOR_FIELDS = ['country', 'role', 'seniority', 'employer', 'english', 'modality', 'skills'] as const;

const ids = (list: readonly { id: string }[]) => new Set(list.map((x) => x.id));
const SENIORITY = ids(seniorities);
const EMPLOYER = ids(employers);
const ENGLISH = ids(englishLevels);
const MODALITY = ids(modalities);

/** Read the inputs from a query; the fields that are missing or wrong are listed instead. */
export function parseCalculatorQuery(q: URLSearchParams): { ok: true; input: CalculatorInput } | { ok: false; invalid: string[] } {
  const invalid: string[] = [];
  const country = q.get('country') ?? '';
  const role = q.get('role') ?? '';
  const seniority = q.get('seniority') ?? '';
  const employer = q.get('employer') || undefined;
  const english = q.get('english') || undefined;
  const modality = q.get('modality') || undefined;
  const skills = [
    ...new Set(
      q
        .getAll('skills')
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (!isCountry(country)) invalid.push('country');
  if (!isRole(role)) invalid.push('role');
  if (!SENIORITY.has(seniority)) invalid.push('seniority');
  if (employer !== undefined && !EMPLOYER.has(employer)) invalid.push('employer');
  if (english !== undefined && !ENGLISH.has(english)) invalid.push('english');
  if (modality !== undefined && !MODALITY.has(modality)) invalid.push('modality');
  if (skills.length > 10 || skills.some((s) => !isSkill(s))) invalid.push('skills');
  if (invalid.length) return { ok: false, invalid };
  return {
    ok: true,
    input: {
      country: country as CountryId,
      role,
      seniority: seniority as CalculatorInput['seniority'],
      employer,
      english,
      modality,
      skills,
    },
  };
}

/** The inputs as a query string (stable order, empty fields left out). */
export function calculatorQuery(input: Partial<Record<(typeof CALCULATOR_FIELDS)[number], string | string[] | undefined>>): string {
  const q = new URLSearchParams();
  for (const f of CALCULATOR_FIELDS) {
    const v = input[f];
    const s = Array.isArray(v) ? v.join(',') : v;
    if (s) q.set(f, s);
  }
  return q.toString();
}
