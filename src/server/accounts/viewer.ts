import 'server-only';
import type { Session } from '../../state/session';

// Who is asking, as the services see it: the signed-in user's id and account type, or null. The one place
// a web session turns into a viewer (pages and form actions alike).
export type Viewer = { id: number; type: 'match' | 'hire' } | null;

export function viewerOf(session: Session): Viewer {
  if (!session.loggedIn || !session.user || session.type === 'anonymous') return null;
  const id = Number(session.user.id);
  return Number.isSafeInteger(id) && id > 0 ? { id, type: session.type } : null;
}
