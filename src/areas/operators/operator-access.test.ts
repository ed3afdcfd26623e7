import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageError } from '../../domain/page-error';
import { getT } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import type { RouteId } from '../../routes';
import { anonymousSession, type Session } from '../../state/session';
import { testDatabases, type TestDb } from '../../testing/databases';
import { areaDeps } from '../../testing/area-deps';
import { createAuthService, type AuthService } from '../../server/accounts/auth-service';
import {
  AUDIT_KEEP_MS,
  createOperatorService,
  OPERATOR_IDLE_MS,
  OPERATOR_MAX_MS,
  type OperatorService,
} from '../../server/accounts/operators/operator-service';
import type { FormInput, FormOutcome } from '../../server/http/forms';
import { runWithRequestContext } from '../../server/request-context';
import type { PageProps } from '../../server/render/page-types';
import { isPageAnswer } from '../../server/render/page-answer';
import { createModerationService, type ModerationService } from '../../server/offers/moderation-service';
import { createLearningService } from '../../server/learning/learning-service';
import { createLeadAdmin } from '../../server/meetings/lead-admin';
import type { MeetingService } from '../../server/meetings/meeting-service';
import { addCompany, addOffer } from '../../testing/marketplace';
import { createSecretBox, operatorKey } from '../../server/accounts/operators/secret-box';
import { operatorRoutes } from './routes';

// Every operator page and action refuses anonymous visitors, candidates, companies and an operator who has
// not passed the second step with the same 404 (decision 070), on SQLite and PostgreSQL; the second step
// takes a TOTP code once and a recovery code once; operator sessions end after 30 minutes idle.
const SECRET = 'o'.repeat(40);
const IP = { ip: '198.51.100.9' };
const PASSWORD = 'clave-segura-1';

type Who = { name: string; token: string | null; viewer: { id: number; type: 'match' | 'hire' } | null };

describe.each(testDatabases)('the operator area on %s', (_name, open) => {
  let t: TestDb;
  let auth: AuthService;
  let operators: OperatorService;
  let moderation: ModerationService;
  let clock = Date.now();
  let routes: ReturnType<typeof operatorRoutes>;
  const who: Record<string, Who> = {};

  const signIn = async (name: string, type: 'match' | 'hire', email: string): Promise<Who> => {
    const { access_token, user } = await auth.login(type, email, PASSWORD, IP);
    return { name, token: access_token, viewer: { id: user.id, type } };
  };

  beforeAll(async () => {
    t = await open();
    auth = createAuthService(t, SECRET, { now: () => clock });
    operators = createOperatorService(t, { secret: SECRET, now: () => clock });
    moderation = createModerationService(t, { audit: (e) => operators.record(e), siteUrl: 'https://tandem.example', brand: 'Tandem' });
    const learning = createLearningService(t, { retakeDays: 30, now: () => new Date(clock) });
    const meetings = { admin: createLeadAdmin(t.db) } as unknown as MeetingService;
    routes = operatorRoutes(
      areaDeps({
        operators: async () => operators,
        auth: async () => auth,
        moderation: async () => moderation,
        learning: async () => learning,
        meetings: async () => meetings,
      }),
    );
    for (const [type, email] of [
      ['match', 'cand@example.com'],
      ['hire', 'empresa@example.com'],
      ['match', 'opera@example.com'],
    ] as const)
      await auth.register(type, { name: 'Ana', last_name: 'Paz', email, password: PASSWORD, company_name: 'Acme' }, IP);
    await operators.add('opera@example.com');
    who.anonymous = { name: 'anonymous', token: null, viewer: null };
    who.candidate = await signIn('candidate', 'match', 'cand@example.com');
    who.company = await signIn('company', 'hire', 'empresa@example.com');
    who.operator = await signIn('operator without the second factor', 'match', 'opera@example.com');
  });
  afterAll(async () => t?.cleanup());
  /** The enrolled factor's secret, opened with the key the service derives from the session secret (stored encrypted). */
  const storedSecret = async () =>
    createSecretBox(operatorKey({}, SECRET)).open(
      (await t.db.selectFrom('operators').select('totp_secret').executeTakeFirstOrThrow()).totp_secret!,
    );

  const sessionOf = (w: Who): Session =>
    w.viewer
      ? {
          type: w.viewer.type,
          loggedIn: true,
          user: {
            id: w.viewer.id,
            name: 'Ana',
            last_name: 'Paz',
            email: 'x',
            profile_picture_path: null,
            profile_slug: null,
          } as Session['user'],
        }
      : anonymousSession;

  /** A page rendered for `w`: its status (a PageError's, or the answer's). */
  const render = async (
    id: RouteId,
    w: Who,
    locale: Locale = 'es',
    query = '',
    form: PageProps['form'] = null,
    params: Record<string, string> = {},
  ) => {
    const page = routes[id as keyof typeof routes].page;
    const props: PageProps = {
      id,
      locale,
      params,
      query,
      path: '/',
      t: getT(locale),
      brand: 'Tandem',
      session: sessionOf(w),
      viewer: w.viewer,
      form,
      anonymousId: null,
      country: null,
    };
    const ctx = { nonce: 'n', patch: { cookies: [], headers: [] }, token: w.token };
    try {
      const out = await runWithRequestContext(ctx, () => page(props));
      return { status: isPageAnswer(out) ? out.status : 200, headers: isPageAnswer(out) ? out.headers : {}, out };
    } catch (err) {
      if (err instanceof PageError) return { status: err.status, headers: {}, out: null };
      throw err;
    }
  };

  type FormRoute = 'operator' | 'operatorVerify' | 'operatorModeration' | 'operatorAccount' | 'operatorCertificates' | 'operatorSalaries';
  const post = (
    id: FormRoute,
    w: Who,
    fields: Record<string, string>,
    locale: Locale = 'es',
    params: Record<string, string> = {},
  ): Promise<FormOutcome> => {
    const input: FormInput = {
      id,
      locale,
      t: getT(locale),
      params,
      query: new URLSearchParams(),
      fields,
      lists: {},
      files: {},
      session: sessionOf(w),
      viewer: w.viewer,
      token: w.token,
      ip: IP.ip,
      cookieHeader: undefined,
    };
    return routes[id].action.handle(input);
  };

  /** The leads page's CSV export, as the route's GET answers it for `w`'s cookie (null: the page renders). */
  const csv = async (w: Who, which: string) => {
    const url = new URL(`http://localhost/operador/leads?csv=${which}`);
    const request = new Request(url, { headers: w.token ? { cookie: `tandem_token=${w.token}` } : {} });
    return routes.operatorLeads.get({
      match: { id: 'operatorLeads', locale: 'es', params: {} },
      url,
      rsc: false,
      request,
      viewer: async () => w.viewer,
    });
  };

  const refusedOnes = () => [who.anonymous!, who.candidate!, who.company!, who.operator!];
  const secretOf = async (userId: number) => (await operators.enrolment(userId))!.secret;
  const codeAt = (secret: string, at: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

  it('refuses every page and action with 404 before the second step, in both languages', async () => {
    for (const w of refusedOnes())
      for (const locale of ['es', 'en'] as const) {
        expect((await render('operator', w, locale)).status, `${w.name} operator`).toBe(404);
        expect((await render('operatorAudit', w, locale)).status, `${w.name} audit`).toBe(404);
        expect((await render('operatorModeration', w, locale)).status, `${w.name} moderation`).toBe(404);
        expect(
          await post('operatorModeration', w, { offer: '1', intent: 'hide', reason: 'Parece una estafa.' }, locale),
          `${w.name} moderation post`,
        ).toMatchObject({ ok: false, status: 404 });
        // The sections (decision 074): every page, form and export.
        for (const id of ['operatorAccounts', 'operatorCertificates', 'operatorLeads', 'operatorSalaries'] as const)
          expect((await render(id, w, locale, 'q=ana')).status, `${w.name} ${id}`).toBe(404);
        for (const intent of ['remove', 'dismiss'])
          expect(await post('operatorSalaries', w, { intent, report: '1', reason: 'Typo' }, locale), `${w.name} salaries`).toMatchObject({
            ok: false,
            status: 404,
          });
        expect((await render('operatorAccount', w, locale, '', null, { id: '1' })).status, `${w.name} account`).toBe(404);
        for (const intent of ['block', 'unblock'])
          expect(await post('operatorAccount', w, { intent, reason: 'x' }, locale, { id: '1' }), `${w.name} ${intent}`).toMatchObject({
            ok: false,
            status: 404,
          });
        expect(await post('operatorCertificates', w, { certificate: 'x', reason: 'y' }, locale), w.name).toMatchObject({
          ok: false,
          status: 404,
        });
        for (const which of ['leads', 'reuniones']) expect((await csv(w, which))?.status, `${w.name} csv`).toBe(404);
        expect(
          (await post('operator', w, { intent: 'leave' }, locale)).ok === false && (await post('operator', w, {}, locale)),
          w.name,
        ).toMatchObject({
          status: 404,
        });
      }
    // The second step is an operator's only: everyone else gets the same 404 there.
    for (const w of [who.anonymous!, who.candidate!, who.company!]) {
      expect((await render('operatorVerify', w)).status, w.name).toBe(404);
      expect(await post('operatorVerify', w, { code: '123456' }), w.name).toMatchObject({ ok: false, status: 404 });
    }
  });

  it('enrols the factor, shows ten recovery codes once, and opens the area to that session only', async () => {
    const op = who.operator!;
    const page = await render('operatorVerify', op);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const secret = await secretOf(op.viewer!.id);
    expect(await post('operatorVerify', op, { code: '000000' === codeAt(secret, clock) ? '111111' : '000000' })).toMatchObject({
      ok: false,
      status: 422,
    });
    const enrolled = await post('operatorVerify', op, { code: codeAt(secret, clock) });
    expect(enrolled).toMatchObject({ ok: false, status: 200 });
    const codes = (enrolled as { values: Record<string, string> }).values.recoveryCodes!.split(' ');
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await render('operator', op)).status).toBe(200);
    expect((await render('operatorAudit', op)).status).toBe(200);
    const queue = await render('operatorModeration', op, 'en');
    expect(queue.status).toBe(200);
    expect(queue.headers['cache-control']).toBe('private, no-store');
    // The operator hides a reported offer from the queue: audited under the operator's address.
    const { companyId } = await addCompany(t.db, 'Dudosa');
    const offer = await addOffer(t.db, companyId);
    await moderation.report(offer.slug, null, { reason: 'scam' }, IP);
    expect(await post('operatorModeration', op, { offer: String(offer.id), intent: 'hide', reason: 'corto' })).toMatchObject({
      ok: false,
      status: 422,
    });
    expect(await post('operatorModeration', op, { offer: String(offer.id), intent: 'hide', reason: 'Parece una estafa.' })).toMatchObject({
      ok: true,
      redirect: '/operador/moderacion?hecho=hide',
    });
    expect((await operators.audit(null)).items[0]).toMatchObject({
      action: 'offer.hide',
      actor: 'opera@example.com',
      target_type: 'offer',
      target_id: String(offer.id),
    });
    // Another session of the same operator has not passed the second step.
    const other = await signIn('other session', 'match', 'opera@example.com');
    expect((await render('operator', other)).status).toBe(404);
    // The same code again (same time step) is refused; the next step's code is taken once.
    expect(await post('operatorVerify', other, { code: codeAt(secret, clock) })).toMatchObject({ ok: false, status: 422 });
    clock += 30_000;
    expect(await post('operatorVerify', other, { code: codeAt(secret, clock) })).toMatchObject({ ok: true, redirect: '/operador' });
    const third = await signIn('third session', 'match', 'opera@example.com');
    expect(await post('operatorVerify', third, { code: codeAt(secret, clock) })).toMatchObject({ ok: false, status: 422 });
    // A recovery code works once.
    expect(await post('operatorVerify', third, { code: codes[0]!.toLowerCase() }, 'en')).toMatchObject({
      ok: true,
      redirect: '/en/operator',
    });
    const fourth = await signIn('fourth session', 'match', 'opera@example.com');
    expect(await post('operatorVerify', fourth, { code: codes[0]! })).toMatchObject({ ok: false, status: 422 });
    // The recovery codes are kept hashed.
    const stored = await t.db.selectFrom('operator_recovery_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[1]);

    const log = await operators.audit(null);
    expect(log.items.map((e) => e.action)).toEqual([
      'operator.sign-in-recovery-code',
      'operator.sign-in',
      'offer.hide',
      'operator.enrol',
      'operator.add',
    ]);
    expect(log.items.at(-1)).toMatchObject({ actor: 'cli', target_type: 'user', target_id: String(op.viewer!.id) });
  });

  it('ends an operator session after 30 minutes idle, and on leaving', async () => {
    const op = who.operator!;
    // The last use was the second step, a minute ago at most.
    clock += OPERATOR_IDLE_MS - 90_000;
    expect((await render('operator', op)).status).toBe(200);
    clock += OPERATOR_IDLE_MS + 1000;
    expect((await render('operator', op)).status).toBe(404);
    const s = await signIn('again', 'match', 'opera@example.com');
    clock += 30_000;
    const secret = await storedSecret();
    expect(await post('operatorVerify', s, { code: codeAt(secret, clock) })).toMatchObject({ ok: true });
    expect(await post('operator', s, { intent: 'leave' })).toMatchObject({ ok: true, redirect: '/' });
    expect((await render('operator', s)).status).toBe(404);
  });

  it('ends an operator session 8 hours after the second step, however much it is used', async () => {
    const s = await signIn('long day', 'match', 'opera@example.com');
    clock += 30_000;
    const secret = await storedSecret();
    expect(await post('operatorVerify', s, { code: codeAt(secret, clock) })).toMatchObject({ ok: true });
    const end = clock + OPERATOR_MAX_MS;
    while (clock + 20 * 60_000 < end) {
      clock += 20 * 60_000;
      expect((await render('operator', s)).status).toBe(200);
    }
    clock = end + 1000;
    expect((await render('operator', s)).status).toBe(404);
  });

  it('pages the audit log newest first, and the housekeeping keeps two years of it', async () => {
    for (let i = 0; i < 55; i++) await operators.record({ actor: { kind: 'cli' }, action: `test.${i}` });
    const first = await operators.audit(null);
    expect(first.items[0]!.action).toBe('test.54');
    expect(first.items).toHaveLength(50);
    const second = await operators.audit(first.next);
    expect(second.items[0]!.id).toBeLessThan(first.items.at(-1)!.id);
    // The log has no update path: the test moves an entry back in time with plain SQL.
    const old = new Date(clock - AUDIT_KEEP_MS - 60_000).toISOString();
    await sql`update operator_audit set created_at = ${old} where action = 'test.0'`.execute(t.db);
    await operators.sweep();
    const actions = (await t.db.selectFrom('operator_audit').select('action').execute()).map((r) => r.action);
    expect(actions).not.toContain('test.0');
    expect(actions).toContain('test.1');
  });

  it('opens the sections to an operator: block and unblock, revoke, the CSV exports, each audited', async () => {
    const s = await signIn('sections', 'match', 'opera@example.com');
    clock += 30_000;
    const secret = await storedSecret();
    expect(await post('operatorVerify', s, { code: codeAt(secret, clock) })).toMatchObject({ ok: true });
    const cand = who.candidate!.viewer!.id;
    for (const locale of ['es', 'en'] as const) {
      for (const id of ['operatorAccounts', 'operatorCertificates', 'operatorLeads', 'operatorSalaries'] as const)
        expect((await render(id, s, locale, 'q=cand%40')).status, id).toBe(200);
      expect((await render('operatorAccount', s, locale, '', null, { id: String(cand) })).status).toBe(200);
    }
    expect((await render('operatorAccount', s, 'es', '', null, { id: '999999' })).status).toBe(404);
    // Block: refused without a reason, then the candidate's session is over and sign-in is refused.
    expect(await post('operatorAccount', s, { intent: 'block', reason: ' ' }, 'es', { id: String(cand) })).toMatchObject({
      ok: false,
      status: 422,
    });
    expect(await post('operatorAccount', s, { intent: 'block', reason: 'Spam' }, 'en', { id: String(cand) })).toMatchObject({
      ok: true,
      redirect: `/en/operator/accounts/${cand}`,
    });
    await expect(auth.me('match', who.candidate!.token)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(auth.login('match', 'cand@example.com', PASSWORD, IP)).rejects.toMatchObject({ code: 'suspended' });
    expect(await post('operatorAccount', s, { intent: 'unblock', reason: 'Checked' }, 'es', { id: String(cand) })).toMatchObject({
      ok: true,
    });
    who.candidate = await signIn('candidate', 'match', 'cand@example.com');
    // Revoke a certificate through the learning service.
    const { userId } = await addCompany(t.db, 'Certs');
    const cert = await t.db
      .insertInto('certifications')
      .values({ slug: 'cert-operador', user_id: userId, role: 'frontend', level: 'mid', score: 90, is_demo: 0, issued_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('certifications').set({ status_index: cert.id }).where('id', '=', cert.id).execute();
    expect(await post('operatorCertificates', s, { certificate: 'cert-operador', reason: '' })).toMatchObject({ ok: false, status: 422 });
    expect(await post('operatorCertificates', s, { certificate: 'no-such', reason: 'x' })).toMatchObject({ ok: false, status: 404 });
    expect(await post('operatorCertificates', s, { certificate: 'cert-operador', reason: 'Shared answers' })).toMatchObject({
      ok: true,
      redirect: '/operador/certificados',
    });
    expect(await post('operatorCertificates', s, { certificate: 'cert-operador', reason: 'Again' })).toMatchObject({
      ok: false,
      status: 409,
    });
    // Salary data (decision 075): a bad action or reason is a 422 with its message, a missing report a 404.
    expect(await post('operatorSalaries', s, { intent: 'delete', report: '1', reason: 'Typo' })).toMatchObject({ ok: false, status: 422 });
    expect(await post('operatorSalaries', s, { intent: 'remove', report: 'x', reason: 'Typo' })).toMatchObject({ ok: false, status: 422 });
    expect(await post('operatorSalaries', s, { intent: 'remove', report: '1', reason: 'ab' }, 'en')).toMatchObject({
      ok: false,
      status: 422,
      errors: { reason: 'Use at least 3 characters.' },
    });
    expect(await post('operatorSalaries', s, { intent: 'dismiss', report: '999999', reason: 'Typo' })).toMatchObject({
      ok: false,
      status: 404,
    });
    const list = await render('operatorCertificates', s);
    expect(JSON.stringify(list.out)).toContain('cert-operador');
    // The exports: a CSV with a BOM and CRLF, formulas neutralised.
    await t.db
      .insertInto('leads')
      .values({ name: '=HYPERLINK("x")', email: 'l@example.com', company: 'Acme', locale: 'es', created_at: new Date() })
      .execute();
    const res = (await csv(s, 'leads'))!;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const body = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(body.startsWith('\ufeffid,created_at,state')).toBe(true);
    expect(body).toContain(`"'=HYPERLINK(""x"")"`);
    expect((await csv(s, 'reuniones'))!.status).toBe(200);
    expect((await csv(s, 'otra'))!.status).toBe(404);
    const actions = (await operators.audit(null)).items.slice(0, 5).map((e) => e.action);
    expect(actions).toEqual(['meetings.export', 'leads.export', 'certificate.revoke', 'account.unblock', 'account.block']);
  });

  it('refuses a removed operator like anyone else', async () => {
    const s = await signIn('before removal', 'match', 'opera@example.com');
    clock += 30_000;
    const secret = await storedSecret();
    expect(await post('operatorVerify', s, { code: codeAt(secret, clock) })).toMatchObject({ ok: true });
    await operators.remove('opera@example.com');
    expect((await render('operator', s)).status).toBe(404);
    expect((await render('operatorVerify', s)).status).toBe(404);
    expect((await operators.audit(null)).items[0]).toMatchObject({ action: 'operator.remove', actor: 'cli' });
  });
});
