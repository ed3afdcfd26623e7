import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addCompany, addOffer, addUser } from '../../testing/marketplace';
import { createRateLimiter } from '../limits/rate-limit';
import { INVITES_PER_COMPANY_PER_DAY, MESSAGE_MAX_CHARS, MESSAGE_RATE } from '../../domain/messaging';
import type { MessagingEvent } from './events';
import { createMessagingService, type MessagingService } from './messaging-service';

describe.each(testDatabases)('messaging on %s', (_name, open) => {
  let t: TestDb;
  let svc: MessagingService;
  let clock = new Date('2026-11-22T12:00:00Z');
  const events: MessagingEvent[] = [];
  let acme: { companyId: number; userId: number };
  let acme2: number;
  let other: { companyId: number; userId: number };
  let ana: number;
  let bob: number;
  let applicationId: number;
  let offerId: number;
  const A = () => ({ id: acme.userId, type: 'hire' as const });
  const A2 = () => ({ id: acme2, type: 'hire' as const });
  const O = () => ({ id: other.userId, type: 'hire' as const });
  const ANA = () => ({ id: ana, type: 'match' as const });
  const BOB = () => ({ id: bob, type: 'match' as const });

  const makePublic = async (userId: number) => {
    await t.db.updateTable('candidate_profiles').set({ is_public: 1 }).where('user_id', '=', userId).execute();
    return (await t.db.selectFrom('users').select('profile_slug').where('id', '=', userId).executeTakeFirstOrThrow()).profile_slug!;
  };

  beforeAll(async () => {
    t = await open();
    svc = createMessagingService(t, {
      limiter: async () => createRateLimiter(t, () => clock.getTime()),
      notify: async (e) => {
        events.push(e);
        if (e.kind === 'invitation-answer') throw new Error('mail server down');
      },
      now: () => clock,
    });
    acme = await addCompany(t.db, 'Acme');
    acme2 = await addUser(t.db, 'hire', 'Colega');
    await t.db.insertInto('company_users').values({ company_id: acme.companyId, user_id: acme2 }).execute();
    other = await addCompany(t.db, 'Otra');
    ana = await addUser(t.db, 'match', 'Ana');
    bob = await addUser(t.db, 'match', 'Bob');
    offerId = (await addOffer(t.db, acme.companyId, { title: 'Backend Go' })).id;
    applicationId = (
      await t.db
        .insertInto('applications')
        .values({ offer_id: offerId, candidate_id: ana, created_at: clock, updated_at: clock })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => t?.cleanup());

  let conv: number;

  it('opens one conversation per application, seen from both sides, and nobody else', async () => {
    const fromCompany = await svc.forApplications(A(), [applicationId]);
    const fromCandidate = await svc.forApplications(ANA(), [applicationId]);
    conv = fromCompany.get(applicationId)!.id;
    expect(fromCandidate.get(applicationId)!.id).toBe(conv);
    expect((await svc.forApplications(A2(), [applicationId])).get(applicationId)!.id).toBe(conv);
    // Another company or candidate gets no row, and no conversation is made for them.
    expect((await svc.forApplications(O(), [applicationId])).size).toBe(0);
    expect((await svc.forApplications(BOB(), [applicationId])).size).toBe(0);
    for (const v of [O(), BOB()]) {
      await expect(svc.conversation(v, conv)).rejects.toMatchObject({ code: 'not-found' });
      await expect(svc.send(v, conv, 'hola')).rejects.toMatchObject({ code: 'not-found' });
      await expect(svc.poll(v, conv, 0)).rejects.toMatchObject({ code: 'not-found' });
      await expect(svc.markRead(v, conv)).rejects.toMatchObject({ code: 'not-found' });
      await expect(svc.block(v, conv)).rejects.toMatchObject({ code: 'not-found' });
    }
    await expect(svc.conversation(A(), 999_999)).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.conversation(null, conv)).rejects.toMatchObject({ code: 'unauthorized' });
    const c = await svc.conversation(A(), conv);
    expect(c).toMatchObject({ side: 'company', origin: 'application', offer: { title: 'Backend Go' }, messages: [], blockedBy: null });
  });

  it('sends, counts unread per side and in total, marks read and says "seen"', async () => {
    const m1 = await svc.send(A(), conv, '  Hola Ana, ¿hablamos? https://acme.example/x  ');
    expect(m1.body).toBe('Hola Ana, ¿hablamos? https://acme.example/x');
    await svc.send(A2(), conv, 'Soy su colega');
    expect((await svc.forApplications(ANA(), [applicationId])).get(applicationId)!.unread).toBe(2);
    expect((await svc.forApplications(A(), [applicationId])).get(applicationId)!.unread).toBe(0);
    expect(await svc.unreadTotal(ana)).toBe(2);
    expect(await svc.unreadTotal(acme.userId)).toBe(0);
    expect((await svc.conversation(A(), conv)).theirReadId).toBe(0);
    expect(events.at(-1)).toMatchObject({ kind: 'message', to: { userId: ana }, fromName: 'Acme', offerTitle: 'Backend Go' });

    const seenByAna = await svc.conversation(ANA(), conv);
    expect(seenByAna.messages.map((m) => m.mine)).toEqual([false, false]);
    await svc.markRead(ANA(), conv, seenByAna.messages.at(-1)!.id);
    expect(await svc.unreadTotal(ana)).toBe(0);
    const company = await svc.conversation(A(), conv);
    expect(company.theirReadId).toBe(company.messages.at(-1)!.id);

    const reply = await svc.send(ANA(), conv, 'Claro');
    expect(events.at(-1)).toMatchObject({ kind: 'message', to: { companyId: acme.companyId }, fromName: 'Ana User' });
    expect(await svc.unreadTotal(acme.userId)).toBe(1);
    expect(await svc.unreadTotal(acme2)).toBe(1);
    const polled = await svc.poll(A(), conv, m1.id);
    expect(polled.messages.map((m) => m.body)).toEqual(['Soy su colega', 'Claro']);
    // Marking read up to an older id leaves the newer message unread.
    await svc.markRead(A(), conv, m1.id);
    expect(await svc.unreadTotal(acme.userId)).toBe(1);
    await svc.markRead(A(), conv, reply.id);
    expect(await svc.unreadTotal(acme.userId)).toBe(0);
  });

  it('refuses empty and over-long texts, and counts messages per account', async () => {
    await expect(svc.send(A(), conv, '   ')).rejects.toMatchObject({
      code: 'invalid-input',
      fields: { body: { key: 'messages.error.empty' } },
    });
    await expect(svc.send(A(), conv, 'x'.repeat(MESSAGE_MAX_CHARS + 1))).rejects.toMatchObject({
      fields: { body: { key: 'messages.error.tooLong' } },
    });
    const later = new Date(clock.getTime() + 3_600_000);
    clock = later;
    for (let i = 0; i < MESSAGE_RATE.max; i++) await svc.send(BOB2(), bobConv(), `m${i}`).catch(() => undefined);
    await expect(svc.send(BOB2(), bobConv(), 'uno más')).rejects.toMatchObject({ code: 'rate-limited' });
  });

  // Bob's application to the same offer, for the limit test above (made lazily).
  let bobConvId = 0;
  const BOB2 = () => BOB();
  const bobConv = () => bobConvId;
  beforeAll(async () => {
    const app = await t.db
      .insertInto('applications')
      .values({ offer_id: offerId, candidate_id: bob, created_at: clock, updated_at: clock })
      .returning('id')
      .executeTakeFirstOrThrow();
    bobConvId = (await svc.forApplications(BOB(), [app.id])).get(app.id)!.id;
  });

  it('blocks for both sides; only the side that blocked unblocks', async () => {
    await svc.block(ANA(), conv);
    expect((await svc.conversation(A(), conv)).blockedBy).toBe('candidate');
    await expect(svc.send(A(), conv, 'hola')).rejects.toMatchObject({ code: 'conflict' });
    await expect(svc.send(ANA(), conv, 'hola')).rejects.toMatchObject({ code: 'conflict' });
    await expect(svc.block(A(), conv)).rejects.toMatchObject({ code: 'conflict' });
    await expect(svc.unblock(A(), conv)).rejects.toMatchObject({ code: 'conflict' });
    await svc.unblock(ANA(), conv);
    await svc.send(A(), conv, 'de nuevo');
  });

  it('lets the candidate report the company once; the company cannot report', async () => {
    await expect(svc.report(A(), conv, { reason: 'spam' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.report(ANA(), conv, { reason: 'nope' })).rejects.toMatchObject({ code: 'invalid-input' });
    await svc.report(ANA(), conv, { reason: 'harassment', details: '  Me insultaron  ' });
    await expect(svc.report(ANA(), conv, { reason: 'spam' })).rejects.toMatchObject({ code: 'conflict' });
    expect((await svc.conversation(ANA(), conv)).reported).toBe(true);
    const row = await t.db.selectFrom('conversation_reports').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reason: 'harassment', details: 'Me insultaron', company_id: acme.companyId });
  });

  it('invites public profiles only; accepting opens a conversation; declining blocks that company for 90 days', async () => {
    const carla = await addUser(t.db, 'match', 'Carla');
    const hidden = await t.db.selectFrom('users').select('profile_slug').where('id', '=', carla).executeTakeFirstOrThrow();
    await expect(svc.invite(A(), { candidateSlug: hidden.profile_slug!, text: 'Hola' })).rejects.toMatchObject({ code: 'not-found' });
    expect(await svc.inviteState(A(), hidden.profile_slug!)).toBeNull();
    const slug = await makePublic(carla);
    await expect(svc.invite(ANA(), { candidateSlug: slug, text: 'Hola' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.invite(A(), { candidateSlug: slug, text: 'Hola', offerId: 999_999 })).rejects.toMatchObject({
      code: 'invalid-input',
    });
    const { id } = await svc.invite(A(), { candidateSlug: slug, text: 'Nos encanta tu perfil', offerId });
    expect(events.at(-1)).toMatchObject({ kind: 'invitation', to: { userId: carla }, companyName: 'Acme', offerTitle: 'Backend Go' });
    await expect(svc.invite(A2(), { candidateSlug: slug, text: 'Otra vez' })).rejects.toMatchObject({ code: 'conflict' });
    expect(await svc.inviteState(A(), slug)).toMatchObject({ state: 'pending' });
    const CARLA = { id: carla, type: 'match' as const };
    expect((await svc.invitations(CARLA)).map((i) => i.id)).toEqual([id]);
    await expect(svc.answer(ANA(), id, true)).rejects.toMatchObject({ code: 'not-found' });
    // A failing notification does not fail the answer.
    const r = await svc.answer(CARLA, id, true);
    expect(r.conversationId).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ kind: 'invitation-answer', accepted: true, conversationId: r.conversationId });
    await expect(svc.answer(CARLA, id, false)).rejects.toMatchObject({ code: 'conflict' });
    const c = await svc.conversation(CARLA, r.conversationId!);
    expect(c).toMatchObject({ origin: 'invitation', offer: { title: 'Backend Go' } });
    expect(c.messages.map((m) => [m.body, m.mine])).toEqual([['Nos encanta tu perfil', false]]);
    expect(await svc.inviteState(A(), slug)).toMatchObject({ state: 'accepted', conversationId: r.conversationId });

    // Another company is declined, then must wait 90 days.
    const slugB = await makePublic(bob);
    const inv = await svc.invite(O(), { candidateSlug: slugB, text: 'Hola Bob' });
    expect(await svc.answer(BOB(), inv.id, false)).toEqual({ conversationId: null });
    expect(events.at(-1)).toMatchObject({ kind: 'invitation-answer', accepted: false, to: { companyId: other.companyId } });
    await expect(svc.invite(O(), { candidateSlug: slugB, text: 'Insisto' })).rejects.toMatchObject({
      code: 'conflict',
      fields: { body: { key: 'messages.invite.declinedWait', params: { days: 90 } } },
    });
    expect(await svc.inviteState(O(), slugB)).toMatchObject({ state: 'declined' });
    const start = clock;
    clock = new Date(start.getTime() + 91 * 86_400_000);
    expect(await svc.inviteState(O(), slugB)).toMatchObject({ state: 'open' });
    await svc.invite(O(), { candidateSlug: slugB, text: 'Ha pasado un tiempo' });
  });

  it('caps a company at its daily invitations, with the seconds to wait', async () => {
    const fresh = await addCompany(t.db, 'Nueva');
    const F = { id: fresh.userId, type: 'hire' as const };
    // Written directly: the per-account limiter would stop one account first.
    const people = await Promise.all(Array.from({ length: INVITES_PER_COMPANY_PER_DAY + 1 }, (_, i) => addUser(t.db, 'match', `P${i}`)));
    for (const p of people.slice(0, INVITES_PER_COMPANY_PER_DAY))
      await t.db
        .insertInto('invitations')
        .values({ company_id: fresh.companyId, candidate_id: p, body: 'x', created_at: new Date(clock.getTime() - 3_600_000) })
        .execute();
    const slug = await makePublic(people.at(-1)!);
    const err = await svc.invite(F, { candidateSlug: slug, text: 'Hola' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'rate-limited', fields: { body: { key: 'messages.invite.dailyLimit' } } });
    expect((err as { retryAfterSeconds: number }).retryAfterSeconds).toBe(23 * 3600);
  });

  it("lists a side's conversations newest first, a page at a time", async () => {
    const inbox = await svc.inbox(A());
    expect(inbox.items.length).toBeGreaterThanOrEqual(2);
    const ids = inbox.items.map((i) => i.id);
    expect(ids[0]).not.toBe(conv);
    expect(inbox.nextBefore).toBeNull();
    expect((await svc.inbox(ANA())).items.map((i) => i.id)).toEqual([conv]);
  });
});
