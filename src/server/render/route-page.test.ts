import { describe, expect, it } from 'vitest';
import { confirmEmailPage, loginPage } from '../../areas/account/account-pages';
import { areaDeps } from '../../testing/area-deps';
import type { RouteId } from '../../routes';
import { actionRoutes } from '../../testing/routes';
import { parseConfig } from '../config';
import { createHttpApp } from '../http/app';
import type { FormOutcome } from '../http/forms';
import { answer } from './page-answer';
import type { Page } from './page-types';
import { routePage } from './route-page';

// A form post that fails without JavaScript re-renders its page with the action's status (422, 409, 429):
// a page that answers with answer(200, ...) (the offer page, the pages that must not be cached) must not
// turn that refusal into a 200. The page runs through routePage as Waku would call it; its content is not
// rendered (React's server build does not run under Vitest), only the status and headers it sets.
const SITE = 'https://tandem.example';
const config = parseConfig({ SITE_URL: SITE });

function appFor(id: RouteId, page: Page, props: Record<string, unknown>, outcome: FormOutcome) {
  const inner = async () => {
    await routePage(id, 'es', page)({ path: '/', ...props });
    return new Response('<p>page</p>', { headers: { 'content-type': 'text/html' } });
  };
  return createHttpApp({
    inner,
    config,
    prod: false,
    build: { id: 'b', timestamp: 0 },
    routes: actionRoutes({ [id]: { handle: async () => outcome } }),
  }).app;
}
const refusal = (status: number, retryAfter?: number): FormOutcome => ({
  ok: false,
  status,
  message: 'no',
  errors: {},
  values: {},
  ...(retryAfter ? { retryAfter } : {}),
});
const post = (app: ReturnType<typeof appFor>, path: string) =>
  app.request(path, { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE } });

describe('a failed form post re-rendered on its page', () => {
  const open: Page = async () => answer(200, 'an open offer');
  const closed: Page = async () => answer(410, 'a closed offer');

  it.each([409, 401, 403, 422])('keeps the action status %i on a page that answers 200', async (status) => {
    const res = await post(appFor('offer', open, { slug: 'x' }, refusal(status)), '/oferta/x');
    expect(res.status).toBe(status);
  });

  it('keeps 429 and its Retry-After on the uncached confirmation page, whose headers still apply', async () => {
    const token = 'z'.repeat(43);
    const res = await post(appFor('confirmEmail', confirmEmailPage(areaDeps()), { token }, refusal(429, 30)), `/confirmar-email/${token}`);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('keeps 429 on the sign-in page (a page without answer())', async () => {
    const res = await post(appFor('login', loginPage(areaDeps()), {}, refusal(429, 12)), '/ingresar');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('12');
  });

  it("lets the page's own error status stand (a closed offer is 410 whatever the post)", async () => {
    expect((await post(appFor('offer', closed, { slug: 'x' }, refusal(409)), '/oferta/x')).status).toBe(410);
  });

  it('changes nothing for a page shown without a post', async () => {
    const app = appFor('offer', open, { slug: 'x' }, refusal(409));
    expect((await app.request('/oferta/x')).status).toBe(200);
    expect((await appFor('offer', closed, { slug: 'x' }, refusal(409)).request('/oferta/x')).status).toBe(410);
  });
});
