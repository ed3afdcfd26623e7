import 'server-only';
import { pageRedirect } from '../../server/render/redirect';
import { getConfig } from '../../server/config';
import { getRequestContext, patchResponse } from '../../server/request-context';
import { services } from '../../server/services/container';
import { clearedSessionCookies } from '../../server/session-cookies';
import { href } from '../../routes';
import type { PageProps } from '../../server/render/page-types';

// Sign-out as a page (the client router's request; a plain GET is answered by the HTTP layer, see
// logout-actions.ts): end the token on the server, clear the cookies, go home in the page's locale.
export async function LogoutPage({ locale }: PageProps): Promise<never> {
  const token = getRequestContext()?.token;
  if (token)
    await (await services.auth()).logout(token).catch((err) => console.error('[logout] could not end the session on the server', err));
  const cookies = clearedSessionCookies(getConfig());
  patchResponse((p) => {
    p.cookies.push(...cookies);
  });
  pageRedirect(href('home', locale), 303);
}
