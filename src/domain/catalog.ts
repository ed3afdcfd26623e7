// The domain's stable values (docs/product-rules.md). Ids are ASCII slugs used in URLs, the database and the API;
// labels are per locale. Neutral module: server, client and tests import it.
import type { Locale } from '../i18n/locales';

export type Labelled = { readonly id: string; readonly label: Readonly<Record<Locale, string>> };

const l = (es: string, en: string) => ({ es, en }) as const;

export const areas = [
  { id: 'tech', label: l('Tecnología', 'Tech') },
  { id: 'marketing', label: l('Marketing', 'Marketing') },
  { id: 'sales', label: l('Ventas', 'Sales') },
  { id: 'product', label: l('Producto', 'Product') },
  { id: 'customer-experience', label: l('Experiencia de cliente', 'Customer Experience') },
] as const satisfies readonly Labelled[];
export type AreaId = (typeof areas)[number]['id'];

export const roles = [
  { id: 'frontend', area: 'tech', label: l('Desarrollador/a Frontend', 'Frontend Developer') },
  { id: 'backend', area: 'tech', label: l('Desarrollador/a Backend', 'Backend Developer') },
  { id: 'fullstack', area: 'tech', label: l('Desarrollador/a Fullstack', 'Fullstack Developer') },
  { id: 'mobile', area: 'tech', label: l('Desarrollador/a Mobile', 'Mobile Developer') },
  { id: 'devops', area: 'tech', label: l('Ingeniero/a DevOps', 'DevOps Engineer') },
  { id: 'qa-engineer', area: 'tech', label: l('Ingeniero/a QA', 'QA Engineer') },
  { id: 'data-engineer', area: 'tech', label: l('Ingeniero/a de Datos', 'Data Engineer') },
  { id: 'data-scientist', area: 'tech', label: l('Científico/a de Datos', 'Data Scientist') },
  { id: 'data-analyst', area: 'tech', label: l('Analista de Datos', 'Data Analyst') },
  { id: 'ui-ux-designer', area: 'product', label: l('Diseñador/a UI/UX', 'UI/UX Designer') },
  { id: 'software-architect', area: 'tech', label: l('Arquitecto/a de Software', 'Software Architect') },
  { id: 'tech-lead', area: 'tech', label: l('Tech Lead', 'Tech Lead') },
  { id: 'product-manager', area: 'product', label: l('Product Manager', 'Product Manager') },
  { id: 'product-designer', area: 'product', label: l('Diseñador/a de Producto', 'Product Designer') },
  { id: 'digital-marketing', area: 'marketing', label: l('Marketing Digital', 'Digital Marketing') },
  { id: 'growth-marketing', area: 'marketing', label: l('Growth Marketing', 'Growth Marketing') },
  { id: 'content-marketing', area: 'marketing', label: l('Marketing de Contenidos', 'Content Marketing') },
  { id: 'sdr', area: 'sales', label: l('SDR (Desarrollo de Ventas)', 'SDR (Sales Development)') },
  { id: 'account-executive', area: 'sales', label: l('Account Executive', 'Account Executive') },
  { id: 'customer-success', area: 'customer-experience', label: l('Customer Success', 'Customer Success') },
  { id: 'customer-support', area: 'customer-experience', label: l('Soporte al Cliente', 'Customer Support') },
] as const satisfies readonly (Labelled & { area: AreaId })[];
export type RoleId = (typeof roles)[number]['id'];

export const seniorities = [
  { id: 'junior', label: l('Junior (0-2 años)', 'Junior (0-2 years)') },
  { id: 'mid', label: l('Semi senior (3-5 años)', 'Mid-level (3-5 years)') },
  { id: 'senior', label: l('Senior (6+ años)', 'Senior (6+ years)') },
] as const satisfies readonly Labelled[];

export const englishLevels = [
  { id: 'basic', label: l('Inglés básico', 'Basic English') },
  { id: 'intermediate', label: l('Inglés intermedio', 'Intermediate English') },
  { id: 'advanced', label: l('Inglés avanzado', 'Advanced English') },
] as const satisfies readonly Labelled[];

export const modalities = [
  { id: 'remote-global', label: l('Remoto global', 'Remote (global)') },
  { id: 'remote-local', label: l('Remoto en el país', 'Remote (in country)') },
  { id: 'hybrid', label: l('Híbrido', 'Hybrid') },
  { id: 'office', label: l('Presencial', 'On-site') },
] as const satisfies readonly Labelled[];

/** Who pays a salary: an employer of the person's own country or one abroad. */
export const employers = [
  { id: 'local', label: l('Empresa del país', 'Local employer') },
  { id: 'foreign', label: l('Empresa del exterior', 'Foreign employer') },
] as const satisfies readonly Labelled[];

/** The currency a salary is paid in: the country's own or US dollars. */
export const payCurrencies = [
  { id: 'local', label: l('Moneda local', 'Local currency') },
  { id: 'usd', label: l('Dólares (US$)', 'US dollars') },
] as const satisfies readonly Labelled[];

/** The kind of contract: employment or a services contract (contractor, freelance). */
export const contracts = [
  { id: 'employee', label: l('Contrato laboral', 'Employee') },
  { id: 'contractor', label: l('Prestación de servicios', 'Contractor') },
] as const satisfies readonly Labelled[];

export const countries = [
  { id: 'peru', iso: 'PE', currency: 'PEN', label: l('Perú', 'Peru') },
  { id: 'mexico', iso: 'MX', currency: 'MXN', label: l('México', 'Mexico') },
  { id: 'colombia', iso: 'CO', currency: 'COP', label: l('Colombia', 'Colombia') },
  { id: 'chile', iso: 'CL', currency: 'CLP', label: l('Chile', 'Chile') },
  { id: 'argentina', iso: 'AR', currency: 'ARS', label: l('Argentina', 'Argentina') },
  { id: 'ecuador', iso: 'EC', currency: 'USD', label: l('Ecuador', 'Ecuador') },
  { id: 'uruguay', iso: 'UY', currency: 'UYU', label: l('Uruguay', 'Uruguay') },
  { id: 'bolivia', iso: 'BO', currency: 'BOB', label: l('Bolivia', 'Bolivia') },
  { id: 'costa-rica', iso: 'CR', currency: 'CRC', label: l('Costa Rica', 'Costa Rica') },
  { id: 'espana', iso: 'ES', currency: 'EUR', label: l('España', 'Spain') },
] as const satisfies readonly (Labelled & { iso: string; currency: string })[];
export type CountryId = (typeof countries)[number]['id'];

export const employmentTypes = [
  { id: 'full-time', schema: 'FULL_TIME', label: l('Tiempo completo', 'Full-time') },
  { id: 'part-time', schema: 'PART_TIME', label: l('Medio tiempo', 'Part-time') },
  { id: 'contract', schema: 'CONTRACTOR', label: l('Contrato / freelance', 'Contract / freelance') },
  { id: 'temporary', schema: 'TEMPORARY', label: l('Temporal', 'Temporary') },
  { id: 'internship', schema: 'INTERN', label: l('Prácticas', 'Internship') },
] as const satisfies readonly (Labelled & { schema: string })[];

export const companySizes = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export const availabilities = ['interviews', 'open-to-offers', 'not-available'] as const;

// Skills known to the marketplace and the salary tools. Slugs are ASCII; labels are the same in both locales.
const skillNames = [
  ['javascript', 'JavaScript'],
  ['typescript', 'TypeScript'],
  ['react', 'React'],
  ['angular', 'Angular'],
  ['vue', 'Vue.js'],
  ['nextjs', 'Next.js'],
  ['nodejs', 'Node.js'],
  ['python', 'Python'],
  ['django', 'Django'],
  ['java', 'Java'],
  ['spring', 'Spring'],
  ['kotlin', 'Kotlin'],
  ['swift', 'Swift'],
  ['flutter', 'Flutter'],
  ['react-native', 'React Native'],
  ['go', 'Go'],
  ['rust', 'Rust'],
  ['php', 'PHP'],
  ['laravel', 'Laravel'],
  ['ruby', 'Ruby'],
  ['csharp', 'C#'],
  ['dotnet', '.NET'],
  ['sql', 'SQL'],
  ['postgresql', 'PostgreSQL'],
  ['mongodb', 'MongoDB'],
  ['aws', 'AWS'],
  ['azure', 'Azure'],
  ['gcp', 'Google Cloud'],
  ['docker', 'Docker'],
  ['kubernetes', 'Kubernetes'],
  ['terraform', 'Terraform'],
  ['spark', 'Apache Spark'],
  ['power-bi', 'Power BI'],
  ['machine-learning', 'Machine Learning'],
  ['figma', 'Figma'],
  ['seo', 'SEO'],
  ['google-ads', 'Google Ads'],
  ['hubspot', 'HubSpot'],
  ['salesforce', 'Salesforce'],
  ['zendesk', 'Zendesk'],
  ['scrum', 'Scrum'],
  ['selenium', 'Selenium'],
  ['cypress', 'Cypress'],
] as const;
export const skills = skillNames.map(([id, name]) => ({ id, label: l(name, name) }));
// What a link to a skill says beyond its name when the name alone is a generic word ("Go" is on search
// engines' lists of link texts that say nothing): read by screen readers and crawlers, not shown.
const skillLinkHints: Partial<Record<SkillId, Readonly<Record<Locale, string>>>> = {
  go: l('lenguaje de programación', 'programming language'),
};
/** The hidden words a link to this skill adds after its name, if any. */
export const skillLinkHint = (id: string, locale: Locale): string | undefined => skillLinkHints[id as SkillId]?.[locale];
export type SkillId = (typeof skillNames)[number][0];

const idSet = (list: readonly { id: string }[]) => new Set(list.map((x) => x.id));
const countryIds = idSet(countries);
const roleIds = idSet(roles);
const skillIds = idSet(skills);

export const isCountry = (v: unknown): v is CountryId => typeof v === 'string' && countryIds.has(v);
export const isRole = (v: unknown): v is RoleId => typeof v === 'string' && roleIds.has(v);
export const isSkill = (v: unknown): v is SkillId => typeof v === 'string' && skillIds.has(v);

export function labelOf(list: readonly Labelled[], id: string, locale: Locale): string {
  return list.find((x) => x.id === id)?.label[locale] ?? id;
}
