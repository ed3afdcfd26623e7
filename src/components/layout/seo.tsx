import { alternates, canonicalOf, href, type Params, type RouteId } from '../../routes';
import type { Locale } from '../../i18n/locales';
import { localeInfo } from '../../i18n/locales';
import type { PublicConfig } from '../../domain/public-config';

// Head tags of a page (React 19 hoists them into <head>). Rendered by pages only, never by layouts: nothing
// deduplicates titles, and the layout's would come first (docs/waku-notes.md).
export function Seo({
  id,
  locale,
  params,
  title,
  description,
  brand,
  noindex,
  canonicalPath,
}: {
  id: RouteId;
  locale: Locale;
  params: Params;
  title: string;
  description: string;
  brand: PublicConfig['brand'];
  noindex?: boolean;
  canonicalPath?: string;
}) {
  const site = brand.siteUrl;
  // A page that duplicates another route names that route's URL, in every language.
  const c = canonicalOf(id, params);
  const canonical = site + (canonicalPath ?? href(c.id, locale, c.params));
  const image = `${site}/og-image.jpg`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      {alternates(c.id, c.params).map((a) => (
        <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={site + a.path} />
      ))}
      {noindex && <meta name="robots" content="noindex, follow" />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={brand.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={localeInfo[locale].language.replace('-', '_')} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="620" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:site" content={brand.handle} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
    </>
  );
}
