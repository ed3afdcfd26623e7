// The visitor's country for feature-flag targeting, without an outside lookup: the country header of a
// CDN in front of the site when its proxy is trusted (Cloudflare, Vercel, CloudFront), else the region of
// the browser's first language that names one (es-CO → CO). Undefined when neither says.
const CODE = /^[A-Z]{2}$/;
const UNKNOWN = new Set(['XX', 'T1', 'ZZ']);

export function visitorCountry({
  cdnCountry,
  acceptLanguage,
}: {
  cdnCountry?: string | null;
  acceptLanguage?: string | null;
}): string | undefined {
  const cdn = cdnCountry?.trim().toUpperCase();
  if (cdn && CODE.test(cdn) && !UNKNOWN.has(cdn)) return cdn;
  for (const part of (acceptLanguage ?? '').split(',').slice(0, 10)) {
    const m = /^\s*[a-z]{2,3}-([a-z]{2})\b/i.exec(part);
    if (m) return m[1]!.toUpperCase();
  }
  return undefined;
}
