import { fileURLToPath } from 'node:url';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { testSigningKey } from '../../testing/signing-key';
import { publishedJwk, STATUS_LIST_SIZE } from './credentials';
import { credentialOf } from '../../areas/learning/certificate-get';
import { createAuthService } from '../accounts/auth-service';
import { createEmailService } from '../email/email-service';
import { createLearningService } from './learning-service';
import { loadContentInto } from './content-load';
import { SUBMIT_GRACE_MS } from '../../domain/learning';

// The learning side on both databases, against the fixture content (src/testing/fixtures/learning):
// progress, the free course's open lessons, drawing, scoring, deadlines, the retake wait, one active
// attempt under concurrent starts, and certificates that verify with a standard JOSE library.
const FIXTURES = fileURLToPath(new URL('../../testing/fixtures/learning', import.meta.url));
const DAY = 86_400_000;

describe.each(testDatabases)('learning service on %s', (_name, open) => {
  let t: TestDb;
  let clock = new Date('2026-11-24T10:00:00.000Z');
  const now = () => clock;
  let svc: ReturnType<typeof createLearningService>;
  let seq = 0;

  /** A candidate who confirmed their address (unless told otherwise), under a fresh address or the one given. */
  const candidate = async ({ confirmed = true, email = `learner-${++seq}-${Date.now()}@example.com` } = {}) => {
    const auth = createAuthService(t, 'x'.repeat(40), { email: createEmailService(t, { log: () => {} }), siteUrl: 'http://127.0.0.1' });
    const r = await auth.register('match', { name: 'Ana', last_name: 'García', email, password: 'una-clave-larga-123' }, { ip: 'setup' });
    if (confirmed) await t.db.updateTable('users').set({ email_confirmed_at: new Date() }).where('id', '=', r.user.id).execute();
    return { id: r.user.id, type: 'match' as const };
  };
  const answersOf = async (questionIds: number[], right: number) => {
    const rows = await t.db.selectFrom('interview_questions').select(['id', 'answer_index']).where('id', 'in', questionIds).execute();
    return Object.fromEntries(rows.map((r, i) => [r.id, i < right ? r.answer_index : (r.answer_index + 1) % 4]));
  };

  beforeAll(async () => {
    t = await open();
    await loadContentInto(t, FIXTURES, () => {});
    svc = createLearningService(t, { retakeDays: 30, now });
  });
  afterAll(async () => t?.cleanup());

  it('loads the content once: a second load with the same files writes nothing', async () => {
    expect((await loadContentInto(t, FIXTURES, () => {})).changed).toBe(false);
    const lessons = await t.db.selectFrom('lessons').select('id').where('active', '=', 1).execute();
    expect(lessons).toHaveLength(6);
  });

  it('opens only the free course’s first two lessons to visitors, and never sends a locked body', async () => {
    const free = await svc.course('curso-libre', null, 'es', 'leccion-3');
    expect(free!.lesson!.open).toBe(false);
    expect(free!.lesson!.body).toBe('');
    const open2 = await svc.course('curso-libre', null, 'en', 'leccion-2');
    expect(open2!.lesson!.open).toBe(true);
    expect(open2!.lesson!.body).toContain('Lesson text 2');
    const paid = await svc.course('curso-de-prueba', null, 'es', 'leccion-1');
    expect(paid!.lesson!.open).toBe(false);
    await expect(svc.course('curso-de-prueba', null, 'es', 'no-such-lesson')).rejects.toMatchObject({ code: 'not-found' });
    expect(await svc.course('no-such-course', null, 'es')).toBeNull();
  });

  it('records progress, resumes where the candidate left off and points to the next lesson', async () => {
    const me = await candidate();
    expect((await svc.completeLesson(me, 'curso-de-prueba', 'leccion-1')).next).toBe('leccion-2');
    await svc.course('curso-de-prueba', me, 'es', 'leccion-3'); // opened, not finished
    const again = await svc.course('curso-de-prueba', me, 'es');
    expect(again!.course.resume).toBe('leccion-3');
    expect(again!.course.progress).toMatchObject({ done: 1, percent: 33, nextLesson: 'leccion-2', completed: false });
    await svc.completeLesson(me, 'curso-de-prueba', 'leccion-3');
    const last = await svc.completeLesson(me, 'curso-de-prueba', 'leccion-2');
    expect(last).toEqual({ next: null, completed: true });
    const card = (await svc.catalogue(me, 'en')).find((c) => c.slug === 'curso-de-prueba')!;
    expect(card.progress).toMatchObject({ done: 3, percent: 100, completed: true });
    await expect(svc.completeLesson(null, 'curso-de-prueba', 'leccion-1')).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(svc.completeLesson({ id: me.id, type: 'hire' }, 'curso-de-prueba', 'leccion-1')).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('draws the interview’s questions without their answers, and one active attempt survives 12 concurrent starts', async () => {
    const me = await candidate();
    const ids = await Promise.all(Array.from({ length: 12 }, () => svc.startAttempt(me, 'entrevista-prueba')));
    expect(new Set(ids).size).toBe(1);
    const rows = await t.db.selectFrom('interview_attempts').select('id').where('user_id', '=', me.id).execute();
    expect(rows).toHaveLength(1);
    const attempt = await svc.activeAttempt(me, 'entrevista-prueba', 'es');
    expect(attempt!.questions).toHaveLength(10);
    expect(new Set(attempt!.questions.map((q) => q.id)).size).toBe(10);
    expect(JSON.stringify(attempt)).not.toMatch(/answer/i);
    expect(attempt!.deadline.getTime() - clock.getTime()).toBe(20 * 60_000);
  });

  it('passes at the pass mark and awards a certificate: level from the score, valid two years, verifiable', async () => {
    const me = await candidate();
    const id = await svc.startAttempt(me, 'entrevista-prueba');
    const attempt = (await svc.activeAttempt(me, 'entrevista-prueba', 'es'))!;
    const result = await svc.submitAttempt(
      me,
      'entrevista-prueba',
      id,
      await answersOf(
        attempt.questions.map((q) => q.id),
        8,
      ),
      'es',
    );
    expect(result).toMatchObject({ score: 80, passed: true, outcome: 'submitted' });
    expect(result).not.toHaveProperty('correct');
    expect(result.band.id).toBe('mid');
    const cert = (await svc.certificate(result.certificate!))!;
    expect(cert).toMatchObject({ level: 'mid', score: 80, status: 'valid', holderName: 'Ana García', isDemo: false });
    expect(cert.expiresAt.getTime() - cert.issuedAt.getTime()).toBeGreaterThan(729 * DAY);
    // A passed, valid certificate: no retake.
    await expect(svc.startAttempt(me, 'entrevista-prueba')).rejects.toMatchObject({ code: 'conflict' });
    // Submitting the same attempt again changes nothing.
    expect((await svc.submitAttempt(me, 'entrevista-prueba', id, {}, 'es')).score).toBe(80);

    const { jwt } = await credentialOf(cert, { siteUrl: 'https://tandem.example', brand: 'Tandem' }, testSigningKey);
    const jwks = createLocalJWKSet({ keys: [publishedJwk(testSigningKey, 'https://tandem.example')] });
    const { payload, protectedHeader } = await jwtVerify(jwt, jwks, { issuer: 'https://tandem.example', currentDate: clock });
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', kid: `https://tandem.example/.well-known/jwks.json#${testSigningKey.jwk.kid}` });
    expect(payload.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(payload.jti).toBe(`urn:uuid:${cert.verificationId}`);
    const [h, body, sig] = jwt.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), name: 'Senior architect' }),
    ).toString('base64url');
    await expect(jwtVerify(`${h}.${forged}.${sig}`, jwks, { currentDate: clock })).rejects.toThrow();

    // The holder's profile is linked only while it is public.
    await t.db
      .insertInto('candidate_profiles')
      .values({ user_id: me.id, is_public: 0, updated_at: new Date() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ is_public: 0 }))
      .execute();
    expect((await svc.certificate(cert.slug))!.profileSlug).toBeNull();
    await t.db.updateTable('candidate_profiles').set({ is_public: 1 }).where('user_id', '=', me.id).execute();
    expect((await svc.certificate(cert.slug))!.profileSlug).toMatch(/^ana-garcia/);
    // Its bit in the status list is its id; revoking sets it, once, with a reason, and purges its page.
    const row = await t.db
      .selectFrom('certifications')
      .select(['id', 'status_index'])
      .where('slug', '=', cert.slug)
      .executeTakeFirstOrThrow();
    expect(cert.statusIndex).toBe(row.id);
    expect(payload.credentialStatus).toMatchObject({ statusListIndex: String(row.id) });
    expect(await svc.revokedIndexes(0, STATUS_LIST_SIZE)).toEqual({ indexes: [], latest: null });
    const purgesBefore = await t.db.selectFrom('page_purges').select('seq').execute();
    await expect(svc.revoke(cert.slug, '  ')).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(svc.revoke('no-such-certificate', 'x')).rejects.toMatchObject({ code: 'not-found' });
    expect(await svc.revoke(String(row.id), 'Answers shared online')).toEqual({ slug: cert.slug, revokedAt: clock });
    const revoked = (await svc.certificate(cert.slug))!;
    expect(revoked).toMatchObject({ status: 'revoked', revokedAt: clock, revokeReason: 'Answers shared online' });
    expect(await svc.revokedIndexes(0, STATUS_LIST_SIZE)).toEqual({ indexes: [row.id], latest: clock.toISOString() });
    expect(await svc.revokedIndexes(row.id + 1, row.id + 10)).toEqual({ indexes: [], latest: null });
    const purges = await t.db
      .selectFrom('page_purges')
      .select('purge')
      .where('seq', 'not in', purgesBefore.map((p) => p.seq).concat(-1))
      .execute();
    expect(purges.map((p) => JSON.parse(p.purge) as unknown)).toEqual([{ tags: [`certificate:${cert.slug}`] }]);
    await expect(svc.revoke(cert.slug, 'again')).rejects.toMatchObject({ code: 'conflict' });
    expect((await svc.latestCertificates(10, true)).map((c) => c.slug)).toEqual([cert.slug]);
  });

  it('fails below the pass mark and refuses a retake for 30 days', async () => {
    const me = await candidate();
    const id = await svc.startAttempt(me, 'entrevista-prueba');
    const attempt = (await svc.activeAttempt(me, 'entrevista-prueba', 'en'))!;
    const result = await svc.submitAttempt(
      me,
      'entrevista-prueba',
      id,
      await answersOf(
        attempt.questions.map((q) => q.id),
        6,
      ),
      'en',
    );
    expect(result).toMatchObject({ score: 60, passed: false, certificate: null });
    expect(result.retakeAt!.getTime() - clock.getTime()).toBe(30 * DAY);
    expect(result.missedTopics.length).toBeGreaterThan(0);
    await expect(svc.startAttempt(me, 'entrevista-prueba')).rejects.toMatchObject({ code: 'conflict' });
    const saved = clock;
    clock = new Date(saved.getTime() + 30 * DAY + 1000);
    try {
      expect(await svc.startAttempt(me, 'entrevista-prueba')).toBeGreaterThan(id);
    } finally {
      clock = saved;
    }
  });

  it('holds the retake wait for the person: a second account on an alias of the same mailbox waits too', async () => {
    const base = `persona${++seq}`;
    const first = await candidate({ email: `${base}@gmail.com` });
    const id = await svc.startAttempt(first, 'entrevista-prueba');
    const attempt = (await svc.activeAttempt(first, 'entrevista-prueba', 'es'))!;
    await svc.submitAttempt(
      first,
      'entrevista-prueba',
      id,
      await answersOf(
        attempt.questions.map((q) => q.id),
        2,
      ),
      'es',
    );
    const alias = await candidate({ email: `${base.slice(0, 3)}.${base.slice(3)}+otra@googlemail.com` });
    expect((await svc.interview('entrevista-prueba', alias, 'es'))!.state).toMatchObject({ kind: 'failed' });
    await expect(svc.startAttempt(alias, 'entrevista-prueba')).rejects.toMatchObject({ code: 'conflict' });
    // Someone else entirely is not held back.
    const other = await candidate();
    expect((await svc.interview('entrevista-prueba', other, 'es'))!.state).toEqual({ kind: 'available' });
  });

  it('gives no interview, so no certificate, to an address nobody confirmed', async () => {
    const me = await candidate({ confirmed: false });
    expect((await svc.interview('entrevista-prueba', me, 'es'))!.state).toEqual({ kind: 'unconfirmed' });
    expect((await svc.interviews(me, 'es')).every((c) => c.state?.kind === 'unconfirmed')).toBe(true);
    await expect(svc.startAttempt(me, 'entrevista-prueba')).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('does not count answers sent after the deadline, and closes an attempt left running', async () => {
    const me = await candidate();
    const id = await svc.startAttempt(me, 'entrevista-prueba');
    const attempt = (await svc.activeAttempt(me, 'entrevista-prueba', 'es'))!;
    const answers = await answersOf(
      attempt.questions.map((q) => q.id),
      10,
    );
    const other = await candidate();
    expect(await svc.startAttempt(other, 'entrevista-prueba')).toBeGreaterThan(0);
    const saved = clock;
    try {
      clock = new Date(attempt.deadline.getTime() + SUBMIT_GRACE_MS + 1000);
      const late = await svc.submitAttempt(me, 'entrevista-prueba', id, answers, 'es');
      expect(late).toMatchObject({ score: 0, passed: false, outcome: 'expired' });
      // The other candidate never submitted: the attempt closes as expired on their next visit.
      expect(await svc.activeAttempt(other, 'entrevista-prueba', 'es')).toBeNull();
      const view = await svc.interview('entrevista-prueba', other, 'es');
      expect(view!.state).toMatchObject({ kind: 'failed' });
      expect(view!.lastResult).toMatchObject({ outcome: 'expired', score: 0 });
    } finally {
      clock = saved;
    }
  });

  it('answers unknown interviews and certificates with null, and only candidates start attempts', async () => {
    expect(await svc.interview('no-such-interview', null, 'es')).toBeNull();
    expect(await svc.certificate('no-such-certificate')).toBeNull();
    await expect(svc.startAttempt(null, 'entrevista-prueba')).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(svc.startAttempt({ id: 1, type: 'hire' }, 'entrevista-prueba')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(svc.startAttempt((await candidate()) as never, 'no-such-interview')).rejects.toMatchObject({ code: 'not-found' });
  });
});
