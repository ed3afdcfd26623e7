// The job search's URL grammar (decision 013): /trabajos/{filters...} and /{country}/trabajos/{filters...},
// each filter segment the slug of one known facet value, in a canonical order; free text, minimum salary,
// sort and page in the query string. Neutral module: routes (validation), pages, the HTTP layer and tests.
import { areas, englishLevels, modalities, roles, seniorities, skills, type CountryId, type Labelled } from './catalog';
import { fold } from './text-search';

/** Facets of the path, in their canonical order. */
export const FACETS = ['area', 'role', 'skill', 'seniority', 'modality', 'english'] as const;
export type FacetKey = (typeof FACETS)[number];
export type FacetSelection = Partial<Record<FacetKey, string>>;
/** A whole search location: the path facets plus the country prefix. */
export type JobSelection = FacetSelection & { country?: CountryId };

export const FACET_VALUES: Record<FacetKey, readonly Labelled[]> = {
  area: areas,
  role: roles,
  skill: skills,
  seniority: seniorities,
  modality: modalities,
  english: englishLevels,
};

// Slugs are unique across facets (a unit test keeps it so), so a segment alone says which facet it sets.
const facetBySlug = new Map<string, FacetKey>(FACETS.flatMap((f) => FACET_VALUES[f].map((v) => [v.id, f] as const)));

export const facetOf = (slug: string): FacetKey | undefined => facetBySlug.get(slug);

// A role lies in one area (the offer form refuses any other pairing), so the role alone says the area.
const areaOfRole = new Map<string, string>(roles.map((r) => [r.id, r.area]));

/** The area a selection searches in: its own, or the one its role implies. */
export const areaOf = (selection: FacetSelection): string | undefined =>
  (selection.role && areaOfRole.get(selection.role)) || selection.area;

/**
 * The one form of a selection (decision 061): values of the wrong facet dropped, and the area dropped
 * when a role implies it (`tech` + `tech-lead` is `tech-lead`). A role with another area is not reduced:
 * it names no offer, and parseFilterSegments refuses it.
 */
export function canonicalSelection<S extends JobSelectionLike>(selection: S): S {
  const out = { ...selection };
  for (const f of FACETS) if (out[f] !== undefined && facetBySlug.get(out[f]) !== f) delete out[f];
  if (out.role && out.area === areaOfRole.get(out.role)) delete out.area;
  return out;
}

export type ParsedFilters = { ok: true; selection: FacetSelection; canonical: string[]; isCanonical: boolean } | { ok: false };

/**
 * Read path segments. Unknown segments, two values of one facet, or a role with an area it is not in, are
 * not a search (404); known values in another order, or an area its role already implies, are, but their
 * canonical URL is elsewhere (301). `selection` is the canonical one.
 */
// One request asks for the same segments several times (route validation, the canonical redirect, the
// page): each distinct list is parsed once and the frozen result shared. Bounded: cleared when full.
const parsedSegments = new Map<string, ParsedFilters>();
const MAX_PARSED = 512;

export function parseFilterSegments(segments: readonly string[]): ParsedFilters {
  const key = segments.join('/');
  let parsed = parsedSegments.get(key);
  if (!parsed) {
    if (parsedSegments.size >= MAX_PARSED) parsedSegments.clear();
    parsed = deepFreeze(parseSegments(segments));
    parsedSegments.set(key, parsed);
  }
  return parsed;
}

const deepFreeze = <T extends object>(o: T): T => {
  for (const v of Object.values(o)) if (v && typeof v === 'object') Object.freeze(v);
  return Object.freeze(o);
};

function parseSegments(segments: readonly string[]): ParsedFilters {
  const selection: FacetSelection = {};
  for (const s of segments) {
    const f = facetBySlug.get(s);
    if (!f || selection[f] !== undefined) return { ok: false };
    selection[f] = s;
  }
  if (selection.role && selection.area && selection.area !== areaOfRole.get(selection.role)) return { ok: false };
  const canonical = canonicalSegments(selection);
  const isCanonical = canonical.length === segments.length && canonical.every((s, i) => s === segments[i]);
  return { ok: true, selection: canonicalSelection(selection), canonical, isCanonical };
}

/** Search engines get search pages with at most this many facets (country aside); deeper ones are
 * noindex and canonical to their indexable parent (crawl budget: every combination is not a page). */
const INDEXABLE_FACETS = 2;

/** The nearest indexable parent of a selection: facets beyond the first INDEXABLE_FACETS of its canonical
 * form (in canonical order) dropped, the country kept. Its canonical form when it is shallow enough. */
export function indexableParent<S extends JobSelectionLike>(selection: S): S {
  const parent = canonicalSelection(selection);
  const kept = FACETS.filter((f) => parent[f]).slice(0, INDEXABLE_FACETS);
  for (const f of FACETS) if (!kept.includes(f)) delete parent[f];
  return parent;
}
type JobSelectionLike = FacetSelection & { country?: string };

/** The path segments of a selection: its canonical form, in canonical order. */
export function canonicalSegments(selection: FacetSelection): string[] {
  const canonical = canonicalSelection(selection);
  return FACETS.flatMap((f) => {
    const v = canonical[f];
    return v ? [v] : [];
  });
}

// ---- query string ----------------------------------------------------------------------------------------

export type JobSort = 'recent' | 'salary';
export type JobQuery = {
  q: string;
  minSalaryUsd?: number;
  sort: JobSort;
  page: number;
  /** Where the list continues (an opaque keyset cursor the search gave; checked by the search, not here). */
  cursor?: string;
  /** Search the words as typed: no typo correction, synonyms or place (decision 078). */
  exact?: boolean;
};

/** Query keys, the same in both locales (as the Spanish path segments are). */
export const QUERY_KEYS = {
  q: 'q',
  minSalaryUsd: 'salario_min',
  sort: 'orden',
  page: 'pagina',
  cursor: 'cursor',
  exact: 'exacto',
} as const;
const SORT_PARAM: Record<JobSort, string> = { recent: 'recientes', salary: 'salario' };

const MAX_QUERY_LENGTH = 100;
const MAX_PAGE = 1000;
/** Choices of the minimum-salary control (USD per month); any whole number in the URL works too. */
export const MIN_SALARY_STEPS = [500, 1000, 1500, 2000, 3000, 4000, 5000, 7000] as const;

const wholeNumber = (v: string | null, min: number, max: number): number | undefined => {
  if (!v || !/^\d{1,7}$/.test(v.trim())) return undefined;
  const n = Number(v.trim());
  return n >= min && n <= max ? n : undefined;
};

/** Read the query; a value that makes no sense is dropped rather than refused. */
export function parseJobQuery(search: string | URLSearchParams): JobQuery {
  const sp = typeof search === 'string' ? new URLSearchParams(search) : search;
  const q = (sp.get(QUERY_KEYS.q) ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
  const minSalaryUsd = wholeNumber(sp.get(QUERY_KEYS.minSalaryUsd), 1, 1_000_000);
  const sort: JobSort = sp.get(QUERY_KEYS.sort) === SORT_PARAM.salary ? 'salary' : 'recent';
  const page = wholeNumber(sp.get(QUERY_KEYS.page), 1, MAX_PAGE) ?? 1;
  const cursor = sp.get(QUERY_KEYS.cursor) ?? '';
  const exact = !!q && sp.get(QUERY_KEYS.exact) === '1';
  return {
    q,
    ...(minSalaryUsd ? { minSalaryUsd } : {}),
    sort,
    page,
    ...(/^[A-Za-z0-9_-]{1,400}$/.test(cursor) ? { cursor } : {}),
    ...(exact ? { exact } : {}),
  };
}

/** The query of a search, defaults left out, keys in a stable order (for href()). */
export function jobQueryParams(query: Partial<JobQuery> = {}): Record<string, string | undefined> {
  return {
    [QUERY_KEYS.q]: query.q || undefined,
    [QUERY_KEYS.minSalaryUsd]: query.minSalaryUsd ? String(query.minSalaryUsd) : undefined,
    [QUERY_KEYS.sort]: query.sort === 'salary' ? SORT_PARAM.salary : undefined,
    [QUERY_KEYS.page]: query.page && query.page > 1 ? String(query.page) : undefined,
    [QUERY_KEYS.cursor]: query.cursor || undefined,
    [QUERY_KEYS.exact]: query.exact && query.q ? '1' : undefined,
  };
}

export const sortParam = (sort: JobSort) => SORT_PARAM[sort];

// ---- free text -----------------------------------------------------------------------------------------

const MAX_TERMS = 8;

/**
 * The words of a free-text query: accents and case folded away ("Diseñador" -> "disenador", as both
 * databases' indexes fold them), ASCII letters and digits only, at most MAX_TERMS.
 */
export function searchTerms(q: string): string[] {
  const words = fold(q)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0 && w.length <= 40);
  return [...new Set(words)].slice(0, MAX_TERMS);
}
