import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addCompany, addOffer, addUser } from '../../testing/marketplace';
import { encodeCursor } from '../db/keyset';
import { certificateByRef, refreshCertifiedUntil, revokeCertificate } from '../learning/data/learning';
import { createSalaryService } from '../salaries/salary-service';
import { createHiringService, type HiringService } from './hiring-service';

// The lists that grow, read by keyset (decision 054): more rows than a page, many sharing a timestamp, are
// each reached exactly once by following next cursors, in the order of one sorted read; a bad, foreign or
// stale cursor gives the first page; the totals are of every row.
const BAD = ['', 'garbage!', 'eyJrIjpbXX0', encodeCursor({ key: ['no', 'key'], seen: 0 }), 'x'.repeat(2000)];

describe.each(testDatabases)('keyset lists on %s', (_name, open) => {
  let t: TestDb;
  let svc: HiringService;
  const clock = new Date('2026-11-27T10:40:00Z');
  let acme: { companyId: number; userId: number };
  let offerId: number;
  const A = () => ({ id: acme.userId, type: 'hire' as const });
  const minutes = (n: number) => new Date(clock.getTime() - n * 60_000);

  /** Every page of a list, following its next cursor from the first page. */
  async function walk<P extends { next: string | null }>(read: (cursor: string | null) => Promise<P>) {
    const pages: P[] = [];
    for (let cursor: string | null = null, guard = 0; guard < 50; guard++) {
      const page: P = await read(cursor);
      pages.push(page);
      if (!page.next) break;
      cursor = page.next;
    }
    return pages;
  }

  beforeAll(async () => {
    t = await open();
    svc = createHiringService(t, { salaries: async () => createSalaryService(t), now: () => clock });
    acme = await addCompany(t.db, 'Acme');
  });
  afterAll(() => t.cleanup());

  it("pages an offer's 123 applicants 30 at a time, each once, newest first, with counts of all of them", async () => {
    offerId = (await addOffer(t.db, acme.companyId, { slug: `keyset-${Date.now()}`, title: 'Keyset' })).id;
    for (let i = 0; i < 123; i++) {
      const user = await addUser(t.db, 'match', `Ap${i}`);
      // Groups of five share their timestamp: the id breaks the tie.
      const at = minutes(Math.floor(i / 5));
      await t.db
        .insertInto('applications')
        .values({ offer_id: offerId, candidate_id: user, status: i % 10 === 0 ? 'placed' : 'sent', created_at: at, updated_at: at })
        .execute();
    }
    const pages = await walk((cursor) => svc.applicants(A(), offerId, cursor));
    expect(pages.map((p) => p.applicants.length)).toEqual([30, 30, 30, 30, 3]);
    expect(pages.map((p) => p.from)).toEqual([1, 31, 61, 91, 121]);
    expect(pages.every((p) => p.total === 123)).toBe(true);
    expect(pages[0]!.byStatus).toEqual({ sent: 110, placed: 13 });
    const ids = pages.flatMap((p) => p.applicants.map((a) => a.id));
    const sorted = await t.db
      .selectFrom('applications')
      .select('id')
      .where('offer_id', '=', offerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(ids).toEqual(sorted.map((r) => r.id));
    for (const bad of BAD) {
      const page = await svc.applicants(A(), offerId, bad);
      expect(page.from, bad).toBe(1);
      expect(page.applicants.map((a) => a.id)).toEqual(ids.slice(0, 30));
    }
    // A cursor of another list (the candidates' key has three parts) is no cursor here either.
    expect((await svc.applicants(A(), offerId, encodeCursor({ key: [1, clock.toISOString(), 5], seen: 20 }))).from).toBe(1);
    // A well-formed cursor past the last row (its rows gone meanwhile) gives the first page, not an empty one.
    const past = await svc.applicants(A(), offerId, encodeCursor({ key: ['2000-01-01T00:00:00.000Z', 1], seen: 150 }));
    expect(past.applicants.map((a) => a.id)).toEqual(ids.slice(0, 30));
  });

  it("pages a company's 57 offers 30 at a time, last changed first, each once, with their applicant counts", async () => {
    const big = await addCompany(t.db, 'Big');
    for (let i = 0; i < 57; i++) {
      const at = minutes(Math.floor(i / 4));
      await addOffer(t.db, big.companyId, { slug: `big-${i}-${Date.now()}`, title: `Oferta ${i}`, updated_at: at, created_at: at });
    }
    const B = () => ({ id: big.userId, type: 'hire' as const });
    const pages = await walk((cursor) => svc.offers(B(), cursor));
    expect(pages.map((p) => p.offers.length)).toEqual([30, 27]);
    expect(pages.map((p) => p.total)).toEqual([57, 57]);
    const titles = pages.flatMap((p) => p.offers.map((o) => o.title));
    expect(new Set(titles).size).toBe(57);
    expect(titles.slice(0, 4).sort()).toEqual(['Oferta 0', 'Oferta 1', 'Oferta 2', 'Oferta 3']);
    for (const bad of BAD) expect((await svc.offers(B(), bad)).offers.map((o) => o.title)).toEqual(titles.slice(0, 30));
    // The applicant counts are the offer's own (Acme's offer above has 123).
    expect((await svc.offers(A())).offers.find((o) => o.id === offerId)?.applicants).toBe(123);
    expect(await svc.listedOffer(A(), offerId)).toMatchObject({ id: offerId, applicants: 123 });
    await expect(svc.listedOffer(B(), offerId)).rejects.toMatchObject({ code: 'not-found' });
  });

  it('pages the candidate browser by keyset, certified first, each profile once, from a stored certified_until', async () => {
    const iv = await t.db
      .insertInto('interviews')
      .values({
        slug: 'iv-keyset',
        role: 'qa',
        title_es: 'x',
        title_en: 'x',
        intro_es: 'x',
        intro_en: 'x',
        duration_minutes: 20,
        pass_mark: 70,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const certified: number[] = [];
    for (let i = 0; i < 47; i++) {
      const id = await addUser(t.db, 'match', `Qa${i}`);
      const at = minutes(Math.floor(i / 6));
      await t.db
        .updateTable('candidate_profiles')
        .set({ role: 'qa', seniority: 'mid', country: 'chile', is_public: 1, updated_at: at })
        .where('user_id', '=', id)
        .execute();
      // Every seventh holds a valid certificate; every eleventh only an expired one.
      if (i % 7 === 0 || i % 11 === 0) {
        const expires = i % 7 === 0 ? '2027-06-01T00:00:00.000Z' : '2026-01-01T00:00:00.000Z';
        await t.db
          .insertInto('certifications')
          .values({
            slug: `c-qa-${i}`,
            user_id: id,
            interview_id: iv.id,
            role: 'qa',
            level: 'mid',
            score: 90,
            is_demo: 0,
            issued_at: minutes(9999),
            expires_at: expires,
          })
          .execute();
        if (i % 7 === 0) certified.push(id);
      }
    }
    await refreshCertifiedUntil(t.db);
    const filter = { role: 'qa' };
    const pages = await walk((cursor) => svc.candidates(A(), filter, cursor));
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 7]);
    expect(pages.every((p) => p.total === 47)).toBe(true);
    const names = pages.flatMap((p) => p.items.map((c) => c.name));
    expect(new Set(names).size).toBe(47);
    // The seven certified (0, 7, ... 42) come first; the expired certificates count for nothing.
    expect(names.slice(0, 7).sort()).toEqual(['Qa0', 'Qa14', 'Qa21', 'Qa28', 'Qa35', 'Qa42', 'Qa7'].map((n) => `${n} User`));
    expect(pages[0]!.items.slice(0, 7).every((c) => c.certifications === 1)).toBe(true);
    expect(pages[0]!.items.slice(7).every((c) => c.certifications === 0)).toBe(true);
    expect((await svc.candidates(A(), { ...filter, certified: true })).total).toBe(7);
    for (const bad of BAD) expect((await svc.candidates(A(), filter, bad)).items.map((c) => c.name)).toEqual(names.slice(0, 20));
    // A revoked certificate takes its holder out of the certified (the profile's column follows).
    const qa0 = (await certificateByRef(t.db, 'c-qa-0'))!;
    await revokeCertificate(t.db, qa0.id, qa0.user_id, clock.toISOString(), 'test');
    expect((await svc.candidates(A(), { ...filter, certified: true })).total).toBe(6);
    expect(certified).toHaveLength(7);
  });

  it('reads the certified phase, then the others, across a page boundary: each profile once, in one order', async () => {
    const iv = await t.db
      .insertInto('interviews')
      .values({
        slug: 'iv-keyset-devops',
        role: 'devops',
        title_es: 'x',
        title_en: 'x',
        intro_es: 'x',
        intro_en: 'x',
        duration_minutes: 20,
        pass_mark: 70,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // 45 profiles, four to a timestamp; 25 of them certified (5 in every 9), so page 2 holds both phases.
    const made: { name: string; id: number; at: number; certified: boolean }[] = [];
    for (let i = 0; i < 45; i++) {
      const id = await addUser(t.db, 'match', `Dv${i}`);
      const at = minutes(Math.floor(i / 4));
      const certified = i % 9 < 5;
      await t.db
        .updateTable('candidate_profiles')
        .set({ role: 'devops', is_public: 1, updated_at: at })
        .where('user_id', '=', id)
        .execute();
      if (certified)
        await t.db
          .insertInto('certifications')
          .values({
            slug: `c-dv-${i}`,
            user_id: id,
            interview_id: iv.id,
            role: 'devops',
            level: 'mid',
            score: 90,
            is_demo: 0,
            issued_at: minutes(9999),
            expires_at: null,
          })
          .execute();
      made.push({ name: `Dv${i} User`, id, at: at.getTime(), certified });
    }
    await refreshCertifiedUntil(
      t.db,
      made.map((m) => m.id),
    );
    const expected = [...made].sort((a, b) => Number(b.certified) - Number(a.certified) || b.at - a.at || b.id - a.id).map((m) => m.name);
    const pages = await walk((cursor) => svc.candidates(A(), { role: 'devops' }, cursor));
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 5]);
    expect(pages.map((p) => p.from)).toEqual([1, 21, 41]);
    expect(pages.flatMap((p) => p.items.map((c) => c.name))).toEqual(expected);
    expect(pages[1]!.items.map((c) => c.certifications)).toEqual([...Array(5).fill(1), ...Array(15).fill(0)]);
    // The certified filter is the first phase alone.
    const certified = await walk((cursor) => svc.candidates(A(), { role: 'devops', certified: true }, cursor));
    expect(certified.map((p) => p.items.length)).toEqual([20, 5]);
    expect(certified.flatMap((p) => p.items.map((c) => c.name))).toEqual(expected.slice(0, 25));
    expect(certified[0]!.total).toBe(25);
  });
});
