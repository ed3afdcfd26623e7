import 'server-only';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { foldName } from '../db/migrations/044-company-directory';
import { decodeCursor, encodeCursor, keyId, readPage } from '../db/keyset';
import type { DB } from '../db/schema';
import { directoryCompanies, openOfferCounts } from './data/company-directory';

// The companies directory (decision 087): every company with a public page, by name (folded: case and
// accents do not matter), a keyset page at a time; a search keeps the names that contain its text. Each
// card counts its company's open offers, read for the page's companies only.

const DIRECTORY_PER_PAGE = 24;
/** The longest search text the directory takes (the page says so past it). */
export const DIRECTORY_Q_MAX = 80;

export type DirectoryCompany = {
  id: number;
  slug: string;
  name: string;
  logo: string | null;
  size: string | null;
  country: string | null;
  location: string | null;
  openOffers: number;
  isDemo: boolean;
};

export type CompanyDirectoryPage = {
  items: DirectoryCompany[];
  /** The position of the first item (1-based; 0 when there are none). */
  from: number;
  /** The next page's cursor, or null on the last page. */
  next: string | null;
};

const CURSOR_KEY = z.tuple([keyId]);

export async function companyDirectory(
  db: Kysely<DB>,
  now: Date,
  input: { q?: string; cursor?: string | null; perPage?: number },
): Promise<CompanyDirectoryPage> {
  const perPage = Math.min(Math.max(1, input.perPage ?? DIRECTORY_PER_PAGE), 100);
  // Control characters never reach the database (PostgreSQL refuses a NUL byte in text).
  const folded = foldName(
    (input.q ?? '')
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .trim()
      .slice(0, DIRECTORY_Q_MAX),
  );
  const cursor = decodeCursor(input.cursor, CURSOR_KEY);
  const { after, rows } = await readPage(cursor, (key) =>
    directoryCompanies(db, { folded: folded || undefined, afterId: key?.[0], limit: perPage + 1 }),
  );
  const shown = rows.slice(0, perPage);
  const counts = await openOfferCounts(
    db,
    shown.map((r) => r.id),
    now,
  );
  const seen = after?.seen ?? 0;
  const last = shown[shown.length - 1];
  return {
    items: shown.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      logo: r.logo_path,
      size: r.size,
      country: r.country,
      location: r.location,
      openOffers: counts.get(r.id) ?? 0,
      isDemo: r.is_demo === 1,
    })),
    from: shown.length ? seen + 1 : 0,
    next: rows.length > perPage && last ? encodeCursor({ key: [last.id], seen: seen + shown.length }) : null,
  };
}
