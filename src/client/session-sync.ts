import type { Session } from '../state/session';

// Public pages are one HTML for every visitor (decision 002). When the "signed in" hint is set (the inline
// head script marks <html data-session>), the session islands ask the server who it is: once per page load
// for the session, once per page for what that page shows only to this visitor.
type Answer = { session: Session; page: unknown; unread?: number | null };
const answers = new Map<string, Promise<Answer | null>>();

const signedInHint = () => typeof document !== 'undefined' && document.documentElement.hasAttribute('data-session');

function ask(path: string): Promise<Answer | null> {
  let p = answers.get(path);
  if (!p) {
    p = fetch(`/api/session${path ? `?path=${encodeURIComponent(path)}` : ''}`, { headers: { accept: 'application/json' } })
      .then(async (r) => (r.ok ? ((await r.json()) as { result: Answer }).result : null))
      .catch(() => null)
      .then((answer) => {
        // Signed out elsewhere, or the token was refused: the server cleared the cookies; so does the page.
        if (answer && !answer.session.loggedIn) document.documentElement.removeAttribute('data-session');
        return answer;
      });
    answers.set(path, p);
  }
  return p;
}

/** The signed-in session behind the HttpOnly cookies, or null for a visitor who is not signed in. */
export async function fetchSession(): Promise<Session | null> {
  if (!signedInHint()) return null;
  const answer = await ask('');
  return answer?.session.loggedIn ? answer.session : null;
}

/** What the page at `path` shows only to the signed-in visitor (its route's viewer JSON), or null. */
export async function fetchPageViewer<T>(path: string): Promise<T | null> {
  if (!signedInHint()) return null;
  const answer = await ask(path);
  return answer?.session.loggedIn ? (answer.page as T | null) : null;
}

/** The signed-in visitor's unread notifications (the bell), or null. Shares the session's one request. */
export async function fetchUnread(): Promise<number | null> {
  if (!signedInHint()) return null;
  const answer = await ask('');
  return answer?.session.loggedIn && typeof answer.unread === 'number' ? answer.unread : null;
}
