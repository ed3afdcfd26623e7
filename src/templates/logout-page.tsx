import { stringifySetCookie } from 'cookie';
import { unstable_redirect as redirect } from 'waku/router/server';
import { getConfig } from '../server/config';
import { patchResponse } from '../server/request-context';
import { href } from '../routes';
import type { TemplateProps } from './types';

// Sign-out: clear the token and account-type cookies, then go home in the page's locale.
export function LogoutPage({ locale }: TemplateProps): never {
  const c = getConfig();
  const domain = c.AUTH_COOKIE_DOMAIN || undefined;
  patchResponse((p) => {
    for (const name of [c.AUTH_COOKIE_TOKEN, c.AUTH_COOKIE_TYPE]) {
      p.cookies.push(stringifySetCookie({ name, value: '', maxAge: 0, path: '/', domain, sameSite: 'lax', httpOnly: true }));
    }
  });
  redirect(href('home', locale), 303);
}
