// Redirect targets that must never send a browser to another host, shared by the redirect tests: as a
// value (a `redirect` or `back` field) and as a request's own path (the redirects that reuse it: trailing
// slash, NUL bytes in the query). Gathered from the open-redirect cheat sheets and what reviews sent.

/** Values a form or query may carry as where to go next. */
export const REDIRECT_VALUE_ATTACKS = [
  '/.//evil.example/x',
  '/%2e//evil.example',
  '/%2E//evil.example',
  '/%2e%2e//evil.example',
  '/a/../..//evil.example',
  '/..//evil.example',
  '/./..//evil.example/x?y#z',
  '//evil.example/x',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '/.\\/evil.example',
  'https://evil.example/',
  'http://tandem.example/',
  'https://tandem.example.evil.example/',
  'https://tandem.example@evil.example/',
  'https://user:pass@tandem.example/x',
  'http:evil.example',
  ' //evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/ok\r\nSet-Cookie: x=1',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'blob:https://tandem.example/uuid',
  '',
  `/${'a'.repeat(2001)}`,
];

/** Request paths (sent as they are, before any normalising) that a redirect could hand back as Location. */
export const REDIRECT_PATH_ATTACKS = [
  '//evil.example',
  '//evil.example/',
  '//evil.example/x',
  '//evil.example/x/',
  '///evil.example/x',
  '////evil.example/x',
  '/.//evil.example',
  '/.//evil.example/x',
  '/././/evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/\\evil.example',
  '/\\evil.example/x',
  '/\\\\evil.example',
  '/\\/evil.example',
  '/.\\/evil.example',
  '/%5Cevil.example',
  '/%5C%5Cevil.example',
  '/%2F%2Fevil.example',
  '/%2F/evil.example',
  '//%2Fevil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '//evil.example%2F..',
  '//evil.example%00',
  '//evil.example@tandem.example',
  '//tandem.example@evil.example',
  '//evil.example:443',
  '//%65vil.example',
  '//evil%E3%80%82example',
  '//127.0.0.1',
  '//2130706433',
];

/** Each path above with the forms that made the server answer a redirect built from it. */
export function redirectPathRequests(): string[] {
  return REDIRECT_PATH_ATTACKS.flatMap((p) => [p, `${p}?q=%00`, `${p}/`, `${p}/?q=%00`, `${p}?q=a%00b&x=1`]);
}

/** Whether a Location, as a browser resolves it on a page of `site`, stays on that site at a plain path. */
export function staysOnSite(location: string, site: string): boolean {
  if (/[\u0000-\u001f\u007f\\]/.test(location)) return false;
  const url = new URL(location, `${site}/some/page`);
  return url.origin === new URL(site).origin && !url.pathname.startsWith('//');
}
