// The job search's forgiving reading of free text (decision 078): before the indexed search, a query is
// rewritten in memory. A place (a country or one of its cities, in Spanish or English, accents aside)
// becomes the country filter; an abbreviation or a word of the other language also searches its synonyms;
// a word close to a known term (roles, skills, the catalogue) by edit distance also searches that term.
// Each rewritten word is a set of alternatives, all searched as word prefixes through the full-text index,
// so nothing here reads offers. Neutral module: the service, the HTTP layer and the tests use it.
import { areas, countries, modalities, roles, seniorities, skills, type CountryId, type Labelled } from './catalog';
import { searchTerms } from './job-facets';
import { fold } from './text-search';

// ---- places -----------------------------------------------------------------------------------------------

/** Cities (folded, ASCII) by country; country names come from the catalogue in both languages. */
const CITIES: Record<CountryId, readonly string[]> = {
  peru: ['lima', 'arequipa', 'trujillo', 'cusco', 'cuzco', 'piura', 'chiclayo'],
  mexico: ['cdmx', 'ciudad de mexico', 'mexico city', 'guadalajara', 'monterrey', 'puebla', 'queretaro', 'merida', 'tijuana'],
  colombia: ['bogota', 'medellin', 'cali', 'barranquilla', 'cartagena', 'bucaramanga'],
  chile: ['santiago', 'santiago de chile', 'valparaiso', 'concepcion', 'vina del mar'],
  argentina: ['buenos aires', 'caba', 'rosario', 'mendoza', 'la plata'],
  ecuador: ['quito', 'guayaquil'],
  uruguay: ['montevideo', 'punta del este'],
  bolivia: ['la paz', 'cochabamba', 'el alto', 'sucre'],
  'costa-rica': ['san jose', 'heredia', 'alajuela', 'cartago'],
  espana: ['madrid', 'barcelona', 'sevilla', 'bilbao', 'malaga', 'zaragoza', 'spain'],
};

const PLACES = new Map<string, CountryId>([
  ...countries.flatMap((c) => [[fold(c.label.es), c.id] as const, [fold(c.label.en), c.id] as const]),
  ...Object.entries(CITIES).flatMap(([id, names]) => names.map((n) => [n, id as CountryId] as const)),
]);
const LONGEST_PLACE = Math.max(...[...PLACES.keys()].map((k) => k.split(' ').length));

const bare = (token: string) => fold(token).replace(/[^a-z0-9]+/g, '');

/**
 * The first place named in a query, and the query without it (the user's own words, as typed). Only
 * when it agrees with the country already chosen, or none is: "lima" on Mexico's search stays text.
 */
export function placeOf(q: string, chosen?: string): { country: CountryId; rest: string } | null {
  const tokens = q.split(/\s+/).filter(Boolean);
  const words = tokens.map(bare);
  for (let i = 0; i < tokens.length; i++) {
    for (let n = Math.min(LONGEST_PLACE, tokens.length - i); n >= 1; n--) {
      const country = PLACES.get(words.slice(i, i + n).join(' '));
      if (!country || (chosen && chosen !== country)) continue;
      return { country, rest: trimJoiners([...tokens.slice(0, i), ...tokens.slice(i + n)]).join(' ') };
    }
  }
  return null;
}

/** "desarrollador en" (the place taken out) reads "desarrollador". */
function trimJoiners(tokens: string[]): string[] {
  const joiner = /^(en|in|de|from|desde)$/i;
  const out = [...tokens];
  while (out.length && joiner.test(out[out.length - 1]!)) out.pop();
  while (out.length && joiner.test(out[0]!)) out.shift();
  return out;
}

// ---- synonyms and typos ---------------------------------------------------------------------------------

/** A typed word (folded) and what it also searches. */
const SYNONYMS: Record<string, readonly string[]> = {
  js: ['javascript'],
  ts: ['typescript'],
  k8s: ['kubernetes'],
  golang: ['go'],
  node: ['nodejs'],
  reactjs: ['react'],
  vuejs: ['vue'],
  postgres: ['postgresql'],
  dev: ['desarrollador', 'developer'],
  developer: ['desarrollador'],
  desarrollador: ['developer'],
  desarrolladora: ['developer'],
  programador: ['desarrollador', 'developer'],
  programadora: ['desarrollador', 'developer'],
  programmer: ['desarrollador', 'developer'],
  engineer: ['ingeniero'],
  ingeniero: ['engineer'],
  ingeniera: ['engineer'],
  designer: ['disenador'],
  disenador: ['designer'],
  disenadora: ['designer'],
  analyst: ['analista'],
  analista: ['analyst'],
  scientist: ['cientifico'],
  architect: ['arquitecto'],
  data: ['datos'],
  datos: ['data'],
  sales: ['ventas'],
  ventas: ['sales'],
  support: ['soporte'],
  soporte: ['support'],
  remote: ['remoto'],
  remoto: ['remote'],
  intern: ['practicante', 'practicas'],
  pasante: ['practicante', 'practicas'],
  qa: ['tester', 'testing'],
  tester: ['qa'],
  ml: ['machine'],
};

/** Abbreviations, shown as what they stand for ("js" is read as "JavaScript"). */
const ABBREVIATIONS: Record<string, string> = {
  js: 'JavaScript',
  ts: 'TypeScript',
  k8s: 'Kubernetes',
  golang: 'Go',
  dev: 'desarrollador',
  ml: 'Machine Learning',
  node: 'Node.js',
  postgres: 'PostgreSQL',
};

const labelWords = (list: readonly Labelled[]) => list.flatMap((v) => [...searchTerms(v.label.es), ...searchTerms(v.label.en)]);

/** The known terms a typo is corrected to: the catalogue's words, the synonyms' words, a few common ones. */
const VOCABULARY: readonly string[] = [
  ...new Set(
    [
      ...labelWords(roles),
      ...labelWords(skills),
      ...labelWords(areas),
      ...labelWords(seniorities),
      ...labelWords(modalities),
      ...skills.map((s) => s.id.replace(/[^a-z0-9]/g, '')),
      ...Object.keys(SYNONYMS),
      ...Object.values(SYNONYMS).flat(),
      ...['programador', 'desarrolladora', 'ingeniera', 'disenadora', 'practicante', 'empresa', 'equipo', 'vendedor', 'comercial'],
    ].filter((w) => w.length >= 4),
  ),
];
const KNOWN = new Set(VOCABULARY);

/** How a known term is written (its accents and capitals), by its folded form: "disenador" is "diseñador". */
const WRITTEN = new Map<string, string>(
  [...roles, ...skills, ...areas, ...seniorities, ...modalities].flatMap((v) =>
    [v.label.es, v.label.en].flatMap((label) => label.split(/[^\p{L}\p{N}]+/u).map((w) => [bare(w), w] as const)),
  ),
);
for (const w of ['programador', 'desarrolladora', 'ingeniera', 'diseñadora', 'practicante', 'empresa', 'equipo', 'vendedor'])
  WRITTEN.set(bare(w), w);
const written = (folded: string) => {
  const w = WRITTEN.get(folded) ?? folded;
  // A role's word reads as in a sentence ("desarrollador"), a skill as its name ("TypeScript").
  return /^[A-Z][a-z]/.test(w) && !skills.some((s) => s.label.es === w) ? w.toLowerCase() : w;
};

/** Edit distance with adjacent swaps (optimal string alignment), or max + 1 once it is past max. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** The known term a word is most likely a typo of: one edit for 4 to 7 letters, two from 8; none for a
 * word that is known or starts a known term (the search matches prefixes), nor for shorter words. */
export function correctionOf(word: string): string | undefined {
  if (word.length < 4 || /\d/.test(word) || KNOWN.has(word) || VOCABULARY.some((v) => v.startsWith(word))) return undefined;
  const max = word.length >= 8 ? 2 : 1;
  let found: string | undefined;
  let distance = max + 1;
  for (const v of VOCABULARY) {
    const d = editDistance(word, v, max);
    if (d < distance) [found, distance] = [v, d];
  }
  return found;
}

// ---- the whole rewrite --------------------------------------------------------------------------------------

export type SearchRewrite = {
  /** What the index searches: one entry per word, its alternatives joined by "|" (each [a-z0-9]+). */
  terms: string[];
  /** The words as understood (a corrected or expanded word as the term it was read as), for "showing results for". */
  understood: string[];
  /** A typo was corrected or an abbreviation read: the page says how the text was understood. */
  changed: boolean;
};

/** The free text's words, each with the words it also searches (at most MAX_TERMS words, as searchTerms). */
export function rewriteTerms(q: string): SearchRewrite {
  const words = searchTerms(q);
  // The user's own spelling of each word, for the words kept as typed.
  const typed = new Map(q.split(/[^\p{L}\p{N}]+/u).map((w) => [bare(w), w] as const));
  let changed = false;
  const understood: string[] = [];
  const terms = words.map((w) => {
    const fixed = correctionOf(w);
    const base = fixed ?? w;
    const synonyms = SYNONYMS[base] ?? [];
    // A typo is shown as the term it was read as, an abbreviation as what it stands for, any other word as typed.
    const shown = fixed ? written(fixed) : ABBREVIATIONS[w];
    if (shown) changed = true;
    understood.push(shown ?? typed.get(w) ?? w);
    return [...new Set([w, base, ...synonyms])].join('|');
  });
  return { terms, understood, changed };
}
