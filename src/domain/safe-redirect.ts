// Where to go after signing in (decision 017): the target is resolved against the site's origin, as the
// browser would resolve it, and kept only when it stays on that origin. What comes back is a path that
// cannot be read as another host: never '//host' or '/\host', whatever dot segments, percent-encoded dots
// or backslashes the input used to get there.
export function safeRedirect(value: unknown, siteUrl: string): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  // Browsers drop tabs and newlines and read a backslash as a slash: refuse both outright.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let origin: string;
  let target: URL;
  try {
    origin = new URL(siteUrl).origin;
    target = new URL(value, `${origin}/`);
  } catch {
    return null;
  }
  if (target.origin !== origin || target.username || target.password) return null;
  const path = target.pathname + target.search + target.hash;
  // Dot segments can leave an empty first segment ('/.//evil' -> '//evil'): that is another host.
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  // The path as the browser will read it in a Location header, resolved once more: still ours.
  try {
    if (new URL(path, 'http://tandem.invalid/').origin !== 'http://tandem.invalid') return null;
  } catch {
    return null;
  }
  return path;
}

/**
 * The Location of a redirect to a path of this site that was built from what a request carried (its own
 * path, a query): the same path and query, except that a browser could never read it as another host.
 * Tabs and newlines go (browsers drop them), a leading run of slashes and backslashes ('//host', '/\host',
 * '\/host') becomes one slash, dot segments that would leave '//' in front are resolved, and anything
 * outside printable ASCII is percent-encoded (a header value cannot carry it raw).
 */
export function localLocation(path: string): string {
  let p = path.replace(/[\u0000-\u001f\u007f]/g, '').replace(/[^\u0021-\u007e]/g, (ch) => encodeURIComponent(ch));
  p = `/${p.replace(/^[/\\]+/, '')}`;
  let resolved: URL;
  try {
    resolved = new URL(p, LOCAL_BASE);
  } catch {
    return '/';
  }
  if (resolved.origin !== new URL(LOCAL_BASE).origin) return '/';
  // '/.//host' resolves to the path '//host': safe for this hop, but not a path to hand on.
  if (resolved.pathname.startsWith('//')) return `/${resolved.pathname.replace(/^\/+/, '')}${resolved.search}${resolved.hash}`;
  return p;
}
const LOCAL_BASE = 'http://tandem.invalid/';
