import type { RouteId } from '../routes';
import type { RouteHandlers } from '../server/http/app';
import type { FormHandler } from '../server/http/forms';

/** Route handlers for an HTTP app under test from form actions alone (the registry's shape, minus pages). */
export const actionRoutes = (actions: Partial<Record<RouteId, FormHandler>>): RouteHandlers =>
  Object.fromEntries(Object.entries(actions).map(([id, action]) => [id, { action }]));
