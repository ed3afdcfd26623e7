// What a cached page depends on, and what a change touched (decision 058): the page cache forgets only the
// pages a change can have altered. Neutral module: the HTTP layer labels pages, the services describe changes.
import { FACETS, type JobSelection } from './job-facets';

/** The facet values of an offer, as the job search filters them (decision 013). */
export type OfferFacets = {
  area: string;
  role: string;
  seniority: string;
  modality: string;
  english: string | null;
  /** Where it is located. */
  country: string;
  /** Every skill it names (required or nice to have). */
  skills: string[];
  /** A remote-global offer's allowed countries (none: open to every country). */
  countries: string[];
};

/**
 * What a cached page shows, from its route and parameters. `tags`: exact things ('offer:<slug>',
 * 'company:<slug>', 'profile:<slug>', 'home', 'figures', 'salaries'). `offers`: the page lists open offers of
 * a selection (`slack`: how many of its set facets an offer may miss and still change the page: a search's
 * facet counts leave each facet out in turn, so one), or 'any' offer (free text, the home page's latest).
 * A page with neither is purged by every change.
 */
export type PageLabels = {
  tags: readonly string[];
  offers?: { selection: JobSelection; slack: number } | 'any';
};

/**
 * What one change touched: tags, and the offers whose lists it may change, each with its facets (an edit
 * gives them before and after), or 'all' of them. `all: true` forgets every page (salary figures, the
 * catalogue, a bulk import).
 */
export type PagePurge = { all: true } | { all?: false; tags: readonly string[]; offers?: readonly OfferFacets[] | 'all' };

export const ALL_PAGES: PagePurge = Object.freeze({ all: true });

export const offerTag = (slug: string) => `offer:${slug}`;
export const companyTag = (slug: string) => `company:${slug}`;
export const profileTag = (slug: string) => `profile:${slug}`;
/** A certificate's verification page (unlabelled, so any purge reaches it; the tag says what changed). */
export const certificateTag = (slug: string) => `certificate:${slug}`;
/** Pages that show the marketplace's live counts (open offers, hiring companies, public profiles). */
export const FIGURES_TAG = 'figures';
export const HOME_TAG = 'home';

/** Whether an offer is in a selection's results, or one facet away from them when `slack` is 1. */
export function offerNear(offer: OfferFacets, selection: JobSelection, slack: number): boolean {
  let missed = 0;
  for (const f of FACETS) {
    const want = selection[f];
    if (want === undefined) continue;
    const has = f === 'skill' ? offer.skills.includes(want) : offer[f] === want;
    if (!has && ++missed > slack) return false;
  }
  if (selection.country !== undefined && !inCountry(offer, selection.country) && ++missed > slack) return false;
  return true;
}

/** Located in the country, or remote-global and open to it (the search's own rule). */
function inCountry(offer: OfferFacets, country: string): boolean {
  return (
    offer.country === country || (offer.modality === 'remote-global' && (offer.countries.length === 0 || offer.countries.includes(country)))
  );
}

/** Whether a change may have altered a page with these labels (unlabelled pages: always). */
export function purgeHits(labels: PageLabels | undefined, purge: PagePurge): boolean {
  if (purge.all) return true;
  if (!labels || (labels.tags.length === 0 && !labels.offers)) return true;
  if (purge.tags.some((t) => labels.tags.includes(t))) return true;
  const lists = labels.offers;
  const changed = purge.offers;
  if (!lists || !changed || changed.length === 0) return false;
  if (lists === 'any' || changed === 'all') return true;
  return changed.some((o) => offerNear(o, lists.selection, lists.slack));
}
