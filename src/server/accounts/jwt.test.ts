import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken, TOKEN_TTL_SECONDS } from './jwt';

describe('session tokens', () => {
  const secret = 'x'.repeat(32);
  it('round-trips the claims and expires after its lifetime', async () => {
    const t = await signToken({ sub: '7', typ: 'hire', ver: 2 }, secret, 1_000_000);
    expect(await verifyToken(t, secret, 1_000_000)).toMatchObject({ sub: '7', typ: 'hire', ver: 2 });
    expect(await verifyToken(t, secret, 1_000_000 + TOKEN_TTL_SECONDS * 1000 - 1000)).not.toBeNull();
    expect(await verifyToken(t, secret, 1_000_000 + TOKEN_TTL_SECONDS * 1000)).toBeNull();
  });

  // Signed by the hand-written HS256 signer that jose replaced: sessions issued before the switch live on.
  const before = {
    token:
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI3IiwidHlwIjoiaGlyZSIsInZlciI6MiwianRpIjoiYWJjZGVmZ2hpamtsbW5vcHFyc3R1diIsImlhdCI6MTc4MDAwMDAwMCwiZXhwIjoxNzgyNTkyMDAwfQ.8ncbmbMbofuK7cxbK7qCQbMmtE8D88ggs90h20T1gzc',
    claims: { sub: '7', typ: 'hire', ver: 2, jti: 'abcdefghijklmnopqrstuv' } as const,
    at: 1_780_000_000_000,
  };
  it('verifies the tokens signed before jose, and signs the same bytes', async () => {
    expect(await verifyToken(before.token, secret, before.at + 60_000)).toEqual({
      ...before.claims,
      iat: 1_780_000_000,
      exp: 1_782_592_000,
    });
    expect(await signToken(before.claims, secret, before.at)).toBe(before.token);
  });

  it('refuses tampered, foreign and malformed tokens', async () => {
    const t = await signToken({ sub: '7', typ: 'match', ver: 0 }, secret);
    const [h, p, s] = t.split('.');
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const forged = b64({ sub: '1', typ: 'match', ver: 0, iat: 0, exp: 9e9 });
    expect(await verifyToken(`${h}.${forged}.${s}`, secret)).toBeNull();
    expect(await verifyToken(t, 'y'.repeat(32))).toBeNull();
    expect(await verifyToken('not.a.token', secret)).toBeNull();
    expect(await verifyToken(`${h}.${p}`, secret)).toBeNull();
    // No algorithm but HS256: an unsigned token ("none") is refused.
    expect(await verifyToken(`${b64({ alg: 'none', typ: 'JWT' })}.${p}.`, secret)).toBeNull();
  });

  it('refuses well-signed tokens whose claims are not a session', async () => {
    const now = 1_780_000_000_000;
    const iat = now / 1000;
    const sign = (payload: Record<string, unknown>, header = { alg: 'HS256', typ: 'JWT' }) =>
      new SignJWT(payload).setProtectedHeader(header).sign(new TextEncoder().encode(secret));
    const ok = { sub: '7', typ: 'match', ver: 0, jti: 'abcdefghijklmnopqrstuv', iat, exp: iat + 60 };
    expect(await verifyToken(await sign(ok), secret, now)).not.toBeNull();
    for (const bad of [
      { ...ok, typ: 'admin' },
      { ...ok, ver: '0' },
      { ...ok, sub: 7 },
      { ...ok, jti: 'short' },
      { ...ok, exp: undefined },
      { ...ok, iat: undefined },
      { ...ok, iat: iat - TOKEN_TTL_SECONDS, exp: iat + 60 },
      { ...ok, exp: iat },
    ]) {
      expect(await verifyToken(await sign(bad), secret, now), JSON.stringify(bad)).toBeNull();
    }
    expect(await verifyToken(await sign(ok, { alg: 'HS256', typ: 'at+jwt' }), secret, now)).toBeNull();
  });
});
