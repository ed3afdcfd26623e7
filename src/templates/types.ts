import type { ReactNode } from 'react';
import type { Locale } from '../i18n/locales';
import type { T } from '../i18n/translate';
import type { Params, RouteId } from '../routes';

export type TemplateProps = {
  id: RouteId;
  locale: Locale;
  params: Params;
  /** The raw query string without '?', '' when none. */
  query: string;
  path: string;
  t: T;
  /** The configured brand name, for copy that names the product. */
  brand: string;
};

export type PageMeta = { title: string; description: string; noindex?: boolean };

/** A page: an async server component called with plain props; meta overrides the table's title. */
export type Template = ((props: TemplateProps) => Promise<ReactNode> | ReactNode) & {
  meta?: (props: TemplateProps) => Promise<PageMeta> | PageMeta;
};
