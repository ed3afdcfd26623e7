import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { href } from '../../routes';
import { createEmailService } from '../email/email-service';
import { createAuthService, type AuthService } from './auth-service';
import { sweepEmailChanges } from './data/email-changes';

// Changing the password and the email of a signed-in account (decision 069), on SQLite and PostgreSQL: what
// ends, what is emailed to whom, and the single-use, expiring links of an email change (only hashes stored).
const SECRET = 's'.repeat(40);
const SITE = 'https://tandem.example';
const IP = { ip: '198.51.100.9' };
const PASSWORD = 'clave-segura-1';

describe.each(testDatabases)('account settings on %s', (_name, open) => {
  let t: TestDb;
  let auth: AuthService;
  let clock = Date.now();
  let seq = 0;
  beforeAll(async () => {
    t = await open();
    auth = createAuthService(t, SECRET, { email: createEmailService(t, { log: () => {} }), siteUrl: SITE, now: () => clock });
  });
  afterAll(async () => t?.cleanup());

  const account = async (type: 'match' | 'hire' = 'match') => {
    const email = `persona${++seq}@example.com`;
    const { access_token, user } = await auth.register(
      type,
      { name: 'Lola', last_name: 'Paz', email, password: PASSWORD, company_name: 'Paz SA' },
      IP,
    );
    return { email, token: access_token, id: user.id };
  };
  const mails = (to: string, kind: string) =>
    t.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body', 'html_body', 'headers', 'locale'])
      .where('to_email', '=', to)
      .where('kind', '=', kind)
      .execute();
  const linkIn = (text: string, id: 'accountEmailConfirm' | 'accountEmailUndo', locale: 'es' | 'en') => {
    const prefix = SITE + href(id, locale, { token: 'X' }).replace('X', '');
    const at = text.indexOf(prefix);
    expect(at, text).toBeGreaterThan(-1);
    return text.slice(at + prefix.length).match(/^[A-Za-z0-9_-]+/)![0];
  };
  const live = (token: string) =>
    auth.me(null, token).then(
      () => true,
      () => false,
    );

  it('changes the password: the current one is checked, the other sessions end, this one is re-issued, the account is told', async () => {
    const a = await account();
    const other = (await auth.login('match', a.email, PASSWORD, IP)).access_token;
    await expect(auth.changePassword(a.token, 'mala-clave-1', 'nueva-clave-9', IP, 'en')).rejects.toMatchObject({
      code: 'invalid-input',
      fields: { currentPassword: { key: 'api.wrongCurrentPassword' } },
    });
    const { access_token } = await auth.changePassword(a.token, PASSWORD, 'nueva-clave-9', IP, 'en');
    expect(await live(other)).toBe(false);
    expect(await live(a.token)).toBe(false);
    expect(await live(access_token)).toBe(true);
    await expect(auth.login('match', a.email, PASSWORD, IP)).rejects.toMatchObject({ code: 'invalid-credentials' });
    expect((await auth.login('match', a.email, 'nueva-clave-9', IP)).user.id).toBe(a.id);
    const [notice] = await mails(a.email, 'password-changed');
    expect(notice).toMatchObject({ locale: 'en', subject: 'Your Tandem password was changed', headers: null });
    expect(notice!.text_body).toContain(SITE + href('forgotPassword', 'en'));
    // Essential: no List-Unsubscribe header (headers null above) and no unsubscribe link.
    expect(notice!.text_body).not.toMatch(/\/email\/(baja|unsubscribe)\//);
  });

  it('changes the email only once the new address confirms it; the old one can undo it', async () => {
    const a = await account('hire');
    const next = `nuevo${++seq}@example.com`;
    await auth.requestEmailChange(a.token, PASSWORD, next, 'es', IP);
    expect((await auth.me(null, a.token)).email).toBe(a.email);
    const [confirm] = await mails(next, 'email-change-confirmation');
    expect(confirm!.subject).toBe('Confirma tu nuevo correo para Tandem');
    const code = linkIn(confirm!.text_body, 'accountEmailConfirm', 'es');
    // Only a hash is stored.
    const row = await t.db.selectFrom('email_changes').selectAll().where('user_id', '=', a.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(await auth.pendingEmailChange(code, IP)).toBe(next);

    expect(await auth.confirmEmailChange(code, 'es', IP)).toEqual({ email: next });
    expect((await auth.me(null, a.token)).email).toBe(next);
    expect(await live(a.token)).toBe(true);
    expect((await auth.login('hire', next, PASSWORD, IP)).user.id).toBe(a.id);
    await expect(auth.login('hire', a.email, PASSWORD, IP)).rejects.toMatchObject({ code: 'invalid-credentials' });
    // Single use.
    await expect(auth.confirmEmailChange(code, 'es', IP)).rejects.toMatchObject({ code: 'invalid-input' });
    expect(await auth.pendingEmailChange(code, IP)).toBeNull();

    // The old address: a notice with the undo link; meanwhile nobody can take the old address.
    const [notice] = await mails(a.email, 'email-changed');
    expect(notice!.text_body).toContain(next);
    const undo = linkIn(notice!.text_body, 'accountEmailUndo', 'es');
    await expect(
      auth.register('match', { name: 'Otra', last_name: 'Persona', email: a.email, password: PASSWORD }, IP),
    ).rejects.toMatchObject({ code: 'email-taken' });
    expect(await auth.undoableEmailChange(undo, IP)).toBe(a.email);
    const { email, resetCode } = await auth.undoEmailChange(undo, IP);
    expect(email).toBe(a.email);
    expect(await live(a.token)).toBe(false);
    await expect(auth.login('hire', a.email, PASSWORD, IP)).rejects.toMatchObject({ code: 'invalid-credentials' });
    // The owner sets a new password with the code the undo gave.
    const back = await auth.resetPassword(resetCode, 'otra-clave-77', IP);
    expect(back.user).toMatchObject({ id: a.id, email: a.email });
    await expect(auth.undoEmailChange(undo, IP)).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('refuses a wrong password, the same address, and an address with an account (as the sign-up does)', async () => {
    const a = await account();
    const b = await account();
    await expect(auth.requestEmailChange(a.token, 'mala-clave-1', 'libre@example.com', 'en', IP)).rejects.toMatchObject({
      fields: { currentPassword: { key: 'api.wrongCurrentPassword' } },
    });
    await expect(auth.requestEmailChange(a.token, PASSWORD, a.email.toUpperCase(), 'en', IP)).rejects.toMatchObject({
      fields: { email: { key: 'account.sameEmail' } },
    });
    await expect(auth.requestEmailChange(a.token, PASSWORD, b.email, 'en', IP)).rejects.toMatchObject({
      code: 'email-taken',
      fields: { email: { key: 'api.emailTaken' } },
    });
    await expect(auth.requestEmailChange(null, PASSWORD, 'libre@example.com', 'en', IP)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('a link expires, a newer request cancels the older one, and an address taken meanwhile is refused on confirmation', async () => {
    const a = await account();
    const first = `uno${++seq}@example.com`;
    const second = `dos${++seq}@example.com`;
    await auth.requestEmailChange(a.token, PASSWORD, first, 'en', IP);
    await auth.requestEmailChange(a.token, PASSWORD, second, 'en', IP);
    const code1 = linkIn((await mails(first, 'email-change-confirmation'))[0]!.text_body, 'accountEmailConfirm', 'en');
    const code2 = linkIn((await mails(second, 'email-change-confirmation'))[0]!.text_body, 'accountEmailConfirm', 'en');
    await expect(auth.confirmEmailChange(code1, 'en', IP)).rejects.toMatchObject({ code: 'invalid-input' });
    // Someone signs up with the second address before it is confirmed.
    await auth.register('match', { name: 'Rápida', last_name: 'Persona', email: second, password: PASSWORD }, IP);
    await expect(auth.confirmEmailChange(code2, 'en', IP)).rejects.toMatchObject({ code: 'email-taken' });
    expect((await auth.me(null, a.token)).email).toBe(a.email);

    const third = `tres${++seq}@example.com`;
    await auth.requestEmailChange(a.token, PASSWORD, third, 'en', IP);
    const code3 = linkIn((await mails(third, 'email-change-confirmation'))[0]!.text_body, 'accountEmailConfirm', 'en');
    const saved = clock;
    clock += 25 * 60 * 60 * 1000;
    try {
      expect(await auth.pendingEmailChange(code3, IP)).toBeNull();
      await expect(auth.confirmEmailChange(code3, 'en', IP)).rejects.toMatchObject({ code: 'invalid-input' });
    } finally {
      clock = saved;
    }
  });

  it('the undo link lasts 7 days', async () => {
    const a = await account();
    const next = `siete${++seq}@example.com`;
    await auth.requestEmailChange(a.token, PASSWORD, next, 'en', IP);
    await auth.confirmEmailChange(
      linkIn((await mails(next, 'email-change-confirmation'))[0]!.text_body, 'accountEmailConfirm', 'en'),
      'en',
      IP,
    );
    const undo = linkIn((await mails(a.email, 'email-changed'))[0]!.text_body, 'accountEmailUndo', 'en');
    const saved = clock;
    clock += 8 * 24 * 60 * 60 * 1000;
    try {
      expect(await auth.undoableEmailChange(undo, IP)).toBeNull();
      await expect(auth.undoEmailChange(undo, IP)).rejects.toMatchObject({ code: 'invalid-input' });
    } finally {
      clock = saved;
    }
    expect((await auth.me(null, a.token)).email).toBe(next);
  });

  it('the housekeeping forgets a change once none of its links can be used', async () => {
    const a = await account();
    await auth.requestEmailChange(a.token, PASSWORD, `barrido${++seq}@example.com`, 'en', IP);
    const mine = () => t.db.selectFrom('email_changes').select('id').where('user_id', '=', a.id).execute();
    await sweepEmailChanges(t.db, new Date(clock));
    expect(await mine()).toHaveLength(1);
    await sweepEmailChanges(t.db, new Date(clock + 25 * 60 * 60 * 1000));
    expect(await mine()).toHaveLength(0);
  });
});
