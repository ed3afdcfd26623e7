import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgUrl, testDatabases, type TestDb } from '../../testing/databases';
import { migrateToLatest } from './migrate';
import { parseDatabaseUrl } from './client';
import { toDate } from './schema';

describe('DATABASE_URL', () => {
  it('defaults to the embedded SQLite file and accepts file: and postgres: URLs', () => {
    expect(parseDatabaseUrl(undefined)).toEqual({ dialect: 'sqlite', file: 'data/tandem.db' });
    expect(parseDatabaseUrl('file:/tmp/x.db')).toEqual({ dialect: 'sqlite', file: '/tmp/x.db' });
    expect(parseDatabaseUrl('postgres://u:p@h/db')).toEqual({ dialect: 'postgres', url: 'postgres://u:p@h/db' });
    expect(() => parseDatabaseUrl('mysql://x')).toThrow(/DATABASE_URL/);
  });
});

// Without a server the PostgreSQL half is skipped, and says so (in CI the test helper refuses to skip).
if (!pgUrl) {
  describe('PostgreSQL', () => {
    it.skip('skipped: set TEST_DATABASE_URL to run every database test on PostgreSQL too', () => {});
  });
}

describe.each(testDatabases)('schema on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t?.cleanup());

  const user = (email: string, extra: Record<string, unknown> = {}) =>
    t.db.insertInto('users').values({ email, account_type: 'match', name: 'Ana', password_hash: 'x', ...extra }).returning('id').executeTakeFirstOrThrow();

  it('migrates idempotently', async () => {
    const again = await migrateToLatest(t);
    expect(again.results).toEqual([]);
  });

  it('keeps emails unique whatever their case', async () => {
    await user('Ana@Example.com');
    await expect(user('ana@example.COM')).rejects.toThrow();
    const row = await t.db.selectFrom('users').select(['email', 'created_at', 'user_status']).where('email', '=', 'Ana@Example.com').executeTakeFirstOrThrow();
    expect(row.user_status).toBe('pending-confirmation');
    expect(toDate(row.created_at)!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('rejects values outside the domain', async () => {
    await expect(user('x@example.com', { account_type: 'admin' })).rejects.toThrow();
    await expect(user('y@example.com', { user_status: 'deleted' })).rejects.toThrow();
  });

  it('enforces foreign keys, salary ranges and one application per candidate and offer', async () => {
    const { id: userId } = await user('cand@example.com');
    const company = await t.db.insertInto('companies').values({ name: 'Acme', slug: 'acme' }).returning('id').executeTakeFirstOrThrow();
    const offer = {
      slug: 'dev', company_id: company.id, title: 'Dev', area: 'tech', role: 'backend', seniority: 'mid', modality: 'hybrid',
      country: 'peru', description: 'x', currency: 'PEN', period: 'month' as const, salary_min_usd_month: 1000, salary_max_usd_month: 2000,
    };
    await expect(t.db.insertInto('offers').values({ ...offer, salary_min: 5000, salary_max: 4000 }).execute()).rejects.toThrow();
    await expect(t.db.insertInto('offers').values({ ...offer, salary_min: 0, salary_max: 4000 }).execute()).rejects.toThrow();
    const { id: offerId } = await t.db.insertInto('offers').values({ ...offer, salary_min: 4000, salary_max: 6000 }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('applications').values({ offer_id: offerId, candidate_id: userId }).execute();
    await expect(t.db.insertInto('applications').values({ offer_id: offerId, candidate_id: userId }).execute()).rejects.toThrow();
    await expect(t.db.insertInto('applications').values({ offer_id: 999_999, candidate_id: userId }).execute()).rejects.toThrow();
  });

  it('stores parameters, never SQL', async () => {
    const evil = "x'); drop table users; --@example.com";
    await user(evil);
    const found = await t.db.selectFrom('users').select('email').where('email', '=', evil).executeTakeFirst();
    expect(found?.email).toBe(evil);
  });
});
