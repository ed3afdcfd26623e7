import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../../testing/databases';
import { addCompany, addOffer } from '../../../testing/marketplace';
import { offerModeration } from './036-offer-moderation';

// Migration 036 on SQLite and PostgreSQL: the moderation tables go and come back, an offer has one
// moderation row at most, and an offer's reports, flags and moderation go with the offer.
describe.each(testDatabases)('migration 036 on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t.cleanup());

  it('goes down and up again, and follows the offer', async () => {
    const step = offerModeration(t.dialect);
    await step.down!(t.db);
    await step.up(t.db);
    const { companyId } = await addCompany(t.db, 'Acme');
    const o = await addOffer(t.db, companyId);
    await t.db.insertInto('offer_reports').values({ offer_id: o.id, reason: 'scam', text: null, user_id: null }).execute();
    await t.db.insertInto('offer_flags').values({ offer_id: o.id, rule: 'burst', detail: '6 offers' }).execute();
    const row = {
      offer_id: o.id,
      state: 'hidden' as const,
      previous_status: 'published',
      reason: 'x',
      operator_user_id: null,
      decided_at: new Date(),
    };
    await t.db.insertInto('offer_moderation').values(row).execute();
    await expect(t.db.insertInto('offer_moderation').values(row).execute()).rejects.toThrow();
    await t.db.deleteFrom('offers').where('id', '=', o.id).execute();
    for (const table of ['offer_reports', 'offer_flags', 'offer_moderation'] as const)
      expect(await t.db.selectFrom(table).select('offer_id').execute(), table).toEqual([]);
  });
});
