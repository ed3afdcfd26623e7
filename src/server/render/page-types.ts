import type { ReactNode } from 'react';
import type { FormState } from '../../domain/forms/types';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import type { Params, RouteId } from '../../routes';
import type { Session } from '../../state/session';
import type { Viewer } from '../accounts/session';
import type { PageAnswer } from './page-answer';

// What every page gets: plain props, request state read once by route-page.tsx. Pages are async server
// components in src/areas/*, built from their area's dependencies (the services they read: AreaDeps); they
// answer errors by throwing PageError.
export type PageProps = {
  id: RouteId;
  locale: Locale;
  params: Params;
  /** The raw query string without '?', '' when none. */
  query: string;
  path: string;
  t: T;
  /** The configured brand name, for copy that names the product. */
  brand: string;
  /** The visitor (getViewer, accounts/session.ts): the session the page shows and the viewer services check. */
  session: Session;
  viewer: Viewer;
  /** The visitor's anonymous id on personalised routes (the feature flags' bucketing key), else null. */
  anonymousId: string | null;
  /** The visitor's country on personalised routes, when known (flag targeting), else null. */
  country: string | null;
  /** A form post of this page that failed, re-rendered with its errors (no JavaScript), else null. */
  form: FormState | null;
};

export type PageMeta = {
  title: string;
  description: string;
  noindex?: boolean;
  /** A path of this site to name as canonical instead of the page's own (a deep search's parent). */
  canonicalPath?: string;
};

/**
 * A page: an async function of plain props returning its content, or answer(status, content) for another
 * status; meta overrides the table's title. Error screens are thrown (PageError).
 */
export type Page = ((props: PageProps) => Promise<ReactNode | PageAnswer> | ReactNode | PageAnswer) & {
  meta?: (props: PageProps) => Promise<PageMeta> | PageMeta;
};
