import 'server-only';
import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { isNotificationKind, type NotificationKind } from '../../domain/notifications';

// The token in an email's unsubscribe link: who and which kind (or 'digest': every kind they get as a
// digest), signed with a key of its own (derived from the app secret, so a session token never passes as
// one, nor the other way round). It does not expire: an old email's link still works, as mail providers
// expect of one-click unsubscribe.
export type UnsubscribeScope = NotificationKind | 'digest';
const TYP = 'unsub+jwt';

const keyOf = (secret: string) => createHash('sha256').update(`unsubscribe:${secret}`).digest();

export function signUnsubscribe(userId: number, scope: UnsubscribeScope, secret: string): Promise<string> {
  return new SignJWT({ k: scope }).setSubject(String(userId)).setProtectedHeader({ alg: 'HS256', typ: TYP }).sign(keyOf(secret));
}

export async function verifyUnsubscribe(token: string, secret: string): Promise<{ userId: number; scope: UnsubscribeScope } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], typ: TYP });
    const userId = Number(payload.sub);
    const scope = payload.k;
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    if (scope !== 'digest' && !isNotificationKind(scope)) return null;
    return { userId, scope };
  } catch {
    return null;
  }
}
