import 'server-only';
import { unstable_getRequest as getRequest } from 'waku/router/server';
import { pagePathFromPathname } from '../http/page-path';

/**
 * The page path being rendered, from the request itself: Waku's 404 page renders under '/404', and during
 * client navigation the request is the RSC payload URL.
 */
export function currentPagePath(): string {
  try {
    return pagePathFromPathname(new URL(getRequest().url).pathname);
  } catch {
    return '/';
  }
}
