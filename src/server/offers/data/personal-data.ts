import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The offers domain's part of a person's data export (decision 072). A candidate's applications with what
// they sent and how each moved (who moved it, the company's notes, ratings and internal rejection reason
// are the company's own and stay out), and their saved offers. A company member's company and, for an
// owner, its offers.
export async function candidateOffersData(db: Kysely<DB>, userId: number) {
  const applications = await db
    .selectFrom('applications as a')
    .innerJoin('offers as o', 'o.id', 'a.offer_id')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .select([
      'a.id',
      'a.offer_id',
      'o.title as offer_title',
      'o.slug as offer_slug',
      'c.name as company_name',
      'a.status',
      'a.cover_note',
      'a.rejection_message',
      'a.created_at',
      'a.updated_at',
    ])
    .where('a.candidate_id', '=', userId)
    .orderBy('a.id')
    .execute();
  const ids = applications.map((a) => a.id);
  const answers = ids.length
    ? await db
        .selectFrom('application_answers')
        .select(['application_id', 'position', 'question', 'answer'])
        .where('application_id', 'in', ids)
        .orderBy('application_id')
        .orderBy('position')
        .execute()
    : [];
  const events = ids.length
    ? await db
        .selectFrom('application_events')
        .select(['application_id', 'kind', 'from_status', 'to_status', 'at'])
        .where('application_id', 'in', ids)
        .where('kind', 'in', ['moved', 'rejected'])
        .orderBy('id')
        .execute()
    : [];
  const saved = await db
    .selectFrom('saved_offers as s')
    .innerJoin('offers as o', 'o.id', 's.offer_id')
    .select(['s.offer_id', 'o.title', 'o.slug', 's.created_at'])
    .where('s.candidate_id', '=', userId)
    .orderBy('s.created_at')
    .execute();
  return {
    applications: applications.map((a) => ({
      ...a,
      answers: answers.filter((x) => x.application_id === a.id).map(({ application_id: _, ...x }) => x),
      history: events.filter((e) => e.application_id === a.id).map(({ application_id: _, ...e }) => e),
    })),
    savedOffers: saved,
  };
}

export async function memberCompanyData(db: Kysely<DB>, userId: number) {
  const memberships = await db
    .selectFrom('company_users as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select([
      'm.role',
      'm.joined_at',
      'c.id',
      'c.name',
      'c.slug',
      'c.website',
      'c.size',
      'c.country',
      'c.location',
      'c.description',
      'c.logo_path',
      'c.created_at',
    ])
    .where('m.user_id', '=', userId)
    .execute();
  const owned = memberships.filter((m) => m.role === 'owner').map((m) => m.id);
  const offers = owned.length
    ? await db
        .selectFrom('offers')
        .select([
          'id',
          'company_id',
          'slug',
          'title',
          'area',
          'role',
          'seniority',
          'modality',
          'country',
          'city',
          'description',
          'salary_min',
          'salary_max',
          'currency',
          'period',
          'status',
          'published_at',
          'created_at',
        ])
        .where('company_id', 'in', owned)
        .orderBy('id')
        .execute()
    : [];
  return { companies: memberships, offers };
}
