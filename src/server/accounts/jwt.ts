import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed session tokens (HS256). The payload names the user, the account type, the user's token version
// and the token's own id: bumping the version (password change or reset, "sign out everywhere")
// invalidates every earlier token; signing out records the id as revoked (decision 017).
export type TokenClaims = { sub: string; typ: 'match' | 'hire'; ver: number; jti?: string; iat: number; exp: number };

/**
 * A session's absolute lifetime (decision 017): 30 days from sign-in, however much it is used; an idle
 * session ends sooner (auth-service.ts). Checked against `iat` too, so tokens signed when the lifetime was
 * a year end at 30 days like the others.
 */
export const TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signToken(claims: Omit<TokenClaims, 'iat' | 'exp'>, secret: string, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const payload = b64url(JSON.stringify({ ...claims, iat, exp: iat + TOKEN_TTL_SECONDS }));
  const sig = createHmac('sha256', secret).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${sig}`;
}

/** The claims of a valid, unexpired token, or null for anything else. */
export function verifyToken(token: string, secret: string, now = Date.now()): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = createHmac('sha256', secret).update(`${HEADER}.${parts[1]!}`).digest();
  let given: Buffer;
  try {
    given = Buffer.from(parts[2]!, 'base64url');
  } catch {
    return null;
  }
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const c = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString()) as Partial<TokenClaims>;
    if (typeof c.sub !== 'string' || (c.typ !== 'match' && c.typ !== 'hire') || typeof c.ver !== 'number') return null;
    if (typeof c.exp !== 'number' || c.exp * 1000 <= now) return null;
    if (typeof c.iat !== 'number' || (c.iat + TOKEN_TTL_SECONDS) * 1000 <= now) return null;
    if (c.jti !== undefined && (typeof c.jti !== 'string' || !/^[\w-]{16,32}$/.test(c.jti))) return null;
    return c as TokenClaims;
  } catch {
    return null;
  }
}
