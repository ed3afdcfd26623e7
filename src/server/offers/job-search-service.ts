import 'server-only';
import { countries } from '../../domain/catalog';
import { FACETS, searchTerms, type FacetKey, type JobQuery, type JobSelection } from '../../domain/job-facets';
import type { Database } from '../db/client';
import { toDate } from '../db/schema';
import { companyBySlug } from './data/companies';
import { countOffers, facetCounts, findOffers, offerExtras, WORLDWIDE, type OfferFilter, type OfferRow } from './data/offers';
import { companyView, type CompanyView } from '../accounts/company-view';

// The candidate-side job search (decision 013). One implementation behind the page, its RSS
// feed and any API: open offers only (published, not past valid_through), facets from the URL, free text
// through each database's full-text index, a minimum monthly salary in USD, newest or best-paid first.
const PER_PAGE = 20;

export type JobSearchInput = JobSelection & Partial<JobQuery> & { perPage?: number; companyId?: number };

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
  total: number;
  page: number;
  pages: number;
  perPage: number;
  /** The words the free text was searched as (empty when there was none, or nothing searchable in it). */
  terms: string[];
  facets?: FacetCounts;
};

export function createJobSearchService(database: Database, clock: () => Date = () => new Date()) {
  const filterOf = (input: JobSearchInput): OfferFilter => {
    const terms = searchTerms(input.q ?? '');
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
    return cardsOf(await findOffers(database, filterOf(selection), { sort: 'recent', limit, offset: 0 }));
  }

  const service = {
    /** One page of a search; with `facets`, the count of every facet value under the rest of the selection. */
    async search(input: JobSearchInput, opts: { facets?: boolean } = {}): Promise<JobSearchResult> {
      const filter = filterOf(input);
      const perPage = Math.min(Math.max(1, input.perPage ?? PER_PAGE), 100);
      const page = Math.max(1, Math.floor(input.page ?? 1));
      const [total, rows, facets] = await Promise.all([
        countOffers(database, filter),
        findOffers(database, filter, { sort: input.sort ?? 'recent', limit: perPage, offset: (page - 1) * perPage }),
        opts.facets ? counts(filter) : undefined,
      ]);
      return {
        items: await cardsOf(rows),
        total,
        page,
        pages: Math.max(1, Math.ceil(total / perPage)),
        perPage,
        terms: filter.terms ?? [],
        ...(facets ? { facets } : {}),
      };
    },

    /**
     * The open offers of a search published in (after, until], newest first: the first `limit` and how many
     * there are in all (a job alert's email lists the first ones and links to the rest).
     */
    async publishedBetween(input: JobSearchInput, after: Date, until: Date, limit: number): Promise<{ items: JobCard[]; total: number }> {
      const filter = { ...filterOf(input), publishedAfter: after, publishedUntil: until };
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
