// A small marketplace world for integration tests: companies with a user, candidates, offers. Rows are
// written directly (no service rules), so a test states exactly the situation it needs.
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../server/db/schema';

let seq = 0;
const next = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

export async function addUser(db: Kysely<DB>, type: 'match' | 'hire', name = 'Test'): Promise<number> {
  const n = next();
  const now = new Date();
  const row = await db
    .insertInto('users')
    .values({
      email: `${name.toLowerCase()}-${n}@example.com`,
      password_hash: null,
      account_type: type,
      name,
      last_name: 'User',
      profile_slug: `${name.toLowerCase()}-${n}`,
      is_demo: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (type === 'match') await db.insertInto('candidate_profiles').values({ user_id: row.id, is_public: 0, updated_at: now }).execute();
  return row.id;
}

export async function addCompany(db: Kysely<DB>, name = 'Acme'): Promise<{ companyId: number; userId: number }> {
  const userId = await addUser(db, 'hire', name);
  const company = await db
    .insertInto('companies')
    .values({ name, slug: `${name.toLowerCase()}-${next()}`, is_demo: 0, created_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('company_users').values({ company_id: company.id, user_id: userId }).execute();
  return { companyId: company.id, userId };
}

type OfferInput = Partial<Insertable<DB['offers']>>;

/** An open offer (published yesterday, valid for 59 more days) unless the overrides say otherwise. */
export async function addOffer(
  db: Kysely<DB>,
  companyId: number,
  o: OfferInput = {},
  skills: { skill: string; required?: boolean }[] = [],
  countries: string[] = [],
): Promise<{ id: number; slug: string }> {
  const day = 86_400_000;
  const now = Date.now();
  const values = {
    slug: `offer-${next()}`,
    company_id: companyId,
    title: 'Backend Developer',
    area: 'tech',
    role: 'backend',
    seniority: 'mid',
    english: null,
    modality: 'remote-global',
    country: 'peru',
    city: null,
    employment_type: 'full-time',
    description: 'Buscamos **backend**.',
    salary_min: 2000,
    salary_max: 3000,
    currency: 'USD',
    period: 'month',
    gross: 1,
    salary_min_usd_month: 2000,
    salary_max_usd_month: 3000,
    status: 'published',
    published_at: new Date(now - day),
    valid_through: new Date(now + 59 * day),
    is_demo: 0,
    created_at: new Date(now - day),
    updated_at: new Date(now - day),
    ...o,
  };
  const row = await db
    .insertInto('offers')
    .values(values as any)
    .returning(['id', 'slug'])
    .executeTakeFirstOrThrow();
  if (skills.length)
    await db
      .insertInto('offer_skills')
      .values(skills.map((s) => ({ offer_id: row.id, skill: s.skill, required: s.required === false ? 0 : 1 })))
      .execute();
  if (countries.length)
    await db
      .insertInto('offer_countries')
      .values(countries.map((country) => ({ offer_id: row.id, country })))
      .execute();
  return row;
}
