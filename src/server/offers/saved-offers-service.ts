import 'server-only';
import { isId } from '../../domain/ids';
import type { Viewer } from '../accounts/session';
import type { Database } from '../db/client';
import { toDate } from '../db/schema';
import { ServiceError } from '../errors';
import { stateOf, type OfferState } from './application-service';
import { offerBySlug } from './data/public-offers';
import { saveOffer, savedOffersOf, unsaveOffer } from './data/screening';

// Saved offers (decision 049): a candidate's bookmarks, saved from any offer card or page (saving twice is
// saving once), listed in their workspace newest first, keyset-paged. An offer that closes, expires or is
// paused stays saved but is listed apart, under "no longer taking applications", until the candidate removes
// it: nothing to remember about what was already said.
export const SAVED_PER_PAGE = 20;
export type SavedOffer = { offerId: number; slug: string; title: string; company: string; state: OfferState; savedAt: Date | null };

/** The cursor of the next page: the last shown's time and offer id. */
const cursorOf = (s: SavedOffer) => `${s.savedAt?.getTime() ?? 0}.${s.offerId}`;
function readCursor(c: string | null | undefined): { at: Date; offerId: number } | null {
  const m = /^(\d{1,15})\.(\d{1,10})$/.exec(c ?? '');
  if (!m || !isId(Number(m[2]))) return null;
  return { at: new Date(Number(m[1])), offerId: Number(m[2]) };
}

export function createSavedOffersService(database: Database, deps: { now?: () => Date } = {}) {
  const { db } = database;
  const now = deps.now ?? (() => new Date());
  function candidate(viewer: Viewer) {
    if (!viewer) throw new ServiceError('unauthorized');
    if (viewer.type !== 'match') throw new ServiceError('forbidden', { offer: { key: 'applying.error.candidatesOnly' } });
    return viewer;
  }
  return {
    /** Save an offer a candidate may see (drafts and paused offers are not-found, like on their page). */
    async save(viewer: Viewer, slug: string): Promise<{ offerId: number; slug: string; title: string }> {
      const v = candidate(viewer);
      const row = await offerBySlug(db, slug);
      const state = row ? stateOf(row, now()) : 'draft';
      if (!row || state === 'draft' || state === 'paused') throw new ServiceError('not-found');
      await saveOffer(db, v.id, row.id, now());
      return { offerId: row.id, slug: row.slug, title: row.title };
    },
    /** Remove a saved offer (removing one not saved is done already). */
    async remove(viewer: Viewer, offerId: number): Promise<void> {
      const v = candidate(viewer);
      if (isId(offerId)) await unsaveOffer(db, v.id, offerId);
    },
    /** One page of the candidate's saved offers, open ones and the others apart, and the next page's cursor. */
    async list(viewer: Viewer, cursor?: string | null): Promise<{ open: SavedOffer[]; closed: SavedOffer[]; next: string | null }> {
      const v = candidate(viewer);
      const rows = await savedOffersOf(db, v.id, SAVED_PER_PAGE + 1, readCursor(cursor));
      const at = now();
      const items: SavedOffer[] = rows.slice(0, SAVED_PER_PAGE).map((r) => ({
        offerId: r.offer_id,
        slug: r.slug,
        title: r.title,
        company: r.company_name,
        state: stateOf(r, at),
        savedAt: toDate(r.created_at),
      }));
      return {
        open: items.filter((i) => i.state === 'open'),
        closed: items.filter((i) => i.state !== 'open'),
        next: rows.length > SAVED_PER_PAGE ? cursorOf(items[items.length - 1]!) : null,
      };
    },
  };
}
export type SavedOffersService = ReturnType<typeof createSavedOffersService>;
