/** A page path from a request pathname; RSC payload requests (/RSC/R/en/tools.txt) map to their page. */
export function pagePathFromPathname(pathname: string): string {
  const m = /^\/RSC\/R(\/.*)\.txt$/.exec(pathname);
  if (!m) return pathname;
  const p = m[1]!;
  if (p === '/_root') return '/';
  if (p.startsWith('/__')) return '/_' + p.slice(3);
  return p;
}
