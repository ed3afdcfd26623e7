import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getT } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import { testDatabases, type TestDb } from '../../testing/databases';
import { createAuthService } from '../../server/accounts/auth-service';
import { createOperatorService } from '../../server/accounts/operators/operator-service';
import type { FormInput } from '../../server/http/forms';
import { anonymousSession } from '../../state/session';
import { createOperatorActions } from './operator-actions';

// A second factor encrypted under another key (OPERATOR_KEY changed, decision 076): the second step says
// so in the operator's language (422), never a 500 and never "wrong code".
const SECRET = 'q'.repeat(40);
const IP = { ip: '198.51.100.3' };

describe.each(testDatabases)('a factor under another key on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t?.cleanup());

  it('is refused with a clear message in both languages', async () => {
    const auth = createAuthService(t, SECRET);
    const first = createOperatorService(t, { secret: SECRET, key: randomBytes(32) });
    const reg = await auth.register('match', { name: 'Op', last_name: 'Era', email: 'llave@example.com', password: 'clave-segura-1' }, IP);
    await first.add('llave@example.com');
    const { secret } = (await first.enrolment(reg.user.id))!;
    expect(await first.enrol(reg.user.id, reg.access_token, TOTP.generate({ secret: Secret.fromBase32(secret) }), IP)).toHaveLength(10);
    const token = (await auth.login('match', 'llave@example.com', 'clave-segura-1', IP)).access_token;
    const moved = createOperatorService(t, { secret: SECRET, key: randomBytes(32) });
    const actions = createOperatorActions({ operators: async () => moved });
    const input = (locale: Locale): FormInput => ({
      id: 'operatorVerify',
      locale,
      t: getT(locale),
      params: {},
      query: new URLSearchParams(),
      fields: { code: '123456' },
      lists: {},
      files: {},
      session: anonymousSession,
      viewer: { id: reg.user.id, type: 'match' },
      token,
      ip: IP.ip,
      cookieHeader: undefined,
    });
    expect(await actions.verify.handle(input('es'))).toMatchObject({
      ok: false,
      status: 422,
      message: expect.stringContaining('OPERATOR_KEY'),
    });
    const en = await actions.verify.handle(input('en'));
    expect(en).toMatchObject({
      ok: false,
      status: 422,
      message: expect.stringContaining("cannot be read with this server's operator key"),
    });
  });
});
