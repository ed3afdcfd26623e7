import { describe, expect, it } from 'vitest';
import { signToken } from '../accounts/jwt';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token';

const secret = 'a-test-secret-that-is-long-enough-0123456789';

describe('unsubscribe tokens', () => {
  it('name the person and the kind, and only with the right secret', async () => {
    const token = await signUnsubscribe(42, 'application-new', secret);
    expect(await verifyUnsubscribe(token, secret)).toEqual({ userId: 42, scope: 'application-new' });
    expect(await verifyUnsubscribe(token, `${secret}x`)).toBeNull();
    expect(await verifyUnsubscribe(`${token}x`, secret)).toBeNull();
  });

  it('a session token is not an unsubscribe token', async () => {
    const session = await signToken({ sub: '42', typ: 'match', ver: 0 }, secret);
    expect(await verifyUnsubscribe(session, secret)).toBeNull();
  });

  it('refuses garbage', async () => {
    expect(await verifyUnsubscribe('not.a.token', secret)).toBeNull();
    expect(await verifyUnsubscribe('', secret)).toBeNull();
  });
});
