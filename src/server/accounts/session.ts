import 'server-only';
import { anonymousSession, type Session } from '../../state/session';
import { getRequestContext } from '../request-context';

/** The visitor's session for this request, as loaded by the HTTP layer (anonymous outside a request). */
export async function loadSession(): Promise<Session> {
  return getRequestContext()?.session ?? anonymousSession;
}
