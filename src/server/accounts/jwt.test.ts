import { describe, expect, it } from 'vitest';
import { signToken, verifyToken, TOKEN_TTL_SECONDS } from './jwt';

describe('session tokens', () => {
  const secret = 'x'.repeat(32);
  it('round-trips the claims and expires after 365 days', () => {
    const t = signToken({ sub: '7', typ: 'hire', ver: 2 }, secret, 1_000_000);
    expect(verifyToken(t, secret, 1_000_000)).toMatchObject({ sub: '7', typ: 'hire', ver: 2 });
    expect(verifyToken(t, secret, 1_000_000 + TOKEN_TTL_SECONDS * 1000 + 1000)).toBeNull();
  });
  it('refuses tampered, foreign and malformed tokens', () => {
    const t = signToken({ sub: '7', typ: 'match', ver: 0 }, secret);
    const [h, p, s] = t.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', typ: 'match', ver: 0, iat: 0, exp: 9e9 })).toString('base64url');
    expect(verifyToken(`${h}.${forged}.${s}`, secret)).toBeNull();
    expect(verifyToken(t, 'y'.repeat(32))).toBeNull();
    expect(verifyToken('not.a.token', secret)).toBeNull();
    expect(verifyToken(`${h}.${p}`, secret)).toBeNull();
  });
});
