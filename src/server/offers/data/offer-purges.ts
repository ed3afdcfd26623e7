import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import type { OfferFacets } from '../../../domain/page-purge';
import type { DB } from '../../db/schema';
import { toDate } from '../../db/schema';

type Q = Kysely<DB> | Transaction<DB>;

/** An offer as a purge needs it (decision 058): its page, its company's page and the facets lists filter by. */
export type OfferForPurge = {
  slug: string;
  companySlug: string;
  status: string;
  validThrough: Date | null;
  facets: OfferFacets;
};

/** Some offers by id, or all of one company's, with their skills and allowed countries. */
export async function offersForPurge(db: Q, where: { ids: number[] } | { companyId: number }): Promise<OfferForPurge[]> {
  if ('ids' in where && where.ids.length === 0) return [];
  let q = db
    .selectFrom('offers as o')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .select([
      'o.id',
      'o.slug',
      'o.status',
      'o.valid_through',
      'o.area',
      'o.role',
      'o.seniority',
      'o.modality',
      'o.english',
      'o.country',
      'c.slug as company_slug',
    ]);
  q = 'ids' in where ? q.where('o.id', 'in', where.ids) : q.where('o.company_id', '=', where.companyId);
  const rows = await q.execute();
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [skills, countries] = await Promise.all([
    db.selectFrom('offer_skills').select(['offer_id', 'skill']).where('offer_id', 'in', ids).execute(),
    db.selectFrom('offer_countries').select(['offer_id', 'country']).where('offer_id', 'in', ids).execute(),
  ]);
  const by = (list: { offer_id: number }[]) => {
    const m = new Map<number, typeof list>();
    for (const x of list) m.set(x.offer_id, [...(m.get(x.offer_id) ?? []), x]);
    return m;
  };
  const skillsOf = by(skills) as Map<number, typeof skills>;
  const countriesOf = by(countries) as Map<number, typeof countries>;
  return rows.map((r) => ({
    slug: r.slug,
    companySlug: r.company_slug,
    status: r.status,
    validThrough: toDate(r.valid_through),
    facets: {
      area: r.area,
      role: r.role,
      seniority: r.seniority,
      modality: r.modality,
      english: r.english,
      country: r.country,
      skills: (skillsOf.get(r.id) ?? []).map((s) => s.skill),
      countries: (countriesOf.get(r.id) ?? []).map((c) => c.country),
    },
  }));
}
