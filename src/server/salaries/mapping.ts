import 'server-only';
import { countries, type CountryId, type RoleId } from '../../domain/catalog';

// How the surveys' own vocabulary maps onto Tandem's roles, seniorities, English levels and modalities.
// The table is documented in docs/salary-data.md; anything that does not map is skipped and counted.

export type Seniority = 'junior' | 'mid' | 'senior';
export type English = 'basic' | 'intermediate' | 'advanced';
export type Modality = 'remote-global' | 'remote-local' | 'hybrid' | 'office';
export type Employer = 'local' | 'foreign';
export type Contract = 'employee' | 'contractor';

const byIso = new Map<string, (typeof countries)[number]>(countries.map((c) => [c.iso, c]));
/** Our country for an ISO 3166-1 alpha-2 code, or null when Tandem does not cover it. */
export const countryOfIso = (iso: string): CountryId | null => byIso.get(iso.trim().toUpperCase())?.id ?? null;
export const currencyOf = (country: CountryId): string => countries.find((c) => c.id === country)!.currency;

/** Job titles (aijobs.net / devops-jobs.net), first matching rule wins; order matters. */
const TITLE_RULES: [RegExp, RoleId][] = [
  [/\b(head|director|vp|chief|manager|lead)\b.*\b(data|analytics|ai|ml|machine learning)\b|\bhead of data\b/i, 'tech-lead'],
  [/\bproduct manager\b|\bproduct owner\b/i, 'product-manager'],
  [/\b(data|solutions?|cloud|software|enterprise) architect\b/i, 'software-architect'],
  [
    /\b(site reliability|sre|devops|platform|cloud|infrastructure|devsecops|build|release|systems?) (engineer|specialist|administrator|architect)\b|\bdevops\b|\bsre\b/i,
    'devops',
  ],
  [
    /\b(machine learning|ml|ai|nlp|deep learning|computer vision|mlops|llm|prompt)\b|\bdata scien|\bresearch scien|\bapplied scien|\bai scientist\b/i,
    'data-scientist',
  ],
  [/\bdata engineer|\bbig data|\betl\b|\banalytics engineer|\bdata (platform|infrastructure|pipeline)/i, 'data-engineer'],
  [
    /\banaly(st|tics)|\bbusiness intelligence|\bbi\b|\binsight|\banalista\b|\bdata specialist\b|\bdata quality\b|\bdata governance/i,
    'data-analyst',
  ],
  [/\bqa\b|\bquality assurance\b|\btest(ing)? (engineer|automation)\b/i, 'qa-engineer'],
  [/\bfront[- ]?end\b/i, 'frontend'],
  [/\bback[- ]?end\b/i, 'backend'],
  [/\bmobile|\bios\b|\bandroid\b/i, 'mobile'],
  [/\bfull[- ]?stack|\bsoftware (engineer|developer)|\bdeveloper\b|\bprogrammer\b/i, 'fullstack'],
];

export function roleOfTitle(title: string): RoleId | null {
  for (const [re, role] of TITLE_RULES) if (re.test(title)) return role;
  return null;
}

/** La Plaza asks for the main programming language, not the title. */
const LANGUAGE_ROLES: Record<string, RoleId> = {
  Javascript: 'fullstack',
  Typescript: 'fullstack',
  Python: 'backend',
  Java: 'backend',
  'C#': 'backend',
  Ruby: 'backend',
  Go: 'backend',
  PHP: 'backend',
  Elixir: 'backend',
  Scala: 'data-engineer',
  Rust: 'backend',
  'C++': 'backend',
  'F#': 'backend',
  Groovy: 'backend',
  Kotlin: 'mobile',
  'Swift/Objective C': 'mobile',
  Dart: 'mobile',
  SQL: 'data-engineer',
  'Soy Manager': 'tech-lead',
};
export const roleOfLanguage = (language: string): RoleId | null => LANGUAGE_ROLES[language.trim()] ?? null;

/** Skills our catalogue knows, from the main language (La Plaza). */
const LANGUAGE_SKILLS: Record<string, string> = {
  Javascript: 'javascript',
  Typescript: 'typescript',
  Python: 'python',
  Java: 'java',
  'C#': 'csharp',
  Ruby: 'ruby',
  Go: 'go',
  PHP: 'php',
  Kotlin: 'kotlin',
  'Swift/Objective C': 'swift',
  Rust: 'rust',
  SQL: 'sql',
  Dart: 'flutter',
};
export const skillOfLanguage = (language: string): string | null => LANGUAGE_SKILLS[language.trim()] ?? null;

/** aijobs experience level: EN entry, MI mid, SE senior, EX executive (counted as senior). */
export function seniorityOfLevel(level: string): Seniority | null {
  return ({ EN: 'junior', MI: 'mid', SE: 'senior', EX: 'senior' } as const)[level.trim().toUpperCase() as 'EN'] ?? null;
}

/** Years of experience: 0-2 junior, 3-5 mid, 6+ senior (the bands of the catalogue). */
export function seniorityOfYears(years: number): Seniority | null {
  if (!Number.isFinite(years) || years < 0 || years > 60) return null;
  return years < 3 ? 'junior' : years < 6 ? 'mid' : 'senior';
}

/** CEFR answers ("B2 (Es capaz...)", "Cero"): A1-A2 and none basic, B1-B2 intermediate, C1-C2 advanced. */
export function englishOfCefr(answer: string): English | null {
  const m = /^\s*([ABC])[12]/i.exec(answer);
  if (m) return ({ A: 'basic', B: 'intermediate', C: 'advanced' } as const)[m[1]!.toUpperCase() as 'A'];
  return /^\s*cero/i.test(answer) ? 'basic' : null;
}

/** aijobs remote_ratio (0, 50, 100): fully remote for a company abroad is remote-global. */
export function modalityOfRatio(ratio: string, residence: string, companyLocation: string): Modality | null {
  if (ratio === '100') return residence.trim().toUpperCase() === companyLocation.trim().toUpperCase() ? 'remote-local' : 'remote-global';
  if (ratio === '50') return 'hybrid';
  if (ratio === '0') return 'office';
  return null;
}

/** La Plaza work mode, with the company type deciding whether remote work is for a company abroad. */
export function modalityOfLaplaza(mode: string, companyType: string): Modality | null {
  const m = mode.trim().toLowerCase();
  if (m === 'remoto') return /extranjer/i.test(companyType) ? 'remote-global' : 'remote-local';
  if (m === 'híbrido' || m === 'hibrido') return 'hybrid';
  if (m === 'presencial') return 'office';
  return null;
}

/** La Plaza's company type: "Extranjera" is a foreign employer, both "Colombiana…" answers a local one; freelancers have none. */
export function employerOfLaplaza(companyType: string): Employer | null {
  const c = companyType.trim().toLowerCase();
  if (c.startsWith('extranjer')) return 'foreign';
  if (c.startsWith('colombian')) return 'local';
  return null;
}

/** La Plaza's contract: "Laboral" is employment; "Prestación de servicios/Contractor/Independiente" is not. */
export function contractOfLaplaza(contract: string): Contract | null {
  const c = contract.trim().toLowerCase();
  if (c.startsWith('laboral')) return 'employee';
  if (/prestaci|contractor|independiente/.test(c)) return 'contractor';
  return null;
}

/** aijobs.net: an employer located in another country than the person is a foreign one. */
export function employerOfLocations(residence: string, companyLocation: string): Employer | null {
  const a = residence.trim().toUpperCase();
  const b = companyLocation.trim().toUpperCase();
  if (!a || !b) return null;
  return a === b ? 'local' : 'foreign';
}
