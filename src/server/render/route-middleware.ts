import 'server-only';
import { unstable_redirect as redirect } from 'waku/router/server';
import type { Locale } from '../../i18n/locales';
import { href, type RouteDef, type RouteId } from '../../routes';
import type { Session } from '../../state/session';

type Ctx = { id: RouteId; locale: Locale; path: string; query: string; session: Session };

// Route middleware named in the route table (SPEC §6). The courses guard: the course list is public; a
// course's lessons are for signed-in candidates, others sign in first and come back.
const middlewares: Record<NonNullable<RouteDef['middleware']>, (ctx: Ctx) => void | Promise<void>> = {
  courses: ({ id, locale, path, query, session }) => {
    if (id !== 'matchCourse') return;
    if (session.loggedIn && session.type === 'match') return;
    const back = path + (query ? `?${query}` : '');
    redirect(href('login', locale, {}, { redirect: back }), 307);
  },
};

export async function runRouteMiddleware(name: string, ctx: Ctx): Promise<void> {
  const fn = (middlewares as Record<string, ((c: Ctx) => void | Promise<void>) | undefined>)[name];
  if (!fn) throw new Error('Unknown route middleware');
  await fn(ctx);
}
