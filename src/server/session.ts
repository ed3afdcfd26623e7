import 'server-only';
import { anonymousSession, type Session } from '../state/session';

/**
 * The visitor's session for this request. Until the accounts issue connects the backend, every visitor
 * is anonymous; the guest-only rule and the header's sign-in entry already read from here.
 */
export async function loadSession(): Promise<Session> {
  return anonymousSession;
}
