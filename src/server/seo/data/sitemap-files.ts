import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The sitemap's stored files (decision 055): each build's files under its number, its index (`sitemap.xml`)
// written last. The current build is the highest one with an index, so a reader never sees half a build.

export const INDEX_NAME = 'sitemap.xml';

const currentBuild = (db: Kysely<DB>) =>
  db
    .selectFrom('sitemap_files')
    .select((eb) => eb.fn.max('build').as('b'))
    .where('name', '=', INDEX_NAME);

/** The number for a new build: above every stored one, finished or not. */
export async function nextSitemapBuild(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('sitemap_files')
    .select((eb) => eb.fn.max('build').as('b'))
    .executeTakeFirst();
  return Number(row?.b ?? 0) + 1;
}

export async function insertSitemapFile(
  db: Kysely<DB>,
  build: number,
  source: string,
  builtAt: Date,
  f: { name: string; gzip: Uint8Array; etag: string; size: number; urls: number; lastmod?: string },
): Promise<void> {
  await db
    .insertInto('sitemap_files')
    .values({
      build,
      name: f.name,
      gzip: f.gzip,
      etag: f.etag,
      byte_size: f.size,
      urls: f.urls,
      lastmod: f.lastmod ?? null,
      source,
      built_at: builtAt,
    })
    .execute();
}

/** Forget every other build (older ones, and any left half-written by a process that died). */
export async function dropOtherSitemapBuilds(db: Kysely<DB>, build: number): Promise<void> {
  await db.deleteFrom('sitemap_files').where('build', '<>', build).execute();
}

/** One file of the current build, or undefined (no such file, or nothing built yet). */
export function currentSitemapFile(db: Kysely<DB>, name: string) {
  return db
    .selectFrom('sitemap_files')
    .select(['build', 'name', 'gzip', 'etag', 'byte_size', 'urls'])
    .where('name', '=', name)
    .where('build', '=', currentBuild(db))
    .executeTakeFirst();
}

/** What the current build was made from and when, or undefined when nothing is built yet. */
export function currentSitemapBuild(db: Kysely<DB>) {
  return db
    .selectFrom('sitemap_files')
    .select(['build', 'source', 'built_at'])
    .where('name', '=', INDEX_NAME)
    .orderBy('build', 'desc')
    .limit(1)
    .executeTakeFirst();
}
