import 'server-only';
import type { Context } from 'hono';
import type { RedirectStatusCode } from 'hono/utils/http-status';
import { localLocation } from '../../domain/safe-redirect';

/**
 * Every redirect the HTTP layer makes to a path of this site: its Location goes through localLocation, so
 * a path or query taken from the request can never come back out as another host ('//host', '/\host').
 */
export function redirectLocal(c: Context, path: string, status: RedirectStatusCode): Response {
  return c.redirect(localLocation(path), status);
}
