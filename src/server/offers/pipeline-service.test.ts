import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addCompany, addOffer, addUser } from '../../testing/marketplace';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { createEmailService, type EmailService } from '../email/email-service';
import { createSmtpTransport } from '../email/smtp-transport';
import { createNotificationService } from '../notifications/notification-service';
import { createApplicationService } from './application-service';
import { createHiringService, type HiringService } from './hiring-service';
import { createSalaryService } from '../salaries/salary-service';

// The applicant tracker (decision 048) on real databases: moves with their actor, notes, ratings per member,
// the rejection (reason kept, message queued in the candidate's language through the notifications), bulk
// moves with an application changed meanwhile, and strangers answered like unknown ids.
describe.each(testDatabases)('pipeline on %s', (_name, open) => {
  let t: TestDb;
  let sink: SmtpSink;
  let mail: EmailService;
  let svc: HiringService;
  const clock = new Date('2026-11-27T10:40:00Z');
  let acme: { companyId: number; userId: number };
  let other: { companyId: number; userId: number };
  let bea: number; // a second member of Acme
  let ana: number;
  let offerId: number;
  const A = () => ({ id: acme.userId, type: 'hire' as const });
  const B = () => ({ id: bea, type: 'hire' as const });
  const O = () => ({ id: other.userId, type: 'hire' as const });

  const apply = async (name: string, locale: 'es' | 'en' = 'es') => {
    const user = await addUser(t.db, 'match', name);
    await t.db.updateTable('users').set({ locale }).where('id', '=', user).execute();
    const row = await t.db
      .insertInto('applications')
      .values({ offer_id: offerId, candidate_id: user, status: 'sent', created_at: clock, updated_at: clock })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { user, id: row.id };
  };
  const status = async (id: number) =>
    (await t.db.selectFrom('applications').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  beforeAll(async () => {
    t = await open();
    sink = await startSmtpSink();
    mail = createEmailService(t, { transport: createSmtpTransport(sink.url), log: () => {} });
    const notes = createNotificationService(t, {
      email: async () => mail,
      secret: 'x'.repeat(40),
      siteUrl: 'https://tandem.example',
      brand: 'Tandem',
      now: () => clock,
    });
    svc = createHiringService(t, { salaries: async () => createSalaryService(t), now: () => clock, notify: (e) => notes.deliver(e) });
    acme = await addCompany(t.db, 'Acme');
    other = await addCompany(t.db, 'Otra');
    bea = await addUser(t.db, 'hire', 'Bea');
    await t.db.insertInto('company_users').values({ company_id: acme.companyId, user_id: bea }).execute();
    ana = await addUser(t.db, 'match', 'Ana');
    offerId = (await addOffer(t.db, acme.companyId, { slug: `tracker-${Date.now()}`, title: 'Backend Go' })).id;
  });
  afterAll(async () => {
    await mail?.stop();
    await sink?.close();
    await t?.cleanup();
  });

  it('records who moved an application, and refuses a move from a status that changed meanwhile', async () => {
    const { id } = await apply('Mia');
    await svc.moveApplication(A(), id, 'technical-interview', 'sent');
    await expect(svc.moveApplication(B(), id, 'final-stage', 'sent')).rejects.toMatchObject({ code: 'conflict' });
    const a = await svc.application(A(), id);
    expect(a.status).toBe('technical-interview');
    expect(a.events).toMatchObject([{ kind: 'moved', from: 'sent', to: 'technical-interview', actor: 'Acme User' }]);
    expect(a.events[0]!.at?.toISOString()).toBe(clock.toISOString());
  });

  it('keeps private notes with their author and one rating per member, with the average', async () => {
    const { id } = await apply('Noa');
    await svc.addNote(A(), id, '  Muy buena entrevista  ');
    await svc.addNote(B(), id, 'Pedir referencias');
    await expect(svc.addNote(A(), id, '   ')).rejects.toMatchObject({
      code: 'invalid-input',
      fields: { note: { key: 'tracker.error.noteEmpty' } },
    });
    await expect(svc.addNote(A(), id, 'x'.repeat(2001))).rejects.toMatchObject({
      fields: { note: { key: 'forms.error.tooLong', params: { max: 2000 } } },
    });
    await svc.rate(A(), id, '4');
    await svc.rate(A(), id, 5); // a new rating replaces the member's own
    await svc.rate(B(), id, '2');
    for (const bad of ['0', '6', '3.5', 'x', '']) await expect(svc.rate(A(), id, bad)).rejects.toMatchObject({ code: 'invalid-input' });
    const a = await svc.application(A(), id);
    expect(a.notes.map((n) => [n.body, n.author])).toEqual(
      expect.arrayContaining([
        ['Muy buena entrevista', 'Acme User'],
        ['Pedir referencias', 'Bea User'],
      ]),
    );
    expect(a.ratings).toMatchObject({ average: 3.5, count: 2, mine: 5 });
    expect(a.events.map((e) => e.kind).sort()).toEqual(['note', 'note', 'rating', 'rating', 'rating']);
    const card = (await svc.applicants(A(), offerId)).applicants.find((x) => x.id === id)!;
    expect(card.rating).toEqual({ average: 3.5, count: 2 });
  });

  it("reads each card's profile facts and skills with the page, one query for all of them", async () => {
    const { user, id } = await apply('Facts');
    await t.db
      .updateTable('candidate_profiles')
      .set({ role: 'backend', seniority: 'senior', country: 'peru', english: 'advanced', years: 7 })
      .where('user_id', '=', user)
      .execute();
    await t.db
      .insertInto('candidate_skills')
      .values([
        { user_id: user, skill: 'go' },
        { user_id: user, skill: 'docker' },
      ])
      .execute();
    const card = (await svc.applicants(A(), offerId)).applicants.find((x) => x.id === id)!;
    expect(card.candidate).toMatchObject({ role: 'backend', seniority: 'senior', country: 'peru', english: 'advanced', years: 7 });
    expect(card.candidate.skills).toEqual(['docker', 'go']);
    // A fact the profile does not give is empty, not an error.
    const bare = (await svc.applicants(A(), offerId)).applicants.find((x) => x.candidate.name.startsWith('Mia'))!;
    expect(bare.candidate.years).toBeNull();
  });

  it('rejects with a reason kept for the company and a message queued in the candidate’s language', async () => {
    const { id, user } = await apply('Liam', 'en');
    const a = await svc.application(A(), id);
    expect(a.template).toContain('Hello Liam');
    expect(a.template).toContain('“Backend Go”');
    expect(a.template).toContain('The Acme team');
    await expect(svc.reject(A(), id, { reason: 'mood', message: '' })).rejects.toMatchObject({
      code: 'invalid-input',
      fields: { reason: { key: 'tracker.error.reason' }, message: { key: 'tracker.error.messageEmpty' } },
    });
    const message = `${a.template}\n<b>P.S.</b>`;
    await svc.reject(A(), id, { reason: 'salary', message, from: 'sent' });
    const row = await t.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'rejected', rejection_reason: 'salary', rejection_message: message });
    await expect(svc.reject(A(), id, { reason: 'salary', message })).rejects.toMatchObject({ code: 'conflict' });
    // The candidate's email: in English, carrying the company's words (escaped in HTML), never the reason.
    const email = await t.db
      .selectFrom('email_outbox as e')
      .innerJoin('users as u', 'u.email', 'e.to_email')
      .selectAll('e')
      .where('u.id', '=', user)
      .executeTakeFirstOrThrow();
    expect(email.locale).toBe('en');
    expect(email.subject).toContain('Not selected');
    expect(email.text_body).toContain('Hello Liam');
    expect(email.html_body).toContain('&lt;b&gt;P.S.&lt;/b&gt;');
    expect(`${email.text_body}${email.html_body}`).not.toMatch(/salary/i);
    // Their workspace: "not selected" with the message, and no reason.
    const mine = (await createApplicationService(t).applications(user))[0]!;
    expect(mine).toMatchObject({ status: 'rejected', message });
    expect(JSON.stringify(mine)).not.toContain('salary');
    expect((await svc.application(A(), id)).events[0]).toMatchObject({
      kind: 'rejected',
      from: 'sent',
      to: 'rejected',
      actor: 'Acme User',
    });
  });

  it('moves several applications after a confirmation, reporting one that changed meanwhile', async () => {
    const [x, y, z] = [await apply('Xia'), await apply('Yan'), await apply('Zoe')];
    const preview = await svc.bulkPreview(A(), offerId, [x.id, y.id, z.id], 'approved');
    expect(preview.items.map((i) => i.status)).toEqual(['sent', 'sent', 'sent']);
    // Meanwhile, another member moves Zoe.
    await svc.moveApplication(B(), z.id, 'initial-interview');
    const r = await svc.bulkMove(
      A(),
      offerId,
      preview.items.map((i) => ({ id: i.id, from: i.status })),
      'approved',
    );
    expect(r.moved.sort()).toEqual([x.id, y.id].sort());
    expect(r.changed).toEqual([{ id: z.id, name: 'Zoe User' }]);
    expect([await status(x.id), await status(y.id), await status(z.id)]).toEqual(['approved', 'approved', 'initial-interview']);
    expect((await svc.application(A(), x.id)).events[0]).toMatchObject({ kind: 'moved', to: 'approved', actor: 'Acme User' });
    await expect(svc.bulkPreview(A(), offerId, [], 'approved')).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(svc.bulkPreview(A(), offerId, [x.id], 'hired')).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('answers strangers like unknown ids: another company, a candidate, an application of another offer', async () => {
    const { id } = await apply('Eva');
    const otherOffer = (await addOffer(t.db, other.companyId, { slug: `tracker-other-${Date.now()}` })).id;
    await expect(svc.application(O(), id)).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.application(A(), 99_999_999)).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.applicants(O(), offerId)).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.addNote(O(), id, 'hola')).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.rate(O(), id, 3)).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.reject(O(), id, { reason: 'other', message: 'x' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.moveApplication(O(), id, 'approved')).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.bulkPreview(O(), offerId, [id], 'approved')).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.bulkMove(O(), otherOffer, [{ id, from: 'sent' }], 'approved')).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.application({ id: ana, type: 'match' }, id)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(svc.application(null, id)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(await status(id)).toBe('sent');
    const notes = await t.db.selectFrom('application_notes').select('id').where('application_id', '=', id).execute();
    expect(notes).toHaveLength(0);
  });
});
