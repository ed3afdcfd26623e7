import 'server-only';
import { stringifySetCookie } from 'cookie';
import type { ReactNode } from 'react';
import { pageRedirect } from './redirect';
import { layouts } from '../../components/layout/layouts';
import { ErrorScreen } from '../../components/layout/error-screen';
import { Seo } from '../../components/layout/seo';
import { countries, roles, skills, labelOf } from '../../domain/catalog';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localeOfPath, type Locale } from '../../i18n/locales';
import { getT, type T } from '../../i18n/translate';
import { PageError, type ErrorData } from '../../domain/page-error';
import { href, isValidRoute, paramNames, routeDef, type Params, type RouteId } from '../../routes';
import type { Page, PageMeta, PageProps } from './page-types';
import { isPageAnswer } from './page-answer';
import { getConfig } from '../config';
import { currentPagePath } from './current-path';
import { getRequestContext, patchResponse } from '../request-context';
import { getViewer } from '../accounts/session';
import { runRouteMiddleware } from './route-middleware';
import { noteDatabaseUnavailable } from '../db/health';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable';

type WakuPageProps = { path: string; query?: string } & Record<string, unknown>;

/** Route params from Waku's page props: decoded, wildcards as arrays. */
function paramsOf(id: RouteId, locale: Locale, props: WakuPageProps): Params {
  const out: Params = {};
  for (const name of paramNames(routeDef(id)[locale])) {
    const v = props[name];
    const decode = (s: string) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    };
    out[name] = Array.isArray(v) ? v.map((s) => decode(String(s))) : typeof v === 'string' ? decode(v) : [];
  }
  return out;
}

/** Title placeholders filled from the catalogue: {{country}}, {{role}}, {{skill}}, {{brand}}. */
function labelParams(params: Params, locale: Locale, brand: string) {
  const s = (v: Params[string] | undefined) => (typeof v === 'string' ? v : '');
  return {
    brand,
    country: labelOf(countries, s(params.country), locale),
    role: labelOf(roles, s(params.rol) || s(params.developer), locale),
    skill: labelOf(skills, s(params.skill), locale),
  };
}

function defaultMeta(id: RouteId, t: T, params: Params, locale: Locale, brand: string): PageMeta {
  const values = labelParams(params, locale, brand);
  return { title: t(`routes.${id}.title`, values), description: t(`routes.${id}.description`, values) };
}

/** One Waku page per route and locale: validation, access mode, route middleware, layout, head, errors. */
export function routePage(id: RouteId, locale: Locale, page: Page) {
  const def = routeDef(id);
  const Layout = layouts[def.layout];

  async function RouteContent(props: WakuPageProps) {
    const path = props.path;
    const query = props.query ?? '';
    const params = paramsOf(id, locale, props);
    const t = getT(locale);
    const config = getConfig();
    const { session, viewer } = await getViewer();
    const shell = { locale, t, routeId: id, path, query, brand: config.BRAND_NAME, handle: config.BRAND_HANDLE, session };
    const brand = { name: config.BRAND_NAME, handle: config.BRAND_HANDLE, siteUrl: config.SITE_URL };

    const errorPage = (status: number, message: string, data?: ErrorData) => {
      patchResponse((p) => {
        p.status = status;
      });
      return (
        <Layout {...shell}>
          <title>{`${status} · ${config.BRAND_NAME}`}</title>
          <meta name="robots" content="noindex" />
          <ErrorScreen status={status} message={message} data={data} locale={locale} t={t} />
        </Layout>
      );
    };

    if (!isValidRoute(id, params)) return errorPage(404, `Page Not Found: ${path}`);
    if (def.access === 'guest-only' && session.loggedIn) {
      // Home in the page's language: the redirect also records that language, as a visit would.
      patchResponse((p) => {
        p.cookies.push(
          stringifySetCookie({ name: LOCALE_COOKIE, value: locale, maxAge: LOCALE_COOKIE_MAX_AGE, path: '/', sameSite: 'lax' }),
        );
      });
      pageRedirect(href('home', locale), 307);
    }
    if (def.access === 'signed-in' && !session.loggedIn)
      pageRedirect(`${href('login', locale)}?${new URLSearchParams({ redirect: path + (query ? `?${query}` : '') })}`, 307);
    if (def.access === 'match-only' || def.access === 'hire-only') {
      const type = def.access === 'hire-only' ? 'hire' : 'match';
      // Anonymous visitors sign in first and come back; the other account type gets the permissions screen: who
      // the page is for and a link to its own workspace (decision 077).
      if (!session.loggedIn)
        pageRedirect(`${href('login', locale)}?${new URLSearchParams({ redirect: path + (query ? `?${query}` : '') })}`, 307);
      if (session.type !== type)
        return errorPage(403, t(type === 'hire' ? 'error.forbiddenHireHelp' : 'error.forbiddenMatchHelp'), { audience: type });
    }

    const pageProps: PageProps = {
      id,
      locale,
      params,
      query,
      path,
      t,
      brand: config.BRAND_NAME,
      session,
      viewer,
      form: getRequestContext()?.form ?? null,
      anonymousId: getRequestContext()?.anonymousId ?? null,
      country: getRequestContext()?.country ?? null,
    };
    let content: ReactNode;
    let meta: PageMeta;
    try {
      // Inside the try: a middleware may refuse with an error screen (PageError); its redirects pass through.
      if (def.middleware) await runRouteMiddleware(def.middleware, { id, locale, path, query, session });
      meta = page.meta ? await page.meta(pageProps) : defaultMeta(id, t, params, locale, config.BRAND_NAME);
      const result = await page(pageProps);
      if (isPageAnswer(result)) {
        patchResponse((r) => {
          // A failed form post re-rendered here keeps the action's status (422, 409, 429...); only an error
          // status of the page itself (a closed offer's 410) replaces it.
          if (result.status !== 200 || !pageProps.form) r.status = result.status;
          r.headers.push(...Object.entries(result.headers));
        });
        content = result.content;
      } else content = result;
    } catch (err) {
      if (err instanceof PageError) return errorPage(err.status, err.message, err.data);
      throw err;
    }
    const fullTitle = id === 'home' ? meta.title : t('meta.titleTemplate', { title: meta.title, brand: config.BRAND_NAME });
    return (
      <Layout {...shell}>
        <Seo
          id={id}
          locale={locale}
          params={params}
          title={fullTitle}
          description={meta.description}
          brand={brand}
          noindex={meta.noindex ?? !def.indexable}
          canonicalPath={meta.canonicalPath}
        />
        {content}
      </Layout>
    );
  }

  return async function RoutePage(props: WakuPageProps) {
    if (getRequestContext()?.unavailable) return unavailablePage(Layout, locale, id, props.path, props.query ?? '');
    try {
      return await RouteContent(props);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      noteDatabaseUnavailable(err);
      console.error(`[db] ${props.path}: database unavailable (${String((err as Error)?.message ?? err)}); answered 503`);
      return unavailablePage(Layout, locale, id, props.path, props.query ?? '');
    }
  };
}

/** The database cannot be reached: the error screen with 503 and a Retry-After, never cached. */
async function unavailablePage(
  Layout: (typeof layouts)[keyof typeof layouts],
  locale: Locale,
  id: RouteId | null,
  path: string,
  query: string,
) {
  const t = getT(locale);
  const config = getConfig();
  patchResponse((p) => {
    p.status = 503;
    p.headers.push(['retry-after', String(RETRY_AFTER_SECONDS)], ['cache-control', 'no-store']);
  });
  return (
    <Layout
      locale={locale}
      t={t}
      routeId={id}
      path={path}
      query={query}
      brand={config.BRAND_NAME}
      handle={config.BRAND_HANDLE}
      session={(await getViewer()).session}
    >
      <title>{`503 · ${config.BRAND_NAME}`}</title>
      <meta name="robots" content="noindex" />
      <ErrorScreen status={503} message="Service Unavailable" locale={locale} t={t} />
    </Layout>
  );
}

/** Waku's 404 page: a path that matches no route. */
export function notFoundPage() {
  return async function NotFoundPage() {
    const path = currentPagePath();
    const locale = localeOfPath(path);
    const t = getT(locale);
    const config = getConfig();
    const { session } = await getViewer();
    patchResponse((p) => {
      p.status = 404;
    });
    const Layout = layouts.default;
    return (
      <Layout
        locale={locale}
        t={t}
        routeId={null}
        path={path}
        query=""
        brand={config.BRAND_NAME}
        handle={config.BRAND_HANDLE}
        session={session}
      >
        <title>{`404 · ${config.BRAND_NAME}`}</title>
        <meta name="robots" content="noindex" />
        <ErrorScreen status={404} message={`Page not found: ${path}`} locale={locale} t={t} />
      </Layout>
    );
  };
}
