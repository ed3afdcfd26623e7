import 'server-only';
import { unstable_redirect } from 'waku/router/server';
import { localLocation } from '../../domain/safe-redirect';

/** A page's redirect to a path of this site (throws, as Waku's does), its Location through localLocation. */
export function pageRedirect(path: string, status: 303 | 307 | 308 = 307): never {
  return unstable_redirect(localLocation(path), status);
}
