import { describe, expect, it } from 'vitest';
import { signToken } from './jwt';
import { openState, sealState, type OAuthState } from './oauth';

describe('the OAuth state cookie', () => {
  const secret = 's'.repeat(40);
  const now = 1_780_000_000_000;
  const state: OAuthState = { state: 'abc', provider: 'github', redirect: '/es/empleos', locale: 'es', exp: now + 600_000 };

  it('opens what it sealed until it expires', async () => {
    const sealed = await sealState(state, secret);
    expect(await openState(sealed, secret, now)).toEqual(state);
    expect(await openState(sealed, secret, now + 599_000)).not.toBeNull();
    expect(await openState(sealed, secret, now + 600_000)).toBeNull();
  });

  it('refuses another secret, a tampered payload, a session token and nothing at all', async () => {
    const [h, , s] = (await sealState(state, secret)).split('.');
    const other = Buffer.from(JSON.stringify({ ...state, provider: 'google', exp: (now + 600_000) / 1000 })).toString('base64url');
    expect(await openState(await sealState(state, 'x'.repeat(40)), secret, now)).toBeNull();
    expect(await openState(`${h}.${other}.${s}`, secret, now)).toBeNull();
    expect(await openState(await signToken({ sub: '1', typ: 'match', ver: 0 }, secret, now), secret, now)).toBeNull();
    expect(await openState(await sealState({ ...state, provider: 'myspace' as 'github' }, secret), secret, now)).toBeNull();
    expect(await openState(undefined, secret, now)).toBeNull();
  });
});
