import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getT } from '../../i18n/translate';
import { anonymousSession } from '../../state/session';
import { testDatabases, type TestDb } from '../../testing/databases';
import { createAuthService } from '../../server/accounts/auth-service';
import { createOperatorService } from '../../server/accounts/operators/operator-service';
import { parseConfig } from '../../server/config';
import type { FormInput } from '../../server/http/forms';
import { createAccountActions } from './account-actions';

// The password is an operator's first step only (decision 070): the sign-in form sends them to the second.
describe.each(testDatabases)('an operator signing in on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t?.cleanup());

  it('goes from the password to the second step; anyone else to their workspace', async () => {
    const auth = createAuthService(t, 's'.repeat(40));
    const operators = createOperatorService(t, { secret: 's'.repeat(40) });
    for (const email of ['opera@example.com', 'cand@example.com'])
      await auth.register('match', { name: 'Ana', last_name: 'Paz', email, password: 'clave-segura-1' }, { ip: 'setup' });
    await operators.add('opera@example.com');
    const actions = createAccountActions({ auth: async () => auth, config: parseConfig({}), operators: async () => operators });
    const input = (locale: 'es' | 'en', email: string): FormInput => ({
      id: 'login',
      locale,
      t: getT(locale),
      params: {},
      query: new URLSearchParams(),
      fields: { email, password: 'clave-segura-1' },
      lists: {},
      files: {},
      session: anonymousSession,
      viewer: null,
      token: null,
      ip: '198.51.100.1',
      cookieHeader: undefined,
    });
    expect(await actions.login.handle(input('es', 'opera@example.com'))).toMatchObject({ ok: true, redirect: '/operador/verificar' });
    expect(await actions.login.handle(input('en', 'opera@example.com'))).toMatchObject({ ok: true, redirect: '/en/operator/verify' });
    expect(await actions.login.handle(input('es', 'cand@example.com'))).toMatchObject({ ok: true, redirect: '/match/plataforma' });
  });
});
