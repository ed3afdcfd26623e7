import 'server-only';
import { PageError } from '../../domain/page-error';
import type { FormInput, FormOutcome } from '../../server/http/forms';
import { getRequestContext } from '../../server/request-context';
import type { Viewer } from '../../server/accounts/session';
import type { AreaDeps } from '../route-module';

// One refusal for the whole operator area (decision 070): anonymous visitors, candidates, companies and an
// operator who has not passed the second step all get the same 404, so the area does not show it exists.
type Deps = Pick<AreaDeps, 'operators'>;

/** The token of the request being rendered (pages): the operator session is tied to it. */
const pageToken = () => getRequestContext()?.token ?? null;

/** Never stored by a browser or a shared cache. */
export const NO_STORE = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow' };

/** The operator behind a page, or the area's 404. */
export async function operatorOfPage({ operators }: Deps, viewer: Viewer) {
  const op = await (await operators()).operatorOf(viewer, pageToken());
  if (!op) throw new PageError(404, 'Not Found');
  return op;
}

/** The area's refusal of a form post. */
export const refused = (input: Pick<FormInput, 't'>): FormOutcome => ({
  ok: false,
  status: 404,
  message: input.t('api.notFound'),
  errors: {},
  values: {},
});
