// As in the original app: a trailing slash is removed by a 301 that keeps the query, except on '/' and on file-like
// paths. The file check looks at the segment before the slash (the common Nuxt recipe's check
// never fires because it looks at the empty last segment).
const FILE_LIKE = /\.[a-z0-9]+\/+$/i;

/** The redirect target for a URL with a trailing slash, or null when none is due. */
export function trailingSlashRedirect(pathname: string, search: string): string | null {
  if (pathname === '/' || !pathname.endsWith('/')) return null;
  if (FILE_LIKE.test(pathname)) return null;
  const target = pathname.replace(/\/+$/, '') || '/';
  // '//evil.example/' must not become a protocol-relative redirect.
  const safe = target.replace(/^\/{2,}/, '/');
  return safe + search;
}
