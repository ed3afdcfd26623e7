import 'server-only';
import { companyTag, offerTag, type PagePurge } from '../../domain/page-purge';
import type { OfferForPurge } from './data/offer-purges';

export { offersForPurge } from './data/offer-purges';

/** Published and within its dates: on the search pages, the home page and the related lists. */
const isListed = (o: OfferForPurge, at: Date) => o.status === 'published' && (!o.validThrough || o.validThrough > at);

/**
 * What a change to these offers touches (decision 058): each offer's page and its company's page, and the
 * lists (searches, home, related offers) of each one listed before or after the change, by its facets: an
 * edit passes the offer as it was and as it is. `tags` adds pages of the change's own (a company's page).
 */
export function offersPurge(offers: readonly OfferForPurge[], at: Date, tags: readonly string[] = []): PagePurge {
  const facets = new Map<string, OfferForPurge['facets']>();
  for (const o of offers) if (isListed(o, at)) facets.set(JSON.stringify(o.facets), o.facets);
  const names = new Set([...tags, ...offers.flatMap((o) => [offerTag(o.slug), companyTag(o.companySlug)])]);
  return { tags: [...names], ...(facets.size ? { offers: [...facets.values()] } : {}) };
}
