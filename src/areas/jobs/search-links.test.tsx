import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { roles } from '../../domain/catalog';
import { FACET_VALUES, FACETS, indexableParent, type JobSelection } from '../../domain/job-facets';
import { getT } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import { href, isValidRoute, matchRoute } from '../../routes';
import { parseConfig } from '../../server/config';
import { createHttpApp } from '../../server/http/app';
import type { JobSearchResult, JobSearchService } from '../../server/offers/job-search-service';
import type { PageProps } from '../../server/render/page-types';
import { staticParams } from '../../server/seo/sitemap';
import { createJobSearchGet } from './job-search-get';
import { selectionOf } from './job-selection';

// Decision 061: every job search URL the site links is the one canonical URL of its search. Starting from
// the sitemap's search pages, pages are rendered (every facet value counted, so every chip shows) and every
// search link they render is checked: none redirects, each indexable one names itself as canonical, and no
// two of them denote the same offers. Every indexable URL is reached (the one-facet pages link every pair);
// the pages rendered are bounded: the one-facet ones, and the pairs without a skill (where a role and its
// area meet) - the other pairs' links are the same chips over another skill.
vi.mock('waku', () => import('../../testing/waku-link'));

const { jobsPage } = await import('./jobs-page');

const everyValueOnce = Object.fromEntries(
  [...FACETS, 'country' as const].map((f) => [
    f,
    Object.fromEntries(
      (f === 'country' ? staticParams('countryJobs').map((p) => p.country as string) : FACET_VALUES[f].map((v) => v.id)).map((id) => [
        id,
        1,
      ]),
    ),
  ]),
) as JobSearchResult['facets'];
const result: JobSearchResult = {
  items: [],
  total: 1,
  capped: false,
  page: 1,
  pages: 1,
  perPage: 20,
  from: 0,
  next: null,
  sort: 'recent',
  terms: [],
  understood: null,
  facets: everyValueOnce,
};
// An empty list: the empty state's nearest searches (each one filter fewer) are links the site gives too.
const jobs = { search: async () => result, count: async () => ({ total: 3, capped: false }) } as unknown as JobSearchService;
const page = jobsPage({ jobs: async () => jobs });

const get = createJobSearchGet({ jobs: async () => jobs, siteUrl: 'https://tandem.example', brand: 'Tandem' });
const { app } = createHttpApp({
  inner: () => new Response('page', { headers: { 'content-type': 'text/html' } }),
  config: parseConfig({}),
  prod: false,
  build: { id: 'b', timestamp: 0 },
  routes: { jobs: { get }, countryJobs: { get } },
});

const propsOf = (path: string): PageProps => {
  const m = matchRoute(path)!;
  return {
    id: m.id,
    locale: m.locale,
    params: m.params,
    query: '',
    path,
    t: getT(m.locale),
    brand: 'Tandem',
    session: { loggedIn: false } as PageProps['session'],
    viewer: null,
    anonymousId: null,
    country: null,
    form: null,
  };
};

/** The search links of a rendered page (chips, removals, pager, form, feed), as site paths with their query. */
const searchLinks = (html: string): string[] =>
  [...html.matchAll(/(?:href|action)="([^"]+)"/g)]
    .map((m) => m[1]!.replace(/&amp;/g, '&').replace(/^https:\/\/[^/]+/, ''))
    .filter((u) => {
      const m = matchRoute(u.split('?')[0]!);
      return m?.id === 'jobs' || m?.id === 'countryJobs';
    });

const roleArea = new Map<string, string>(roles.map((r) => [r.id, r.area]));
/** What a selection matches, said without the URL grammar: a role stands for its area too. */
const denotation = (s: JobSelection) =>
  JSON.stringify([
    s.country ?? '',
    s.role ? roleArea.get(s.role) : (s.area ?? ''),
    ...FACETS.filter((f) => f !== 'area').map((f) => s[f] ?? ''),
  ]);

/** Walk from the roots, following the indexable pages `follow` keeps (every link is checked all the same). */
async function walk(locale: Locale, roots: string[], follow: (s: JobSelection) => boolean) {
  const seen = new Set<string>();
  const byDenotation = new Map<string, string>();
  const queue: string[] = [];
  let rendered = 0;
  const visit = async (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const [path, query = ''] = url.split('?');
    // The HTTP layer's own answer for the pages this walk follows; the handler's checks for every link.
    if (query === '' && !path!.includes('/trabajos/')) expect((await app.request(url)).status, url).toBe(200);
    const m = matchRoute(path!)!;
    expect(m.locale).toBe(locale);
    expect(isValidRoute(m.id, m.params), url).toBe(true);
    const found = selectionOf(m.params)!;
    expect(found.canonical, `${url} is linked and must not redirect`).toBe(true);
    expect(
      query.split('&').some((kv) => /^(pagina=|orden=recientes$|[^=]+=$)/.test(kv)),
      url,
    ).toBe(false);
    const indexable = query === '' && Object.keys(indexableParent(found.selection)).length === Object.keys(found.selection).length;
    if (!indexable) return;
    const seenAs = byDenotation.get(denotation(found.selection));
    expect(seenAs, `${url} and ${seenAs} are the same search`).toBeUndefined();
    byDenotation.set(denotation(found.selection), url);
    const meta = await page.meta!(propsOf(path!));
    expect(meta.noindex, path).toBe(false);
    expect(meta.canonicalPath, `${path} names itself as canonical`).toBe(path);
    if (follow(found.selection)) {
      expect((await app.request(url)).status, `${url} is linked and must not redirect`).toBe(200);
      queue.push(path!);
    }
  };
  queue.length = 0;
  for (const root of roots) await visit(root);
  while (queue.length) {
    const path = queue.shift()!;
    const p = propsOf(path);
    const html = renderToStaticMarkup((await page(p)) as ReactElement);
    rendered++;
    for (const link of searchLinks(html)) await visit(link);
  }
  return { rendered, indexable: [...byDenotation.values()], links: seen.size };
}

// Every facet value alone and every pair of facets, the area-and-role pairs aside (a role implies its area).
const n = FACETS.map((f) => FACET_VALUES[f].length);
const pairs = n.flatMap((a, i) => n.slice(i + 1).map((b) => a * b)).reduce((x, y) => x + y, 0);
const perPrefix = 1 + n.reduce((x, y) => x + y, 0) + pairs - FACET_VALUES.area.length * FACET_VALUES.role.length;
const countryCount = staticParams('countryJobs').length;

describe('the search URLs the site links', () => {
  it('are canonical and one per search: every facet pair, and every country page (es)', async () => {
    const roots = [
      ...staticParams('jobs').map((p) => href('jobs', 'es', p)),
      ...staticParams('countryJobs').map((p) => href('countryJobs', 'es', p)),
    ];
    // The facet pages of one country only: the others are the same paths behind another prefix.
    const depth = (s: JobSelection) => FACETS.filter((f) => s[f]).length;
    const { indexable } = await walk(
      'es',
      roots,
      (s) => depth(s) === 0 || (depth(s) === 1 && (!s.country || s.country === 'peru')) || (depth(s) === 2 && !s.country && !s.skill),
    );
    // Every search of up to two facets, each once, without a country and in Peru; and every country's page.
    expect(indexable.filter((u) => u.startsWith('/trabajos'))).toHaveLength(perPrefix);
    expect(indexable.filter((u) => u.startsWith('/peru/trabajos'))).toHaveLength(perPrefix);
    for (const p of staticParams('countryJobs')) expect(indexable).toContain(href('countryJobs', 'es', p));
    expect(indexable).toContain('/trabajos/tech-lead');
    expect(indexable).not.toContain('/trabajos/tech/tech-lead');
  }, 180_000);

  it('are canonical and one per search in English too (the root and one-facet pages)', async () => {
    const roots = [href('jobs', 'en')];
    const { rendered } = await walk('en', roots, (s) => FACETS.filter((f) => s[f]).length === 0);
    expect(rendered).toBe(1 + countryCount);
  }, 60_000);
});
