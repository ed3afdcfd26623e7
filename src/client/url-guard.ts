// Navigation from page scripts (docs/product-rules.md): URLs with a script-capable scheme are always refused; another
// site is refused unless it is on the allow list; same-site paths are fine.
const FORBIDDEN = new Set(['javascript:', 'data:', 'blob:', 'vbscript:']);

export function navigationTarget(to: string, origin: string, allowExternal: readonly string[] = []): string | null {
  let url: URL;
  try {
    url = new URL(to.trim(), origin);
  } catch {
    return null;
  }
  if (FORBIDDEN.has(url.protocol)) return null;
  if (url.origin === origin) return url.pathname + url.search + url.hash;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return allowExternal.includes(url.hostname) ? url.toString() : null;
}

/** Navigate when allowed; answers whether it did. */
export function navigateTo(to: string, allowExternal: readonly string[] = []): boolean {
  const target = navigationTarget(to, window.location.origin, allowExternal);
  if (target === null) {
    console.warn(`[navigation] refused: ${to.slice(0, 80)}`);
    return false;
  }
  window.location.assign(target);
  return true;
}
