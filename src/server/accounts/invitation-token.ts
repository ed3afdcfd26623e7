import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

// The token in a team invitation's link (decision 047): the company and a random id, signed with a key of its
// own derived from the app secret and typed 'team-invite+jwt' (so a session token never passes as one, nor
// the other way round), expiring after 7 days. The database keeps only its SHA-256, so an invitation can be
// revoked and used once.
const TYP = 'team-invite+jwt';

const keyOf = (secret: string) => createHash('sha256').update(`team-invitation:${secret}`).digest();
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function signInvitation(companyId: number, expiresAt: Date, secret: string): Promise<string> {
  return new SignJWT({ c: companyId })
    .setProtectedHeader({ alg: 'HS256', typ: TYP })
    .setJti(randomBytes(16).toString('base64url'))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
}

/** The company a token names; 'expired' for a genuine token past its time, 'invalid' for anything else. */
export async function verifyInvitation(token: string, secret: string, now: Date): Promise<{ companyId: number } | 'expired' | 'invalid'> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], typ: TYP, currentDate: now });
    const companyId = Number(payload.c);
    if (!Number.isSafeInteger(companyId) || companyId <= 0 || typeof payload.jti !== 'string') return 'invalid';
    return { companyId };
  } catch (err) {
    // jose checks the signature before the claims: an expired token is a genuine one.
    return err instanceof errors.JWTExpired ? 'expired' : 'invalid';
  }
}
