import 'server-only';
import { type Kysely, type Transaction } from 'kysely';
import { countries, englishLevels, modalities, roles, seniorities, skills } from '../../domain/catalog';
import { levelOf } from '../../domain/learning';
import { slugify } from '../../domain/slug';
import { hashPassword } from '../accounts/password';
import type { Database } from '../db/client';
import type { DB } from '../db/schema';
import { takeSetupLock } from '../db/setup-lock';
import {
  COUNTRY_LEVEL,
  CO_A,
  CO_B,
  FIRST,
  LAST,
  ROLE_BASE,
  ROLE_SKILLS,
  SENIORITY_FACTOR,
  demoCompanyProfile,
  demoOfferDescription,
  mulberry32,
  SENIORITY_SHORT_ES,
  spanishLabel,
} from '../db/demo-vocabulary';
import { DEFAULT_FX, ensureFxRates } from '../salaries/data/default-fx';
import { refreshCertifiedUntil } from '../learning/data/learning';

// A demo world for a fresh install (decision 009): companies, offers, candidates, certifications and salary reports, all flagged is_demo so pages can label them. Deterministic (seeded
// random numbers) and idempotent: a database that has demo companies is left alone.
export const DEMO_ACCOUNTS = {
  candidate: { email: 'candidata@demo.tandem.example', password: 'tandem-demo-2026', name: 'Ana', last_name: 'Demo' },
  company: {
    email: 'empresa@demo.tandem.example',
    password: 'tandem-demo-2026',
    name: 'Luis',
    last_name: 'Demo',
    company: 'Andes Digital (demo)',
  },
} as const;

/** FX rates (local units per USD) used by the demo data and as the initial FX table. */
export const DEMO_SIZES = {
  companies: 60,
  offers: 400,
  candidates: 800,
  certifications: 300,
  salaryReports: 20_000,
} as const;

async function insertChunks<T extends Extract<keyof DB, string>>(
  trx: Transaction<DB> | Kysely<DB>,
  table: T,
  rows: Record<string, unknown>[],
  size = 400,
) {
  for (let i = 0; i < rows.length; i += size) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

async function isSeeded(db: Kysely<DB>): Promise<boolean> {
  return !!(await db.selectFrom('companies').select('id').where('is_demo', '=', 1).limit(1).executeTakeFirst());
}

/** Seed the demo world unless it is there. Safe when several processes start at once. */
export async function seedDemoData(database: Database, log: (m: string) => void = console.log): Promise<boolean> {
  const { db } = database;
  if (await isSeeded(db)) return false;
  // Hash outside the transaction (slow on purpose), then write everything in one transaction that first
  // takes the database's write lock, so a second process waits and then finds the data there.
  const candidateHash = await hashPassword(DEMO_ACCOUNTS.candidate.password);
  const companyHash = await hashPassword(DEMO_ACCOUNTS.company.password);
  const started = Date.now();
  const seeded = await db.transaction().execute(async (trx) => {
    await takeSetupLock(trx, database.dialect, 'demoSeed');
    if (await isSeeded(trx)) return false;
    const rand = mulberry32(20261122);
    const pick = <X>(xs: readonly X[]): X => xs[Math.floor(rand() * xs.length)]!;
    const between = (a: number, b: number) => Math.floor(a + rand() * (b - a + 1));
    const normal = () => Math.sqrt(-2 * Math.log(rand() || 1e-9)) * Math.cos(2 * Math.PI * rand());
    const now = new Date('2026-11-01T12:00:00Z').getTime();
    const daysAgo = (d: number) => new Date(now - d * 86_400_000).toISOString();
    // The demo accounts are active, so they have confirmed their (example) addresses.
    const confirmedAt = new Date(now).toISOString();
    // Offers are dated from the day of seeding (midnight UTC), not the fixed demo date: a 60-day offer from a
    // fixed date would have expired on every install made two months later, leaving the job search empty.
    const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const offerDaysAgo = (d: number) => new Date(today - d * 86_400_000).toISOString();
    const rate = (cur: string) => DEFAULT_FX.rates[cur as keyof typeof DEFAULT_FX.rates];

    await ensureFxRates(trx);

    // Companies and their demo users.
    const companyRows = Array.from({ length: DEMO_SIZES.companies }, (_, i) => {
      const name =
        i === 0 ? DEMO_ACCOUNTS.company.company : `${CO_A[i % CO_A.length]!} ${CO_B[Math.floor(i / CO_A.length) % CO_B.length]!} (demo)`;
      return {
        name,
        slug: `${slugify(name)}-${i + 1}`,
        website: `https://${slugify(name)}.example`,
        size: pick(['1-10', '11-50', '51-200', '201-1000']),
        country: pick(countries).id,
        perks: JSON.stringify(demoCompanyProfile(i).perks),
        tech_stack: JSON.stringify(demoCompanyProfile(i).stack),
        is_demo: 1,
      };
    });
    await insertChunks(trx, 'companies', companyRows);
    const companyIds = (await trx.selectFrom('companies').select('id').where('is_demo', '=', 1).orderBy('id').execute()).map((r) => r.id);
    const hire = await trx
      .insertInto('users')
      .values({
        email: DEMO_ACCOUNTS.company.email,
        password_hash: companyHash,
        account_type: 'hire',
        name: DEMO_ACCOUNTS.company.name,
        last_name: DEMO_ACCOUNTS.company.last_name,
        profile_slug: 'luis-demo-empresa',
        user_status: 'active',
        email_confirmed_at: confirmedAt,
        is_demo: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('company_users').values({ company_id: companyIds[0]!, user_id: hire.id }).execute();

    // Offers.
    const offerRows = Array.from({ length: DEMO_SIZES.offers }, (_, i) => {
      const role = pick(roles);
      const country = pick(countries);
      const seniority = pick(seniorities).id;
      const modality = pick(modalities).id;
      const usd = ROLE_BASE[role.id]! * COUNTRY_LEVEL[country.id]! * SENIORITY_FACTOR[seniority];
      const minUsd = Math.round((usd * (0.85 + rand() * 0.1)) / 50) * 50;
      const maxUsd = Math.round((minUsd * (1.15 + rand() * 0.25)) / 50) * 50;
      const fx = rate(country.currency);
      const status = i % 10 === 9 ? 'closed' : i % 25 === 24 ? 'expired' : 'published';
      const published = between(0, 55);
      const title = `${role.label.es} ${seniority === 'junior' ? 'Junior' : seniority === 'senior' ? 'Senior' : 'Semi Senior'}`;
      return {
        slug: `${slugify(title)}-${slugify(country.label.es)}-${i + 1}`,
        company_id: pick(companyIds),
        title,
        area: role.area,
        role: role.id,
        seniority,
        english: pick(englishLevels).id,
        modality,
        country: country.id,
        city: null,
        description: '',
        salary_min: Math.round(minUsd * fx),
        salary_max: Math.round(maxUsd * fx),
        currency: country.currency,
        period: 'month' as const,
        salary_min_usd_month: minUsd,
        salary_max_usd_month: maxUsd,
        status,
        published_at: offerDaysAgo(published),
        valid_through: offerDaysAgo(published - 60),
        is_demo: 1,
      };
    });
    for (const o of offerRows) o.description = demoOfferDescription(o, spanishLabel);
    await insertChunks(trx, 'offers', offerRows);
    const offers = await trx.selectFrom('offers').select(['id', 'role']).where('is_demo', '=', 1).orderBy('id').execute();
    await insertChunks(
      trx,
      'offer_skills',
      offers.flatMap((o) =>
        [...new Set([pick(ROLE_SKILLS[o.role]!), pick(ROLE_SKILLS[o.role]!)])].map((skill, k) => ({
          offer_id: o.id,
          skill,
          required: k === 0 ? 1 : 0,
        })),
      ),
    );

    // Candidates (demo profiles cannot sign in: no password), plus the demo candidate account.
    const candidateRows = Array.from({ length: DEMO_SIZES.candidates }, (_, i) => {
      const name = pick(FIRST);
      const last = `${pick(LAST)} ${pick(LAST)}`;
      return {
        email: `candidato${i + 1}@demo.tandem.example`,
        password_hash: null as string | null,
        account_type: 'match',
        name,
        last_name: last,
        profile_slug: `${slugify(`${name} ${last}`)}-${i + 1}`,
        user_status: 'active',
        email_confirmed_at: confirmedAt,
        is_demo: 1,
      };
    });
    candidateRows.unshift({
      email: DEMO_ACCOUNTS.candidate.email,
      password_hash: candidateHash,
      account_type: 'match',
      name: DEMO_ACCOUNTS.candidate.name,
      last_name: DEMO_ACCOUNTS.candidate.last_name,
      profile_slug: 'ana-demo',
      user_status: 'active',
      email_confirmed_at: confirmedAt,
      is_demo: 1,
    });
    await insertChunks(trx, 'users', candidateRows);
    const candidates = await trx
      .selectFrom('users')
      .select('id')
      .where('account_type', '=', 'match')
      .where('is_demo', '=', 1)
      .orderBy('id')
      .execute();
    const profiles = candidates.map((c) => {
      const role = pick(roles);
      const seniority = pick(seniorities).id;
      return {
        user_id: c.id,
        role: role.id,
        seniority,
        headline: `${role.label.es} · ${SENIORITY_SHORT_ES[seniority]}`,
        country: pick(countries).id,
        years: seniority === 'junior' ? between(0, 2) : seniority === 'mid' ? between(3, 5) : between(6, 15),
        english: pick(englishLevels).id,
        salary_expectation_usd: Math.round((ROLE_BASE[role.id]! * SENIORITY_FACTOR[seniority]) / 100) * 100,
        availability: pick(['interviews', 'open-to-offers', 'not-available']),
        is_public: rand() < 0.8 ? 1 : 0,
      };
    });
    await insertChunks(trx, 'candidate_profiles', profiles);
    await insertChunks(
      trx,
      'candidate_skills',
      profiles.flatMap((p) =>
        [...new Set([pick(ROLE_SKILLS[p.role]!), pick(ROLE_SKILLS[p.role]!), pick(skills).id])].map((skill) => ({
          user_id: p.user_id,
          skill,
        })),
      ),
    );

    // Certificates of the demo candidates, for the real interviews of the content files (loaded before the
    // seed); without interviews there is nothing to certify.
    const interviews = await trx.selectFrom('interviews').select(['id', 'role']).where('active', '=', 1).orderBy('position').execute();
    const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');
    await insertChunks(
      trx,
      'certifications',
      Array.from({ length: interviews.length ? DEMO_SIZES.certifications : 0 }, (_, i) => {
        const iv = interviews[i % interviews.length]!;
        const issued = daysAgo(between(1, 300));
        const score = between(70, 100);
        const user = candidates[(i * 7) % candidates.length]!;
        return {
          slug: `cert-${iv.role}-${i + 1}`,
          user_id: user.id,
          interview_id: iv.id,
          role: iv.role,
          level: levelOf(score),
          score,
          is_demo: 1,
          issued_at: issued,
          expires_at: new Date(new Date(issued).getTime() + 730 * 86_400_000).toISOString(),
          verification_id: `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
        };
      }),
    );
    await refreshCertifiedUntil(trx);

    // Salary reports.
    const reports = Array.from({ length: DEMO_SIZES.salaryReports }, (_, i) => {
      const role = pick(roles);
      const country = pick(countries);
      const seniority = pick(seniorities).id;
      const english = pick(englishLevels).id;
      const modality = pick(modalities).id;
      const factor = (english === 'advanced' ? 1.15 : english === 'basic' ? 0.92 : 1) * (modality === 'remote-global' ? 1.25 : 1);
      const usd = Math.max(
        250,
        Math.round(ROLE_BASE[role.id]! * COUNTRY_LEVEL[country.id]! * SENIORITY_FACTOR[seniority] * factor * Math.exp(0.22 * normal())),
      );
      const local = Math.round(usd * rate(country.currency));
      return {
        source: 'tandem-demo',
        source_licence: 'demo',
        external_id: `demo-${i + 1}`,
        country: country.id,
        role: role.id,
        seniority,
        years: seniority === 'junior' ? between(0, 2) : seniority === 'mid' ? between(3, 5) : between(6, 15),
        english,
        modality,
        // Derived without new random draws, so the rest of the demo world stays as it was.
        employer: modality === 'remote-global' ? 'foreign' : 'local',
        contract: i % 3 === 0 ? 'contractor' : 'employee',
        currency: country.currency,
        amount: local,
        period: 'month' as const,
        local_month: local,
        usd_month: usd,
        is_demo: 1,
        collected_at: daysAgo(between(1, 365)),
      };
    });
    await insertChunks(trx, 'salary_reports', reports, 300);
    // The seed is the demo source's import run (the operators' salary-data section shows it, decision 075).
    await trx
      .insertInto('salary_import_runs')
      .values({ source: 'tandem-demo', file: 'demo seed', rows_read: reports.length, imported: reports.length, skipped: 0 })
      .execute();
    const reportIds = await trx.selectFrom('salary_reports').select(['id', 'role']).where('is_demo', '=', 1).orderBy('id').execute();
    await insertChunks(
      trx,
      'salary_report_skills',
      reportIds.flatMap((r) =>
        [...new Set([pick(ROLE_SKILLS[r.role]!), pick(ROLE_SKILLS[r.role]!)])].map((skill) => ({ report_id: r.id, skill })),
      ),
      500,
    );
    return true;
  });
  if (seeded)
    log(`[seed] demo data created in ${Date.now() - started} ms (${DEMO_SIZES.offers} offers, ${DEMO_SIZES.salaryReports} salary reports)`);
  return seeded;
}
