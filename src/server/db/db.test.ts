import { randomBytes } from 'node:crypto';
import type { DatabaseMetadataOptions } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgUrl, testDatabases, type TestDb } from '../../testing/databases';
import { migrateToLatest } from './migrate';
import { openDatabase, parseDatabaseUrl, type Database } from './client';
import { toDate } from './schema';

describe('DATABASE_URL', () => {
  it('defaults to the embedded SQLite file and accepts file: and postgres: URLs', () => {
    expect(parseDatabaseUrl(undefined)).toEqual({ dialect: 'sqlite', file: 'data/tandem.db' });
    expect(parseDatabaseUrl('file:/tmp/x.db')).toEqual({ dialect: 'sqlite', file: '/tmp/x.db' });
    expect(parseDatabaseUrl('postgres://u:p@h/db')).toEqual({ dialect: 'postgres', url: 'postgres://u:p@h/db' });
    expect(() => parseDatabaseUrl('mysql://x')).toThrow(/DATABASE_URL/);
  });

  it('takes a PostgreSQL schema from ?schema= off the URL, other parameters kept', () => {
    expect(parseDatabaseUrl('postgres://u:p@h/db?schema=tandem_staging')).toEqual({
      dialect: 'postgres',
      url: 'postgres://u:p@h/db',
      schema: 'tandem_staging',
    });
    expect(parseDatabaseUrl('postgresql://u:p@h:5433/db?sslmode=require&schema=t1')).toEqual({
      dialect: 'postgres',
      url: 'postgresql://u:p@h:5433/db?sslmode=require',
      schema: 't1',
    });
    expect(parseDatabaseUrl('postgres://u:p@h/db?sslmode=disable')).toEqual({
      dialect: 'postgres',
      url: 'postgres://u:p@h/db?sslmode=disable',
    });
    expect(parseDatabaseUrl('postgres://u:p@h/db')).not.toHaveProperty('schema');
  });

  it('refuses a schema that is not one plain lower-case name', () => {
    for (const bad of ['', 'Tandem', 'a-b', 'a;drop schema public', '1abc', 'x'.repeat(64), 'a,public']) {
      expect(() => parseDatabaseUrl(`postgres://u:p@h/db?schema=${encodeURIComponent(bad)}`), bad).toThrow(/schema/);
    }
    expect(() => parseDatabaseUrl('postgres://u:p@h/db?schema=a&schema=b')).toThrow(/schema/);
  });
});

// A deployment sharing a database with others: DATABASE_URL=postgres://...?schema=name keeps everything,
// the migration table included, in that schema (created when missing), and nothing in public.
// Without a server it is skipped, and its name says so (in CI the test helper refuses to skip).
const noPg = pgUrl ? '' : ' (skipped: set TEST_DATABASE_URL to run it, and every database test on PostgreSQL too)';
describe.skipIf(!pgUrl)(`DATABASE_URL ?schema= on PostgreSQL${noPg}`, () => {
  const schema = `s_${randomBytes(6).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: pgUrl });
  afterAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
  });

  it('creates the schema, migrates into it and reads from it', async () => {
    const url = `${pgUrl}${pgUrl!.includes('?') ? '&' : '?'}schema=${schema}`;
    const database = openDatabase(url, { poolSize: 2 });
    try {
      expect(database.schema).toBe(schema);
      const first = await migrateToLatest(database);
      expect(first.results?.length).toBeGreaterThan(0);
      expect((await migrateToLatest(database)).results).toEqual([]);
      await database.db.insertInto('companies').values({ name: 'Acme', slug: 'acme' }).execute();
      expect((await database.db.selectFrom('companies').select('slug').execute()).map((r) => r.slug)).toEqual(['acme']);
    } finally {
      await database.close();
    }
    const c = admin();
    await c.connect();
    try {
      const tables = await c.query<{ table_schema: string; table_name: string }>(
        `select table_schema, table_name from information_schema.tables where table_name in ('companies', 'kysely_migration') and table_schema = $1 order by table_name`,
        [schema],
      );
      expect(tables.rows.map((r) => r.table_name)).toEqual(['companies', 'kysely_migration']);
    } finally {
      await c.end();
    }
  });

  // The migrator reads the columns of every schema before it runs anything; another session dropping a
  // schema or adding a column meanwhile fails that read. Here the first two reads fail as such a race does.
  it('migrates when another session changes the catalog during its set-up (the read is tried again)', async () => {
    const other = `s_${randomBytes(6).toString('hex')}`;
    const database = openDatabase(`${pgUrl}${pgUrl!.includes('?') ? '&' : '?'}schema=${other}`, { poolSize: 2 });
    try {
      const reads = { n: 0 };
      const racing = failingCatalogReads(database, reads, 2, '3F000');
      const result = await migrateToLatest(racing);
      // Two failed attempts, then the third reads twice (the migration table, then its lock table).
      expect(reads.n).toBe(4);
      expect(result.results?.length).toBeGreaterThan(0);
    } finally {
      await database.close();
      const c = admin();
      await c.connect();
      await c.query(`drop schema if exists ${other} cascade`);
      await c.end();
    }
  });

  it('does not try again after an error that is not such a race', async () => {
    const database = openDatabase(pgUrl, { poolSize: 1 });
    try {
      const reads = { n: 0 };
      const broken = failingCatalogReads(database, reads, 5, '42501');
      await expect(migrateToLatest(broken)).rejects.toThrow(/Migration unknown failed: catalog read refused/);
      expect(reads.n).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('probes its health many times over one connection without piling up listeners on it', async () => {
    const database = openDatabase(pgUrl, { poolSize: 1 });
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 15; i++) await database.probe!();
      await new Promise((r) => setImmediate(r));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
      await database.close();
    }
  });
});

describe.each(testDatabases)('schema on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t?.cleanup());

  const user = (email: string, extra: Record<string, unknown> = {}) =>
    t.db
      .insertInto('users')
      .values({ email, account_type: 'match', name: 'Ana', password_hash: 'x', ...extra })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('migrates idempotently', async () => {
    const again = await migrateToLatest(t);
    expect(again.results).toEqual([]);
  });

  it('keeps emails unique whatever their case', async () => {
    await user('Ana@Example.com');
    await expect(user('ana@example.COM')).rejects.toThrow();
    const row = await t.db
      .selectFrom('users')
      .select(['email', 'created_at', 'user_status'])
      .where('email', '=', 'Ana@Example.com')
      .executeTakeFirstOrThrow();
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
      slug: 'dev',
      company_id: company.id,
      title: 'Dev',
      area: 'tech',
      role: 'backend',
      seniority: 'mid',
      modality: 'hybrid',
      country: 'peru',
      description: 'x',
      currency: 'PEN',
      period: 'month' as const,
      salary_min_usd_month: 1000,
      salary_max_usd_month: 2000,
    };
    await expect(
      t.db
        .insertInto('offers')
        .values({ ...offer, salary_min: 5000, salary_max: 4000 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db
        .insertInto('offers')
        .values({ ...offer, salary_min: 0, salary_max: 4000 })
        .execute(),
    ).rejects.toThrow();
    const { id: offerId } = await t.db
      .insertInto('offers')
      .values({ ...offer, salary_min: 4000, salary_max: 6000 })
      .returning('id')
      .executeTakeFirstOrThrow();
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

/** The database with its catalog reader (the migrator's list of every schema's tables) failing its first
 * `times` reads with a PostgreSQL error `code`; `reads` counts them. */
function failingCatalogReads(database: Database, reads: { n: number }, times: number, code: string): Database {
  const db = new Proxy(database.db, {
    get(target, key) {
      if (key !== 'introspection') {
        // Read on the Kysely instance itself: its private fields are not the proxy's.
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      const inner = target.introspection;
      return {
        getSchemas: () => inner.getSchemas(),
        getTables: (o?: DatabaseMetadataOptions) => {
          if (++reads.n <= times) return Promise.reject(Object.assign(new Error('catalog read refused'), { code }));
          return inner.getTables(o);
        },
      };
    },
  });
  return { ...database, db };
}
