import 'server-only';
import type { Database } from '../db/client';
import { latestDate } from '../db/schema';
import { companiesWithOpenOffersAfter, openOffersAfter } from './data/sitemap-rows';

/** One page of the sitemap from this domain: its key for the next call, its slug and its last change. */
export type SitemapPageRow = { id: number; slug: string; lastmod: Date | null };

/**
 * The offer and company pages search engines should know about (decision 055), a file at a time: each call
 * is one keyset query for the pages with an id above `after`, so the sitemap builder lists every open offer
 * once without reading them all at once. Demo offers and companies are noindex: never listed.
 */
export function createSitemapPages(database: Pick<Database, 'db'>, { now = () => new Date() }: { now?: () => Date } = {}) {
  return {
    /** Open, real offers, each with its last edit (or its publication). */
    async offers(after: number, limit: number): Promise<SitemapPageRow[]> {
      const rows = await openOffersAfter(database.db, now(), after, limit);
      return rows.map((r) => ({ id: r.id, slug: r.slug, lastmod: latestDate(r.updated_at, r.published_at) }));
    },
    /** Real companies with an open offer, each with its newest open offer's edit, or its creation if later. */
    async companies(after: number, limit: number): Promise<SitemapPageRow[]> {
      const rows = await companiesWithOpenOffersAfter(database.db, now(), after, limit);
      return rows.map((r) => ({ id: r.id, slug: r.slug, lastmod: latestDate(r.created_at, r.latest) }));
    },
  };
}
export type SitemapPages = ReturnType<typeof createSitemapPages>;
