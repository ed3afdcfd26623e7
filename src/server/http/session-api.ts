import 'server-only';
import type { Context, Hono } from 'hono';
import { SESSION_HINT_COOKIE } from '../../domain/session-hint';
import { isValidRoute, matchRoute } from '../../routes';
import { fail, ok } from './respond';
import type { ServerConfig } from '../config';
import { clearedSessionCookies, sessionHintCookie } from '../accounts/session';
import type { RouteHandlers } from './app';
import { PRIVATE, type RequestState } from './render-page';

/**
 * GET /api/session: who is signed in, for the islands of pages that are one HTML for everyone (decision
 * 002), their unread notifications (the bell), and, with `?path=`, what that page shows only to them (its route's `viewer`). Private JSON in the
 * product API's shape; a refused token ends the session here as it would on a page.
 */
export function registerSessionApi(
  app: Hono,
  {
    config,
    stateOf,
    routes,
    unread,
  }: { config: ServerConfig; stateOf: (c: Context) => RequestState; routes: RouteHandlers; unread?: (userId: number) => Promise<number> },
) {
  // Who is signed in, for the islands of pages that are the same HTML for everyone (decision 002), and what
  // the page at `path` shows only to them. Private JSON; a refused token ends the session here too.
  app.get('/api/session', async (c) => {
    const state = stateOf(c);
    const { jar } = state;
    const resolved = await state.viewer();
    const path = c.req.query('path') ?? '';
    const { viewer } = resolved;
    let page: object | null = null;
    if (viewer && path.startsWith('/') && path.length <= 512) {
      const match = matchRoute(path);
      const own = match && isValidRoute(match.id, match.params) ? routes[match.id]?.viewer : undefined;
      if (match && own) page = await own({ match, viewer });
    }
    // The bell's number: one indexed count, capped (a failure leaves the bell without a number, not the page).
    const notifications = viewer && unread ? await unread(viewer.id).catch(() => null) : null;
    c.header('cache-control', PRIVATE);
    // A refused token, or a hint left without a token, ends what remains of the session; an older session
    // gets the hint it lacks.
    if (resolved.clearCookies || (!jar[config.AUTH_COOKIE_TOKEN] && jar[SESSION_HINT_COOKIE] !== undefined))
      for (const ck of clearedSessionCookies(config)) c.header('set-cookie', ck, { append: true });
    else if (viewer && jar[SESSION_HINT_COOKIE] !== viewer.type)
      c.header('set-cookie', sessionHintCookie(config, viewer.type), { append: true });
    return ok(c, { session: resolved.session, page, ...(viewer ? { unread: notifications } : {}) });
  });
  app.all('/api/session', (c) => {
    c.header('allow', 'GET, HEAD');
    return fail(c, 405, 'api.methodNotAllowed');
  });
}
