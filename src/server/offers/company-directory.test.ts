import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addCompany, addOffer } from '../../testing/marketplace';
import { encodeCursor } from '../db/keyset';
import { foldName } from '../db/migrations/044-company-directory';
import { companyDirectory, type CompanyDirectoryPage } from './company-directory';
import { directoryQuery } from './data/company-directory';
import { createJobSearchService } from './job-search-service';

// The companies directory (decision 087): by folded name, a keyset page at a time, each public company once;
// a search by a part of the name ignores case and accents; blocked and leaving companies are left out;
// the open offers are counted per card; bad cursors give the first page; the order is read from its index.
const BAD = ['', 'garbage!', 'eyJrIjpbXX0', encodeCursor({ key: ['no'], seen: 0 }), 'x'.repeat(2000)];
const NAMES = ['Ácme Ñandú', 'acme norte', 'Zeta Labs', 'Beta 100%', 'Émile & Co', 'Óptica_Sur'];

describe.each(testDatabases)('companies directory on %s', (name, open) => {
  let t: TestDb;
  const now = new Date();
  const ids: Record<string, number> = {};
  const read = (input: { q?: string; cursor?: string | null; perPage?: number }) => companyDirectory(t.db, now, input);
  const names = (p: CompanyDirectoryPage) => p.items.map((i) => i.name);

  beforeAll(async () => {
    t = await open();
    for (const n of NAMES) ids[n] = (await addCompany(t.db, n)).companyId;
    for (let i = 0; i < 31; i++) ids[`Filler ${i}`] = (await addCompany(t.db, `Filler ${String(i).padStart(2, '0')}`)).companyId;
    // Hidden: a member blocked by an operator; the only owner deleting the account; a company deleted.
    const blocked = await addCompany(t.db, 'Bloqueada');
    await t.db.updateTable('users').set({ user_status: 'suspended' }).where('id', '=', blocked.userId).execute();
    const leaving = await addCompany(t.db, 'Saliente');
    await t.db.updateTable('users').set({ deletion_requested_at: now }).where('id', '=', leaving.userId).execute();
    const closed = await addCompany(t.db, 'Cerrada');
    await t.db.deleteFrom('companies').where('id', '=', closed.companyId).execute();
    await t.db.updateTable('companies').set({ is_demo: 1 }).where('id', '=', ids['Zeta Labs']!).execute();
    const day = 86_400_000;
    await addOffer(t.db, ids['Beta 100%']!);
    await addOffer(t.db, ids['Beta 100%']!);
    await addOffer(t.db, ids['Beta 100%']!, { status: 'closed' });
    await addOffer(t.db, ids['Beta 100%']!, { valid_through: new Date(now.getTime() - day) });
  });
  afterAll(() => t.cleanup());

  it('walks every public company exactly once, by folded name then id, leaving hidden ones out', async () => {
    const pages: CompanyDirectoryPage[] = [];
    for (let cursor: string | null = null, guard = 0; guard < 20; guard++) {
      const page: CompanyDirectoryPage = await read({ cursor, perPage: 7 });
      pages.push(page);
      if (!page.next) break;
      cursor = page.next;
    }
    expect(pages.map((p) => p.items.length)).toEqual([7, 7, 7, 7, 7, 2]);
    expect(pages.map((p) => p.from)).toEqual([1, 8, 15, 22, 29, 36]);
    const all = pages.flatMap(names);
    expect(new Set(all).size).toBe(37);
    expect(all).not.toEqual(expect.arrayContaining(['Bloqueada']));
    expect(all.some((n) => ['Bloqueada', 'Saliente', 'Cerrada'].includes(n))).toBe(false);
    const folded = all.map(foldName);
    expect(folded).toEqual([...folded].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(all.slice(0, 3)).toEqual(['Ácme Ñandú', 'acme norte', 'Beta 100%']);
  });

  it('searches a part of the name whatever its case and accents; wildcards are plain characters', async () => {
    expect(names(await read({ q: 'ACME' }))).toEqual(['Ácme Ñandú', 'acme norte']);
    expect(names(await read({ q: '  nandu ' }))).toEqual(['Ácme Ñandú']);
    expect(names(await read({ q: 'ÑANDÚ' }))).toEqual(['Ácme Ñandú']);
    expect(names(await read({ q: 'emile' }))).toEqual(['Émile & Co']);
    expect(names(await read({ q: '100%' }))).toEqual(['Beta 100%']);
    expect(names(await read({ q: '%' }))).toEqual(['Beta 100%']);
    expect(names(await read({ q: '_' }))).toEqual(['Óptica_Sur']);
    expect(names(await read({ q: 'saliente' }))).toEqual([]);
    expect(names(await read({ q: 'zeta\u0000' }))).toEqual(['Zeta Labs']);
    const none = await read({ q: 'nothing like it' });
    expect(none).toEqual({ items: [], from: 0, next: null });
    const first = await read({ q: 'filler', perPage: 30 });
    expect(first.items).toHaveLength(30);
    expect(names(await read({ q: 'filler', perPage: 30, cursor: first.next }))).toEqual(['Filler 30']);
  });

  it('counts open offers per card and labels demo companies', async () => {
    const { items } = await read({ q: 'beta' });
    expect(items[0]).toMatchObject({ name: 'Beta 100%', openOffers: 2, isDemo: false });
    expect((await read({ q: 'zeta' })).items[0]).toMatchObject({ openOffers: 0, isDemo: true });
  });

  it('gives the first page for a bad, foreign or stale cursor', async () => {
    const first = names(await read({ perPage: 5 }));
    for (const cursor of BAD) expect(names(await read({ cursor, perPage: 5 }))).toEqual(first);
    const gone = await addCompany(t.db, 'Zz Gone');
    const stale = encodeCursor({ key: [gone.companyId], seen: 5 });
    await t.db.deleteFrom('companies').where('id', '=', gone.companyId).execute();
    expect(names(await read({ cursor: stale, perPage: 5 }))).toEqual(first);
  });

  it('answers no company page for a hidden company, like the directory', async () => {
    const jobs = createJobSearchService(t, () => now, { version: () => 1 });
    const slugOf = async (n: string) =>
      (await t.db.selectFrom('companies').select('slug').where('name', '=', n).executeTakeFirstOrThrow()).slug;
    expect(await jobs.company(await slugOf('Bloqueada'))).toBeNull();
    expect(await jobs.company(await slugOf('Saliente'))).toBeNull();
    expect((await jobs.company(await slugOf('Beta 100%')))?.company.name).toBe('Beta 100%');
    expect(names(await jobs.directory({ q: 'beta' }))).toEqual(['Beta 100%']);
  });

  it('reads its order and the page after a cursor from the companies_name_key index', async () => {
    for (const afterId of [undefined, ids['Filler 10']]) {
      const q = directoryQuery(t.db, { afterId, limit: 25 }).compile();
      const plan =
        name === 'sqlite'
          ? (await t.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]))).rows
              .map((r) => r.detail)
              .join('\n')
          : await t.db.transaction().execute(async (trx) => {
              // A test table is tiny: PostgreSQL would rather read all of it (or a bitmap of it) and sort. What is
              // checked is that the ordered index path exists, the one a LIMIT picks on a large table.
              await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
              await trx.executeQuery(CompiledQuery.raw('set local enable_bitmapscan = off'));
              const r = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]));
              return r.rows.map((x) => x['QUERY PLAN']).join('\n');
            });
      expect(plan).toContain('companies_name_key');
      expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
      // After a cursor, the scan starts at the cursor's place in the index (a range, not a walk from the top).
      if (afterId) expect(plan).toMatch(name === 'sqlite' ? /SEARCH c USING INDEX companies_name_key \(/ : /Index Cond: \(\(?lower\(/);
    }
  });
});
