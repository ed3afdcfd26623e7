import { randomBytes } from 'node:crypto';
import { TOTP, Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../../testing/databases';
import { createAuthService } from '../auth-service';
import { createOperatorService } from './operator-service';
import { createSecretBox, operatorKey, SecretKeyError } from './secret-box';

// The TOTP secrets at rest (decision 076): the database holds only "v1:..." values, a bare secret from before
// is encrypted (at start, or when read), and another key refuses the factor with its own error.
const SECRET = 'k'.repeat(40);
const IP = { ip: '198.51.100.7' };
const codeOf = (secret: string, timestamp: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp });

describe('the secret box', () => {
  it('seals with a fresh iv, opens with its key only, and passes a bare base32 secret through', () => {
    const box = createSecretBox(randomBytes(32));
    const a = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(a);
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open('JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => createSecretBox(randomBytes(32)).open(a)).toThrow(SecretKeyError);
    expect(() => box.open('v1:bad')).toThrow(SecretKeyError);
  });

  it('takes OPERATOR_KEY (32 bytes) or derives a stable key from the session secret', () => {
    const given = randomBytes(32);
    expect(operatorKey({ OPERATOR_KEY: given.toString('base64') }, SECRET).equals(given)).toBe(true);
    expect(() => operatorKey({ OPERATOR_KEY: randomBytes(16).toString('base64') }, SECRET)).toThrow(/32 bytes/);
    expect(operatorKey({}, SECRET).equals(operatorKey({}, SECRET))).toBe(true);
    expect(operatorKey({}, SECRET).equals(operatorKey({}, 'j'.repeat(40)))).toBe(false);
  });
});

describe.each(testDatabases)('operator secrets at rest on %s', (_name, open) => {
  let t: TestDb;
  let clock = Date.now();
  const stored = async () =>
    t.db.selectFrom('operators').select(['totp_secret', 'totp_pending_secret']).where('user_id', '=', userId).executeTakeFirstOrThrow();
  let userId = 0;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t?.cleanup());

  it('never stores the base32 secret; a bare one is sealed; another key refuses the factor', async () => {
    const auth = createAuthService(t, SECRET, { now: () => clock });
    const key = randomBytes(32);
    const operators = createOperatorService(t, { secret: SECRET, key, now: () => clock });
    await auth.register('match', { name: 'Ana', last_name: 'Paz', email: 'op@example.com', password: 'clave-segura-1' }, IP);
    userId = (await operators.add('op@example.com')).userId;
    const { access_token: token } = await auth.login('match', 'op@example.com', 'clave-segura-1', IP);

    const enrolment = (await operators.enrolment(userId))!;
    expect((await stored()).totp_pending_secret).toMatch(/^v1:/);
    expect((await stored()).totp_pending_secret).not.toContain(enrolment.secret);
    expect((await operators.enrolment(userId))!.secret).toBe(enrolment.secret);
    expect(await operators.enrol(userId, token, codeOf(enrolment.secret, clock), IP)).toHaveLength(10);
    const sealed = (await stored()).totp_secret!;
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(enrolment.secret);

    // A secret stored bare (before encryption): the start-up step seals it, and the factor still works.
    await t.db.updateTable('operators').set({ totp_secret: enrolment.secret }).where('user_id', '=', userId).execute();
    expect(await operators.sealStoredSecrets()).toBe(1);
    expect((await stored()).totp_secret).toMatch(/^v1:/);
    clock += 60_000;
    expect(await operators.verify(userId, token, codeOf(enrolment.secret, clock), IP)).toBe(true);

    // Read bare once (no start-up step ran): it works, and is sealed at once.
    await t.db.updateTable('operators').set({ totp_secret: enrolment.secret }).where('user_id', '=', userId).execute();
    clock += 60_000;
    expect(await operators.verify(userId, token, codeOf(enrolment.secret, clock), IP)).toBe(true);
    expect((await stored()).totp_secret).toMatch(/^v1:/);

    // Another key: the right code is refused with SecretKeyError (the page words it), never a wrong-code answer.
    const other = createOperatorService(t, { secret: SECRET, key: randomBytes(32), now: () => clock });
    clock += 60_000;
    await expect(other.verify(userId, token, codeOf(enrolment.secret, clock), IP)).rejects.toBeInstanceOf(SecretKeyError);
    expect(await operators.verify(userId, token, codeOf(enrolment.secret, clock), IP)).toBe(true);
  });
});
