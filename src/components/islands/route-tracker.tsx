'use client';
import { useEffect, useRef } from 'react';
import { useRouter } from 'waku';
import { pageViewHook } from '../../client/app-hooks';
import { writeStored } from '../../client/local-store';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localeOfPath } from '../../i18n/locales';

// On every route change (docs/product-rules.md): keep the previous URL under 'app' in local storage, call the
// page-view hook, keep <html lang> and the locale cookie in step with the page's locale.
export function RouteTracker() {
  const { path, query } = useRouter();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const url = location.pathname + location.search;
    // The address bar, not the router's path: on a not-found page the router's path is '/404'.
    const locale = localeOfPath(location.pathname);
    if (document.documentElement.lang !== locale) document.documentElement.lang = locale;
    if (!document.cookie.split('; ').includes(`${LOCALE_COOKIE}=${locale}`)) {
      const secure = location.protocol === 'https:' ? '; Secure' : '';
      document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure}`;
    }
    const previousUrl =
      previous.current ?? (document.referrer.startsWith(location.origin) ? document.referrer.slice(location.origin.length) : null);
    if (previous.current !== null) writeStored(localStorage, 'app', { previous_url: previous.current });
    pageViewHook.emit({ path: url, previousUrl, locale, title: document.title });
    previous.current = url;
  }, [path, query]);

  return null;
}
