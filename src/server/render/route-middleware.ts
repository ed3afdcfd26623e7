import 'server-only';
import { pageRedirect } from './redirect';
import type { Locale } from '../../i18n/locales';
import { getT } from '../../i18n/translate';
import { PageError } from '../../domain/page-error';
import { href, type RouteDef, type RouteId } from '../../routes';
import type { Session } from '../../state/session';

type Ctx = { id: RouteId; locale: Locale; path: string; query: string; session: Session };

// Route middleware named in the route table (decision 021). The courses guard: the catalogue and the courses
// are for signed-in candidates; visitors sign in first and come back, companies get the permissions screen (403).
// The free course (/freecourse) is the public door.
const middlewares: Record<NonNullable<RouteDef['middleware']>, (ctx: Ctx) => void | Promise<void>> = {
  courses: ({ locale, path, query, session }) => {
    if (session.loggedIn && session.type === 'match') return;
    if (session.loggedIn) throw new PageError(403, getT(locale)('learning.companiesRefused'), { audience: 'match' });
    const back = path + (query ? `?${query}` : '');
    pageRedirect(href('login', locale, {}, { redirect: back }), 307);
  },
};

export async function runRouteMiddleware(name: string, ctx: Ctx): Promise<void> {
  const fn = (middlewares as Record<string, ((c: Ctx) => void | Promise<void>) | undefined>)[name];
  if (!fn) throw new Error('Unknown route middleware');
  await fn(ctx);
}
