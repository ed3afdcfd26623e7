import 'server-only';
import { countries } from '../../domain/catalog';
import { placeOf, rewriteTerms } from '../../domain/search-rewrite';
import { FACETS, searchTerms, type FacetKey, type JobQuery, type JobSelection } from '../../domain/job-facets';
import { z } from 'zod';
import type { Database } from '../db/client';
import { generationSum, PUBLIC_PAGES_GENERATION } from '../db/generations';
import { decodeCursor, encodeCursor, keyId, keyTime, keyValue, type Cursor, type KeyValue } from '../db/keyset';
import { toDate } from '../db/schema';
import { companyBySlug } from './data/companies';
import { companyDirectory, type CompanyDirectoryPage } from './company-directory';
import {
  countOffers,
  facetCounts,
  findOffers,
  offerExtras,
  WORLDWIDE,
  type OfferFilter,
  type OfferRow,
  type OfferSort,
} from './data/offers';
import { companyView, type CompanyView } from '../accounts/company-view';

// The candidate-side job search (decision 013). One implementation behind the page, its RSS
// feed and any API: open offers only (published, not past valid_through), facets from the URL, free text
// through each database's full-text index, a minimum monthly salary in USD, newest or best-paid first.
const PER_PAGE = 20;
/** Counting a free-text search stops past this many matches ("1.000+"); relevance ranks this many of the newest
 * matches (decision 060), and its pages stop here. */
export const COUNT_CAP = 1000;
/** Counts kept in memory: selections, each until the data version moves or the entry is this old (offers
 * pass their valid_through with the clock, not with a write). */
const COUNT_CACHE_SIZE = 500;
const COUNT_TTL_MS = 60_000;

export type JobSearchInput = JobSelection &
  Partial<JobQuery> & {
    perPage?: number;
    companyId?: number;
    /** Where the page starts (a `next` of a previous result); a bad or stale one gives the first page. */
    cursor?: string;
  };

export type JobCard = {
  id: number;
  slug: string;
  title: string;
  area: string;
  role: string;
  seniority: string;
  english: string | null;
  modality: string;
  country: string;
  city: string | null;
  employmentType: string;
  /** Allowed countries of a remote offer (empty: anywhere). */
  allowedCountries: string[];
  skills: { skill: string; required: boolean }[];
  salary: {
    min: number;
    max: number;
    currency: string;
    period: 'month' | 'year';
    gross: boolean;
    usdMonthMin: number;
    usdMonthMax: number;
  };
  company: { name: string; slug: string; logo: string | null };
  description: string;
  publishedAt: Date | null;
  validThrough: Date | null;
  isDemo: boolean;
};

export type CompanyPage = {
  company: CompanyView & { isDemo: boolean };
  offers: JobSearchResult;
};

export type FacetCounts = Record<FacetKey | 'country', Record<string, number>>;

export type JobSearchResult = {
  items: JobCard[];
  /** How many match; with `capped`, at least this many (counting stopped at COUNT_CAP). */
  total: number;
  capped: boolean;
  page: number;
  pages: number;
  perPage: number;
  /** The position of the first item (1-based; 0 when there are none) and the next page's cursor, if any. */
  from: number;
  next: string | null;
  /** The order the items are in: relevance when there is searchable free text and no other sort was asked. */
  sort: OfferSort;
  /** The words the free text was searched as (empty when there was none, or nothing searchable in it). */
  terms: string[];
  /** How the free text was read when a typo was corrected or an abbreviation expanded (decision 078), else null. */
  understood: string | null;
  /** With `capped`, counted over the newest COUNT_CAP matches only: a guide to narrowing, not totals. */
  facets?: FacetCounts;
};

/** Where each order's keyset cursor may start (decision 057): its sort key, checked on the way in. */
const CURSOR_KEYS = {
  recent: z.tuple([keyTime, keyId]),
  salary: z.tuple([z.number().finite(), z.number().finite(), keyTime, keyId]),
  // A rank moves with every write: relevance pages by position (the cursor's `seen`), within COUNT_CAP.
  relevance: z.tuple([z.literal('rank')]),
} satisfies Record<OfferSort, z.ZodType<readonly KeyValue[]>>;

const sortKey = (sort: OfferSort, r: OfferRow): KeyValue[] =>
  sort === 'salary'
    ? [r.salary_max_usd_month, r.salary_min_usd_month, keyValue(r.published_at!), r.id]
    : sort === 'recent'
      ? [keyValue(r.published_at!), r.id]
      : ['rank'];

type Counted = { total: number; capped: boolean; facets?: FacetCounts };

export type JobSearchOptions = {
  /** The data version counts are kept under (default: the public-pages generation, read at most once a second). */
  version?: () => number | Promise<number>;
  /** Milliseconds for the count cache's age and the generation's check interval (tests move it). */
  now?: () => number;
};

export function createJobSearchService(database: Database, clock: () => Date = () => new Date(), options: JobSearchOptions = {}) {
  const now = options.now ?? Date.now;
  const version =
    options.version ??
    (
      (watch) => () =>
        watch.get()
    )(generationSum(database.db, [PUBLIC_PAGES_GENERATION], { checkEveryMs: 1000, now }));
  // Bounded LRU of counts per (selection, data version): a Map keeps insertion order, a hit moves to the end.
  const countCache = new Map<string, { version: number; at: number; value: Promise<Counted> }>();

  async function counted(filter: OfferFilter, withFacets: boolean): Promise<Counted> {
    const { now: _at, ...selection } = filter;
    const key = JSON.stringify([selection, withFacets]);
    const v = await version();
    const hit = countCache.get(key);
    countCache.delete(key);
    if (hit && hit.version === v && now() - hit.at < COUNT_TTL_MS) {
      countCache.set(key, hit);
      return hit.value;
    }
    const value = countNow(filter, withFacets);
    countCache.set(key, { version: v, at: now(), value });
    value.catch(() => countCache.get(key)?.value === value && countCache.delete(key));
    while (countCache.size > COUNT_CACHE_SIZE) countCache.delete(countCache.keys().next().value!);
    return value;
  }

  async function countNow(filter: OfferFilter, withFacets: boolean): Promise<Counted> {
    // Free text may match nearly everything: its count stops past the cap, like its relevance pages.
    if (!filter.terms?.length) {
      const [total, facets] = await Promise.all([countOffers(database, filter), withFacets ? counts(filter) : undefined]);
      return { total, capped: false, ...(facets ? { facets } : {}) };
    }
    const n = await countOffers(database, filter, COUNT_CAP);
    const capped = n > COUNT_CAP;
    // Past the cap, the facets count the newest COUNT_CAP matches (the ones relevance ranks), not every match.
    const facets = withFacets ? await counts(capped ? { ...filter, newest: COUNT_CAP } : filter) : undefined;
    return { total: Math.min(n, COUNT_CAP), capped, ...(facets ? { facets } : {}) };
  }

  /** The filter of a search and how its text was understood. Unless `exact`, the free text is read forgivingly
   * (decision 078): a place in it is the country (when none or the same is chosen), typos and synonyms widen
   * its words. All in memory: the search still runs on the indexes. */
  const readSearch = (input: JobSearchInput): { filter: OfferFilter; understood: string | null } => {
    const q = input.q ?? '';
    const place = q && !input.exact ? placeOf(q, input.country) : null;
    const text = place ? place.rest : q;
    const rewrite = input.exact ? null : rewriteTerms(text);
    const terms = rewrite ? rewrite.terms : searchTerms(text);
    const filter = filterOf({ ...input, country: place?.country ?? input.country }, terms);
    return { filter, understood: rewrite?.changed ? rewrite.understood.join(' ') : null };
  };

  const filterOf = (input: JobSearchInput, terms: string[]): OfferFilter => {
    return {
      area: input.area,
      role: input.role,
      skill: input.skill,
      seniority: input.seniority,
      modality: input.modality,
      english: input.english,
      country: input.country,
      ...(terms.length ? { terms } : {}),
      ...(input.minSalaryUsd && input.minSalaryUsd > 0 ? { minSalaryUsd: Math.floor(input.minSalaryUsd) } : {}),
      ...(input.companyId !== undefined ? { companyId: input.companyId } : {}),
      now: clock(),
    };
  };

  async function counts(filter: OfferFilter): Promise<FacetCounts> {
    const keys = [...FACETS, 'country'] as const;
    const all = await Promise.all(keys.map((k) => facetCounts(database, filter, k)));
    const out = Object.fromEntries(keys.map((k, i) => [k, all[i]!])) as FacetCounts;
    // Worldwide remote offers are open to every country.
    const { [WORLDWIDE]: worldwide = 0, ...byCountry } = out.country;
    out.country = Object.fromEntries(countries.map((c) => [c.id, (byCountry[c.id] ?? 0) + worldwide]));
    return out;
  }

  /** Offer rows as cards, with their skills and accepted countries (two reads for all of them). */
  async function cardsOf(rows: OfferRow[]): Promise<JobCard[]> {
    const extras = await offerExtras(
      database,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toCard(r, extras.skills.get(r.id) ?? [], extras.allowed.get(r.id) ?? []));
  }

  /** The first offers of a selection in the search's default order, without counting them all. */
  async function firstOffers(selection: JobSelection, limit: number): Promise<JobCard[]> {
    return cardsOf(await findOffers(database, filterOf(selection, []), { sort: 'recent', limit, offset: 0 }));
  }

  /**
   * `perPage + 1` rows (the extra one only says there is more) after a cursor or at a page, and how many rows
   * come before them. A cursor that finds nothing (its rows gone, or past the end) reads the first page.
   */
  async function list(filter: OfferFilter, sort: OfferSort, perPage: number, after: Cursor<readonly KeyValue[]> | null, page: number) {
    const read = (cursor: Cursor<readonly KeyValue[]> | null) => {
      const limit = perPage + 1;
      if (sort === 'relevance')
        return findOffers(database, filter, { sort, limit, offset: cursor ? Math.min(cursor.seen, COUNT_CAP) : 0, window: COUNT_CAP });
      if (cursor) return findOffers(database, filter, { sort, limit, after: cursor.key });
      return findOffers(database, filter, { sort, limit, offset: (page - 1) * perPage });
    };
    const rows = await read(after);
    if (after && !rows.length) return { rows: await read(null), seen: 0 };
    return { rows, seen: after ? (sort === 'relevance' ? Math.min(after.seen, COUNT_CAP) : after.seen) : (page - 1) * perPage };
  }

  const service = {
    /**
     * One page of a search; with `facets`, the count of every facet value under the rest of the selection.
     * With `cursor` (keyset, the search page) the page after it, else page `page` (offset: a company's page).
     */
    async search(input: JobSearchInput, opts: { facets?: boolean } = {}): Promise<JobSearchResult> {
      const { filter, understood } = readSearch(input);
      const perPage = Math.min(Math.max(1, input.perPage ?? PER_PAGE), 100);
      const sort: OfferSort = input.sort === 'salary' ? 'salary' : filter.terms ? 'relevance' : 'recent';
      const after = decodeCursor<readonly KeyValue[]>(input.cursor, CURSOR_KEYS[sort] as z.ZodType<readonly KeyValue[]>);
      const page = after ? 1 : Math.max(1, Math.floor(input.page ?? 1));
      const [count, listed] = await Promise.all([counted(filter, !!opts.facets), list(filter, sort, perPage, after, page)]);
      const { rows, seen } = listed;
      const shown = rows.slice(0, perPage);
      const last = shown[shown.length - 1];
      const end = seen + shown.length;
      const more = rows.length > perPage && last !== undefined && (sort !== 'relevance' || end < COUNT_CAP);
      return {
        items: await cardsOf(shown),
        total: count.total,
        capped: count.capped,
        page,
        pages: Math.max(1, Math.ceil(count.total / perPage)),
        perPage,
        from: shown.length ? seen + 1 : 0,
        next: more ? encodeCursor({ key: sortKey(sort, last), seen: end }) : null,
        sort,
        terms: filter.terms ?? [],
        understood,
        ...(count.facets ? { facets: count.facets } : {}),
      };
    },

    /** How many offers a search finds, counted as its page counts them (capped with free text, kept per data version). */
    async count(input: JobSearchInput): Promise<{ total: number; capped: boolean }> {
      const { total, capped } = await counted(readSearch(input).filter, false);
      return { total, capped };
    },

    /** The first page of a search without counting anything (its RSS feed). */
    async latest(input: JobSearchInput): Promise<JobCard[]> {
      const { filter } = readSearch(input);
      const sort: OfferSort = input.sort === 'salary' ? 'salary' : filter.terms ? 'relevance' : 'recent';
      return cardsOf(await findOffers(database, filter, { sort, limit: PER_PAGE }));
    },

    /**
     * The open offers of a search published in (after, until], newest first: the first `limit` and how many
     * there are in all (a job alert's email lists the first ones and links to the rest).
     */
    async publishedBetween(input: JobSearchInput, after: Date, until: Date, limit: number): Promise<{ items: JobCard[]; total: number }> {
      const filter = { ...readSearch(input).filter, publishedAfter: after, publishedUntil: until };
      const total = await countOffers(database, filter);
      if (total === 0) return { items: [], total };
      return { items: await cardsOf(await findOffers(database, filter, { sort: 'recent', limit, offset: 0 })), total };
    },

    /** A company's public page: its details and its open offers (newest first); null for an unknown slug. */
    async company(slug: string, page = 1): Promise<CompanyPage | null> {
      const c = await companyBySlug(database.db, slug);
      if (!c) return null;
      const offers = await service.search({ companyId: c.id, page, perPage: PER_PAGE });
      return {
        company: { ...companyView(c), isDemo: !!c.is_demo },
        offers,
      };
    },

    /** One page of the companies directory (decision 087): a name search and its keyset cursor. */
    directory: (input: { q?: string; cursor?: string | null }): Promise<CompanyDirectoryPage> =>
      companyDirectory(database.db, clock(), input),

    /**
     * A few open offers for a context (an offer's similar offers, a role's open offers, a profile's
     * recommendations): the first selection, most specific first, that has any, topped up from the wider
     * ones; `exclude` leaves out the offer being shown. Returns the selection that matched for "see all".
     */
    async related(selections: JobSelection[], limit = 5, exclude?: number): Promise<{ items: JobCard[]; selection: JobSelection | null }> {
      const items: JobCard[] = [];
      let matched: JobSelection | null = null;
      for (const selection of selections) {
        const found = await firstOffers(selection, limit + 1);
        const fresh = found.filter((o) => o.id !== exclude && !items.some((i) => i.id === o.id));
        if (fresh.length && !matched) matched = selection;
        items.push(...fresh.slice(0, limit - items.length));
        if (items.length >= limit) break;
      }
      return { items, selection: matched };
    },
  };
  return service;
}
export type JobSearchService = ReturnType<typeof createJobSearchService>;

function toCard(r: OfferRow, skills: JobCard['skills'], allowedCountries: string[]): JobCard {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    area: r.area,
    role: r.role,
    seniority: r.seniority,
    english: r.english,
    modality: r.modality,
    country: r.country,
    city: r.city,
    employmentType: r.employment_type,
    allowedCountries,
    skills,
    salary: {
      min: Number(r.salary_min),
      max: Number(r.salary_max),
      currency: r.currency,
      period: r.period,
      gross: r.gross === 1,
      usdMonthMin: r.salary_min_usd_month,
      usdMonthMax: r.salary_max_usd_month,
    },
    company: { name: r.company_name, slug: r.company_slug, logo: r.company_logo },
    description: r.description,
    publishedAt: toDate(r.published_at),
    validThrough: toDate(r.valid_through),
    isDemo: r.is_demo === 1,
  };
}
