import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addCompany, addOffer, addUser } from '../../testing/marketplace';
import { conversationById, inboxOf, insertMessage, unreadTotal } from '../messages/data/conversation-rows';
import { candidateBySlug, pendingInvitationsOf } from '../messages/data/invitation-rows';
import { interviewById, openInterviews } from '../interviews/data/interview-rows';
import { claimDigest, insertNotification, notificationsPage, unreadCount } from '../notifications/data/notifications';
import { otherSideLeaving } from './pending-deletion';
import { applicantsOf, applicationStatusCounts } from '../offers/data/company-offers';

// An account pending deletion is hidden at once from the other side (decisions 073 and 076), on SQLite and
// PostgreSQL: a leaving candidate from the company's inbox, interviews, applicants (list and counts), the
// invitation by profile and the bell; a company closing with its only owner from the candidate's inbox,
// interviews, invitations and bell. Cancelling the deletion shows them again.
describe.each(testDatabases)('accounts pending deletion on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t?.cleanup());

  /** A company and a candidate with an application, a conversation, an interview, an invitation and notices both ways. */
  async function world() {
    const db = t.db;
    const now = new Date();
    const { companyId, userId: ownerId } = await addCompany(db, 'Borra');
    const candidateId = await addUser(db, 'match', 'Sol');
    const offer = await addOffer(db, companyId);
    const app = await db
      .insertInto('applications')
      .values({ offer_id: offer.id, candidate_id: candidateId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cv = await db
      .insertInto('conversations')
      .values({ company_id: companyId, candidate_id: candidateId, application_id: app.id, offer_id: offer.id, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertMessage(db, { conversationId: cv.id, side: 'company', senderId: ownerId, body: 'Hola', at: now });
    // Unread on both sides (a sender's own side is read up to their message).
    await db.updateTable('conversations').set({ company_unread: 2, candidate_unread: 3 }).where('id', '=', cv.id).execute();
    const interview = await db
      .insertInto('job_interviews')
      .values({
        company_id: companyId,
        candidate_id: candidateId,
        application_id: app.id,
        proposer_id: ownerId,
        uid: `uid-${app.id}@tandem`,
        duration_minutes: 30,
        time_zone: 'America/Lima',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('invitations').values({ company_id: companyId, candidate_id: candidateId, body: 'Ven', created_at: now }).execute();
    const notice = { kind: 'message', data: '{}', link: '/x', created_at: now, digest_pending: 0 };
    await insertNotification(db, { ...notice, user_id: ownerId, subject_user_id: candidateId });
    await insertNotification(db, { ...notice, user_id: ownerId });
    await insertNotification(db, { ...notice, user_id: candidateId, subject_company_id: companyId });
    const slug = (await db.selectFrom('users').select('profile_slug').where('id', '=', candidateId).executeTakeFirstOrThrow())
      .profile_slug!;
    return { companyId, ownerId, candidateId, offerId: offer.id, slug, conversationId: cv.id, interviewId: interview.id };
  }

  const leaving = (id: number, yes: boolean) =>
    t.db
      .updateTable('users')
      .set({ deletion_requested_at: yes ? new Date() : null })
      .where('id', '=', id)
      .execute();

  /** How many of the conversation and the interview the side may open by their address (0 to 2). */
  async function opened(w: { conversationId: number; interviewId: number }, side: 'company' | 'candidate') {
    const rows = [await conversationById(t.db, w.conversationId), await interviewById(t.db, w.interviewId)];
    return rows.filter((r) => r && !otherSideLeaving(r, side)).length;
  }

  /** What the company sees of the candidate, and what the candidate sees of the company. */
  async function sight(w: Awaited<ReturnType<typeof world>>) {
    const db = t.db;
    const since = new Date(Date.now() - 60_000);
    return {
      company: {
        inbox: (await inboxOf(db, { companyId: w.companyId }, null, 10)).length,
        interviews: (await openInterviews(db, { companyId: w.companyId }, since, 10)).length,
        applicants: (await applicantsOf(db, w.offerId, null, 10)).length,
        counted: [...(await applicationStatusCounts(db, w.offerId)).values()].reduce((a, b) => a + b, 0),
        bySlug: (await candidateBySlug(db, w.slug)) ? 1 : 0,
        bell: (await notificationsPage(db, w.ownerId, null, 10)).length,
        unread: await unreadCount(db, w.ownerId, 99),
        unreadMessages: await unreadTotal(db, w.ownerId),
        opens: await opened(w, 'company'),
      },
      candidate: {
        inbox: (await inboxOf(db, { candidateId: w.candidateId }, null, 10)).length,
        interviews: (await openInterviews(db, { candidateId: w.candidateId }, since, 10)).length,
        invitations: (await pendingInvitationsOf(db, w.candidateId, 10)).length,
        bell: (await notificationsPage(db, w.candidateId, null, 10)).length,
        unread: await unreadCount(db, w.candidateId, 99),
        unreadMessages: await unreadTotal(db, w.candidateId),
        opens: await opened(w, 'candidate'),
      },
    };
  }
  const shown = {
    company: { inbox: 1, interviews: 1, applicants: 1, counted: 1, bySlug: 1, bell: 2, unread: 2, unreadMessages: 2, opens: 2 },
    candidate: { inbox: 1, interviews: 1, invitations: 1, bell: 1, unread: 1, unreadMessages: 3, opens: 2 },
  };

  it('hides a candidate pending deletion from every company list, and shows them again when it is cancelled', async () => {
    const w = await world();
    expect(await sight(w)).toEqual(shown);
    await leaving(w.candidateId, true);
    // The notice not about them stays in the bell.
    expect((await sight(w)).company).toEqual({
      inbox: 0,
      interviews: 0,
      applicants: 0,
      counted: 0,
      bySlug: 0,
      bell: 1,
      unread: 1,
      unreadMessages: 0,
      opens: 0,
    });
    await leaving(w.candidateId, false);
    expect(await sight(w)).toEqual(shown);
  });

  it('hides a company closing with its only owner from the candidate, not one with another owner staying', async () => {
    const w = await world();
    await leaving(w.ownerId, true);
    expect((await sight(w)).candidate).toEqual({
      inbox: 0,
      interviews: 0,
      invitations: 0,
      bell: 0,
      unread: 0,
      unreadMessages: 0,
      opens: 0,
    });
    const other = await addUser(t.db, 'hire', 'Otra');
    await t.db.insertInto('company_users').values({ company_id: w.companyId, user_id: other, role: 'owner' }).execute();
    expect((await sight(w)).candidate).toEqual(shown.candidate);
  });

  it('keeps notices about a leaving account out of the daily digest, and sends them if the deletion is cancelled', async () => {
    const w = await world();
    const at = new Date(Date.now() - 60_000);
    await insertNotification(t.db, {
      kind: 'message',
      data: '{}',
      link: '/y',
      created_at: at,
      digest_pending: 1,
      user_id: w.ownerId,
      subject_user_id: w.candidateId,
    });
    await insertNotification(t.db, { kind: 'message', data: '{}', link: '/z', created_at: at, digest_pending: 1, user_id: w.ownerId });
    const claim = () => t.db.transaction().execute((trx) => claimDigest(trx, w.ownerId, new Date()));
    await leaving(w.candidateId, true);
    expect((await claim()).map((r) => r.link)).toEqual(['/z']);
    await leaving(w.candidateId, false);
    expect((await claim()).map((r) => r.link)).toEqual(['/y']);
    expect(await claim()).toEqual([]);
  });
});
