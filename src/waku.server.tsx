import { createPages } from 'waku';
import adapter from 'waku/adapters/default';
import { unstable_setNonce as setNonce } from 'waku/router/server';
import { locales } from './i18n/locales';
import { paramNames, routeIds, routes } from './routes';
import { getConfig } from './server/config';
import { integrationsOf } from './server/public-config';
import { createHttpApp } from './server/http/app';
import { createApiApp } from './server/api/app';
import { createCmsApp } from './server/cms/app';
import { createFlagsApp } from './server/http/flags-app';
import { closeDatabase, databaseIsUp } from './server/database';
import { services, stopServices } from './server/container';
import { siteOriginOf } from './server/http/forms';
import { userLoaderOf } from './server/accounts/session';
import { getRequestContext } from './server/request-context';
import { Root } from './server/render/root';
import { notFoundPage, routePage } from './server/render/route-page';
import { createRegistry } from './areas/registry';
import { publishedJwk } from './server/learning/credentials';
import { createStatusLists } from './server/learning/status-lists';

// Fail fast with a readable list when the environment is wrong.
const config = getConfig();
// A client integration configured wrongly is turned off, not fatal: say why, with the SDK's own message.
for (const problem of integrationsOf(config).problems) console.warn(`[integrations] ${problem}`);
// Every route's page, form action and own GET answer, from the areas (src/areas/*/routes.ts).
const registry = createRegistry({ ...services, config });

const pages = createPages(async ({ createRoot, createPage, createInterceptor }) => [
  createRoot({ render: 'dynamic', component: Root }),
  // The framework's inline scripts carry the response's CSP nonce, or on a page every visitor gets the mark
  // that has them hashed into its policy (decision 064).
  createInterceptor((next) => {
    const ctx = getRequestContext();
    const nonce = ctx?.nonce ?? ctx?.scriptMark;
    if (nonce) setNonce(nonce);
    return next();
  }),
  ...routeIds.flatMap((id) =>
    locales.flatMap((locale) => {
      const pattern: string = routes[id][locale];
      const component = routePage(id, locale, registry[id].page);
      // A trailing catch-all also answers with no segments (/trabajos): Waku's wildcard needs at least one.
      const extra =
        paramNames(pattern).length && pattern.endsWith(']') && /\[\.\.\.\w+\]$/.test(pattern)
          ? [pattern.replace(/\/\[\.\.\.\w+\]$/, '')]
          : [];
      return [pattern, ...extra].map((path) =>
        // The path is only known at run time, so Waku's typed path parameters cannot be checked here.
        createPage({ render: 'dynamic', path, component } as Parameters<typeof createPage>[0]),
      );
    }),
  ),
  createPage({ render: 'dynamic', path: '/404', component: notFoundPage() }),
]);

const inner = adapter(pages, { bodyLimit: { maxSize: 1024 * 1024 } });

// The signed-in user behind the session cookies, loaded once per page request.
const loadUser = userLoaderOf(services.auth);

// This build: its id and time (the static pages' lastmod in the sitemap).
const build = { id: import.meta.env.WAKU_BUILD_ID ?? 'dev', timestamp: Number(import.meta.env.TANDEM_BUILD_TIME ?? 0) };

const { app, nodeHit } = createHttpApp({
  loadUser,
  routes: registry,
  publicKeys: () => ({ keys: [publishedJwk(services.signingKey(), config.SITE_URL)] }),
  statusLists: createStatusLists({
    revoked: async (from, to) => (await services.learning()).revokedIndexes(from, to),
    signingKey: services.signingKey,
    siteUrl: config.SITE_URL,
  }),
  trustProxy: services.trustProxy,
  uploads: services.uploads,
  sitemap: services.sitemap(build),
  inner: inner.fetch as (req: Request, ...rest: unknown[]) => Promise<Response>,
  api: createApiApp({ ...services, sessionCookie: config.AUTH_COOKIE_TOKEN, siteOrigin: siteOriginOf(config) }),
  cms: createCmsApp(services),
  flags: createFlagsApp({ store: services.flags, clientKey: config.FEATURE_FLAGS_CLIENT_KEY }),
  // Ready when the database answers and the salary figures exist (built in the background after a fresh start).
  isReady: async () => (await databaseIsUp()) && (await (await services.salaryRebuilds()).ready()),
  contentVersion: services.pageCacheVersion,
  purges: services.pagePurges,
  unread: async (userId) => (await services.notifications()).unread(userId),
  config,
  prod: import.meta.env.PROD,
  build,
});

// `close` lets the process runner (scripts/start.mjs) finish cleanly on SIGTERM; `nodeHit` lets it answer a
// page-cache hit from the node:http request itself (scripts/cache-hits.mjs).
const close = async () => {
  await stopServices();
  await closeDatabase();
};
export default { ...inner, fetch: app.fetch, close, nodeHit };
