import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addCompany, addOffer, addUser } from '../../testing/marketplace';
import { createApplicationService, stateOf, type ApplicationService } from './application-service';

describe('offer state', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('is open while published and before valid_through, expired after, and the stored status otherwise', () => {
    expect(stateOf({ status: 'published', valid_through: '2026-12-01T00:00:00.000Z' }, now)).toBe('open');
    expect(stateOf({ status: 'published', valid_through: new Date('2026-11-22T12:00:00Z') }, now)).toBe('expired');
    expect(stateOf({ status: 'published', valid_through: null }, now)).toBe('open');
    for (const s of ['draft', 'paused', 'closed', 'expired'] as const) expect(stateOf({ status: s, valid_through: null }, now)).toBe(s);
  });
});

describe.each(testDatabases)('applications on %s', (_name, open) => {
  let t: TestDb;
  let svc: ApplicationService;
  let acme: { companyId: number; userId: number };
  let other: { companyId: number; userId: number };
  let ana: number;
  let luis: number;
  const day = 86_400_000;

  beforeAll(async () => {
    t = await open();
    svc = createApplicationService(t);
    acme = await addCompany(t.db, 'Acme');
    other = await addCompany(t.db, 'Otra');
    ana = await addUser(t.db, 'match', 'Ana');
    luis = await addUser(t.db, 'match', 'Luis');
    await addOffer(
      t.db,
      acme.companyId,
      { slug: 'backend-acme' },
      [{ skill: 'go' }, { skill: 'docker', required: false }],
      ['peru', 'chile'],
    );
    await addOffer(t.db, acme.companyId, { slug: 'closed-acme', status: 'closed' });
    await addOffer(t.db, acme.companyId, { slug: 'expired-acme', valid_through: new Date(Date.now() - day) });
    await addOffer(t.db, acme.companyId, { slug: 'draft-acme', status: 'draft', published_at: null, valid_through: null });
  });
  afterAll(async () => t?.cleanup());

  it('shows an open offer with its company, skills and allowed countries', async () => {
    const o = await svc.offer('backend-acme', null);
    expect(o).toMatchObject({
      slug: 'backend-acme',
      state: 'open',
      own: false,
      application: null,
      company: { name: 'Acme' },
      allowedCountries: ['chile', 'peru'],
    });
    expect(o.skills).toEqual([
      { skill: 'go', required: true },
      { skill: 'docker', required: false },
    ]);
    expect(o.salary).toEqual({ min: 2000, max: 3000, currency: 'USD', period: 'month', gross: true, minUsdMonth: 2000, maxUsdMonth: 3000 });
  });

  it('hides drafts from everyone but the company, and answers not-found for unknown slugs', async () => {
    await expect(svc.offer('draft-acme', null)).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.offer('draft-acme', { id: other.userId, type: 'hire' })).rejects.toMatchObject({ code: 'not-found' });
    expect((await svc.offer('draft-acme', { id: acme.userId, type: 'hire' })).own).toBe(true);
    await expect(svc.offer('nope', null)).rejects.toMatchObject({ code: 'not-found' });
  });

  it('lets a candidate apply once; the second attempt is a conflict, also when both arrive together', async () => {
    const first = await svc.apply('backend-acme', { id: ana, type: 'match' });
    expect(first).toMatchObject({ status: 'sent', created: true });
    await expect(svc.apply('backend-acme', { id: ana, type: 'match' })).rejects.toMatchObject({ code: 'conflict' });
    const both = await Promise.allSettled([1, 2, 3, 4].map(() => svc.apply('backend-acme', { id: luis, type: 'match' })));
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(both.filter((r) => r.status === 'rejected').map((r) => r.reason.code)).toEqual(['conflict', 'conflict', 'conflict']);
    expect((await svc.offer('backend-acme', { id: ana, type: 'match' })).application).toMatchObject({ status: 'sent' });
  });

  it('refuses companies, anonymous visitors and offers that are closed, expired or drafts', async () => {
    await expect(svc.apply('backend-acme', { id: other.userId, type: 'hire' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(svc.apply('backend-acme', null)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(svc.apply('closed-acme', { id: ana, type: 'match' })).rejects.toMatchObject({ code: 'gone' });
    await expect(svc.apply('expired-acme', { id: ana, type: 'match' })).rejects.toMatchObject({ code: 'gone' });
    await expect(svc.apply('draft-acme', { id: ana, type: 'match' })).rejects.toMatchObject({ code: 'not-found' });
    expect((await svc.offer('expired-acme', null)).state).toBe('expired');
  });

  it("lists a candidate's applications with the offer's state", async () => {
    const list = await svc.applications(ana);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      status: 'sent',
      offer: { slug: 'backend-acme', title: 'Backend Developer', company: 'Acme', state: 'open' },
    });
  });
});
