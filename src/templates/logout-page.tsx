import { unstable_redirect as redirect } from 'waku/router/server';
import { getConfig } from '../server/config';
import { patchResponse } from '../server/request-context';
import { clearedSessionCookies } from '../server/session-cookies';
import { href } from '../routes';
import type { TemplateProps } from './types';

// Sign-out: clear the token and account-type cookies, then go home in the page's locale.
export function LogoutPage({ locale }: TemplateProps): never {
  const cookies = clearedSessionCookies(getConfig());
  patchResponse((p) => {
    p.cookies.push(...cookies);
  });
  redirect(href('home', locale), 303);
}
