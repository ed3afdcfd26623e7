import type { Page } from '@playwright/test';
import { locales, type Locale } from '../src/i18n/locales';
import { href, routeIds, routes, type Params, type RouteId } from '../src/routes';
import { queryOne, routeWalk, signIn, waitForHydration } from './fixtures';

// Every page of the route table as each kind of visitor sees it, with parameters that name real records of
// the demo world (an offer, a public profile, a certificate) rather than the table's samples, which answer
// their not-found screens. The phone walk and `npm run shots` both go through this list.
export type Visitor = 'visitor' | 'candidate' | 'company';
export const visitors: Visitor[] = ['visitor', 'candidate', 'company'];

const DEMO_PASSWORD = 'tandem-demo-2026';
const DEMO = { candidate: 'candidata@demo.tandem.example', company: 'empresa@demo.tandem.example' } as const;

/** A calculator answer to show: the result page needs its inputs in the URL. */
const CALCULATOR_QUERY = 'country=peru&role=backend&seniority=senior&skills=react';

async function realParams(): Promise<Partial<Record<RouteId, Params>>> {
  const offer = await queryOne<{ slug: string }>("select slug from offers where status = 'published' order by id limit 1");
  const profile = await queryOne<{ slug: string }>(
    'select u.profile_slug as slug from users u join candidate_profiles p on p.user_id = u.id where p.is_public = 1 and u.profile_slug is not null order by u.id limit 1',
  );
  const certificate = await queryOne<{ slug: string }>('select slug from certifications order by id limit 1');
  return {
    ...(offer && { offer: { slug: offer.slug } }),
    ...(profile && { talentProfile: { slug: profile.slug } }),
    ...(certificate && { certification: { slug: certificate.slug } }),
  };
}

export type WalkPage = { id: RouteId; locale: Locale; path: string };

/** The pages a visitor of this kind can open: routes that would only redirect them elsewhere are left out. */
export async function pagesFor(who: Visitor, only?: RegExp): Promise<WalkPage[]> {
  const real = await realParams();
  const redirectsVisitors = new Set(routeWalk.filter((w) => w.expect.redirectTo).map((w) => w.id));
  const opens = (id: RouteId) => {
    const access = routes[id].access;
    // The CV answers a PDF (or a bare 404), not a page (e2e/profile.spec.ts covers it).
    if (id === 'talentCv') return false;
    if (who === 'visitor') return !redirectsVisitors.has(id) || id === 'calculatorRegister';
    if (access === 'guest-only') return false;
    // The operator area is a 404 for every kind of visitor (e2e/operators.spec.ts walks it as an operator).
    if (access === 'operator') return false;
    if (access === 'match-only') return who === 'candidate';
    if (access === 'hire-only') return who === 'company';
    return true;
  };
  return routeIds
    .filter((id) => opens(id) && (!only || only.test(id)))
    .flatMap((id) =>
      locales.map((locale) => {
        const base = href(id, locale, real[id] ?? routes[id].sample ?? {});
        const query = id === 'calculatorResult' || id === 'calculatorRegister' ? `?${CALCULATOR_QUERY}` : '';
        return { id, locale, path: base + query };
      }),
    );
}

/** Sign the page's context in as the demo account of this kind (a visitor stays anonymous). */
export async function signInAs(page: Page, who: Visitor) {
  if (who === 'visitor') return;
  await signIn(page, href('login', 'es'), DEMO[who], DEMO_PASSWORD);
  await page.waitForURL((u) => !u.pathname.startsWith(href('login', 'es')));
}

/** Open a page of the walk and wait until it is hydrated, so late islands are in the layout too. */
export async function openPage(page: Page, path: string) {
  const res = await page.goto(path);
  await waitForHydration(page);
  return res;
}
