import 'server-only';
import { jwtVerify, SignJWT } from 'jose';

// Signed session tokens (HS256 JWTs, signed and checked by jose). The payload names the user, the account
// type, the user's token version and the token's own id: bumping the version (password change or reset,
// "sign out everywhere") invalidates every earlier token; signing out records the id as revoked (decision 017).
export type TokenClaims = { sub: string; typ: 'match' | 'hire'; ver: number; jti?: string; iat: number; exp: number };

/**
 * A session's absolute lifetime (decision 017): 30 days from sign-in, however much it is used; an idle
 * session ends sooner (auth-service.ts). Checked against `iat` too, so tokens signed when the lifetime was
 * a year end at 30 days like the others.
 */
export const TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
const keyOf = (secret: string) => new TextEncoder().encode(secret);

/**
 * The same bytes as the hand-written signer before jose: header `{"alg":"HS256","typ":"JWT"}`, the claims
 * in this order, so tokens issued before and after the switch are alike.
 */
export function signToken(claims: Omit<TokenClaims, 'iat' | 'exp'>, secret: string, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ ...claims, iat, exp: iat + TOKEN_TTL_SECONDS }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(keyOf(secret));
}

/** The claims of a valid, unexpired token, or null for anything else. */
export async function verifyToken(token: string, secret: string, now = Date.now()): Promise<TokenClaims | null> {
  let c: Partial<TokenClaims>;
  try {
    // jose checks the signature, the algorithm (HS256 only), the header's typ and `exp` against `now`.
    const verified = await jwtVerify<Partial<TokenClaims>>(token, keyOf(secret), {
      algorithms: ['HS256'],
      typ: 'JWT',
      requiredClaims: ['exp'],
      currentDate: new Date(now),
    });
    c = verified.payload;
  } catch {
    return null;
  }
  if (typeof c.sub !== 'string' || (c.typ !== 'match' && c.typ !== 'hire') || typeof c.ver !== 'number') return null;
  // The lifetime from `iat` by hand: jose's maxTokenAge also refuses an `iat` a second ahead, which a
  // token from an instance whose clock runs a little fast would have.
  if (typeof c.iat !== 'number' || (c.iat + TOKEN_TTL_SECONDS) * 1000 <= now) return null;
  if (c.jti !== undefined && (typeof c.jti !== 'string' || !/^[\w-]{16,32}$/.test(c.jti))) return null;
  return c as TokenClaims;
}
