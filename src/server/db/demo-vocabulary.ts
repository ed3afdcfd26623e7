import { countries, englishLevels, modalities, seniorities } from '../../domain/catalog';

// The demo world's vocabulary (decision 009): a seeded random number generator, salary bases by role, country
// and seniority, skills by role, and the names of people and companies. Used by seed.ts only.

export function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Median monthly gross USD for a mid-level role in a 1.0 country, and country levels (demo assumptions).
export const ROLE_BASE: Record<string, number> = {
  frontend: 2200,
  backend: 2500,
  fullstack: 2400,
  mobile: 2400,
  devops: 2800,
  'qa-engineer': 1800,
  'data-engineer': 2700,
  'data-scientist': 2800,
  'data-analyst': 1900,
  'ui-ux-designer': 2000,
  'software-architect': 3800,
  'tech-lead': 3600,
  'product-manager': 3000,
  'product-designer': 2300,
  'digital-marketing': 1500,
  'growth-marketing': 1900,
  'content-marketing': 1300,
  sdr: 1200,
  'account-executive': 2000,
  'customer-success': 1500,
  'customer-support': 900,
};
export const COUNTRY_LEVEL: Record<string, number> = {
  peru: 0.75,
  mexico: 0.9,
  colombia: 0.8,
  chile: 1.0,
  argentina: 0.85,
  ecuador: 0.7,
  uruguay: 1.05,
  bolivia: 0.55,
  'costa-rica': 0.95,
  espana: 1.35,
};
export const SENIORITY_FACTOR = { junior: 0.55, mid: 1, senior: 1.55 } as const;
export const ROLE_SKILLS: Record<string, string[]> = {
  frontend: ['javascript', 'typescript', 'react', 'angular', 'vue', 'nextjs'],
  backend: ['nodejs', 'python', 'java', 'go', 'postgresql', 'php', 'csharp'],
  fullstack: ['javascript', 'typescript', 'react', 'nodejs', 'postgresql', 'nextjs'],
  mobile: ['kotlin', 'swift', 'flutter', 'react-native'],
  devops: ['aws', 'docker', 'kubernetes', 'terraform', 'gcp', 'azure'],
  'qa-engineer': ['selenium', 'cypress', 'javascript', 'python'],
  'data-engineer': ['python', 'spark', 'sql', 'aws'],
  'data-scientist': ['python', 'machine-learning', 'sql'],
  'data-analyst': ['sql', 'power-bi', 'python'],
  'ui-ux-designer': ['figma'],
  'software-architect': ['aws', 'java', 'kubernetes', 'nodejs'],
  'tech-lead': ['typescript', 'aws', 'scrum', 'nodejs'],
  'product-manager': ['scrum', 'sql'],
  'product-designer': ['figma'],
  'digital-marketing': ['seo', 'google-ads', 'hubspot'],
  'growth-marketing': ['google-ads', 'sql', 'hubspot'],
  'content-marketing': ['seo', 'hubspot'],
  sdr: ['salesforce', 'hubspot'],
  'account-executive': ['salesforce', 'hubspot'],
  'customer-success': ['zendesk', 'hubspot', 'salesforce'],
  'customer-support': ['zendesk'],
};
export const FIRST = [
  'Ana',
  'Luis',
  'María',
  'Jorge',
  'Lucía',
  'Diego',
  'Camila',
  'Mateo',
  'Valentina',
  'Sofía',
  'Andrés',
  'Daniela',
  'Carlos',
  'Paula',
  'Javier',
  'Elena',
  'Tomás',
  'Renata',
  'Felipe',
  'Gabriela',
];
export const LAST = [
  'García',
  'Rodríguez',
  'López',
  'Martínez',
  'Pérez',
  'Gómez',
  'Sánchez',
  'Díaz',
  'Torres',
  'Ramírez',
  'Flores',
  'Rojas',
  'Vargas',
  'Castro',
  'Mendoza',
  'Silva',
];
export const CO_A = ['Andes', 'Pacífico', 'Inca', 'Maya', 'Cóndor', 'Sierra', 'Atlas', 'Nube', 'Puma', 'Quetzal', 'Río', 'Volcán'];
export const CO_B = ['Labs', 'Digital', 'Tech', 'Software', 'Data', 'Studio', 'Cloud', 'Pay', 'Health', 'Logistics'];

// A demo offer's description, in Spanish like the rest of the demo world's text (an offer is written in
// one language; the page around it follows the reader's). Deterministic: it draws no random numbers, so
// the seeded world stays the same.
const AREA_DUTIES: Record<string, string[]> = {
  tech: ['Diseñar, construir y mantener funcionalidades en producción.', 'Revisar código y acordar buenas prácticas con el equipo.'],
  marketing: ['Planificar y medir campañas en los canales digitales.', 'Proponer experimentos y reportar resultados al equipo.'],
  sales: ['Gestionar un portafolio de oportunidades de principio a fin.', 'Llevar el pronóstico de ventas y el CRM al día.'],
  product: ['Descubrir problemas con usuarios y priorizar el backlog.', 'Trabajar junto a diseño e ingeniería en cada entrega.'],
  'customer-experience': ['Acompañar a los clientes y resolver sus consultas.', 'Detectar patrones y proponer mejoras al producto.'],
};

const catalogs = { country: countries, modality: modalities, seniority: seniorities, english: englishLevels } as const;
/** A catalogue value's Spanish label (the demo world's text is Spanish). */
export const spanishLabel = (kind: keyof typeof catalogs, id: string) =>
  (catalogs[kind] as readonly { id: string; label: { es: string } }[]).find((v) => v.id === id)?.label.es ?? id;

/** A seniority as a demo headline says it ("Desarrollador/a Backend · Semi senior"). */
export const SENIORITY_SHORT_ES = { junior: 'Junior', mid: 'Semi senior', senior: 'Senior' } as const;

type DescribedOffer = { title: string; area: string; country: string; modality: string; seniority: string; english: string };

export function demoOfferDescription(
  o: DescribedOffer,
  label: (kind: 'country' | 'modality' | 'seniority' | 'english', id: string) => string,
) {
  return [
    `Oferta de demostración: buscamos ${o.title} para nuestro equipo en ${label('country', o.country)}.`,
    '**Qué harás**',
    (AREA_DUTIES[o.area] ?? AREA_DUTIES.tech!).map((d) => `- ${d}`).join('\n'),
    '**Qué buscamos**',
    [`- Experiencia: ${label('seniority', o.seniority)}.`, `- ${label('english', o.english)}.`].join('\n'),
    '**Condiciones**',
    [`- Modalidad: ${label('modality', o.modality)}.`, '- Datos generados para la demo: esta oferta no existe.'].join('\n'),
  ].join('\n\n');
}

// A demo company's perks and tech stack (decision 086), in Spanish like the rest of the demo world. Picked by
// the company's place in the demo list, not by the seed's random numbers, so the seeded world stays the same.
const DEMO_PERKS = [
  'Trabajo remoto o híbrido',
  'Horario flexible',
  'Seguro de salud privado',
  'Presupuesto anual de formación',
  'Clases de inglés',
  'Equipo y conexión a internet pagados',
  'Viernes de tarde libre',
  'Día libre por tu cumpleaños',
  'Bono por desempeño',
  'Vacaciones extra cada año',
];
const DEMO_STACKS = [
  ['typescript', 'react', 'nodejs', 'postgresql', 'aws'],
  ['python', 'django', 'postgresql', 'docker', 'gcp'],
  ['java', 'spring', 'kotlin', 'kubernetes', 'azure'],
  ['go', 'kubernetes', 'terraform', 'aws'],
  ['php', 'laravel', 'vue', 'sql'],
  ['python', 'spark', 'machine-learning', 'power-bi'],
  ['flutter', 'swift', 'kotlin', 'figma'],
  ['csharp', 'dotnet', 'azure', 'sql'],
];

export function demoCompanyProfile(i: number): { perks: string[]; stack: string[] } {
  const perks = [0, 3, 7].map((step, k) => DEMO_PERKS[(i * (k + 2) + step) % DEMO_PERKS.length]!);
  return { perks: [...new Set(perks)], stack: DEMO_STACKS[i % DEMO_STACKS.length]! };
}
