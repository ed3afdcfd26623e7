import 'server-only';
import { isValidRoute } from '../../routes';
import type { RouteGet } from '../../server/http/app';
import type { ProfileHistoryService } from '../../server/accounts/profile-history-service';
import { ServiceError } from '../../server/errors';
import { PageError } from '../../domain/page-error';
import type { Page } from '../../server/render/page-types';

// /ly/{slug}/cv (decision 050): the CV itself, for its owner and the members of companies the candidate
// applied to; any other signed-in visitor gets the same 404 as for a profile without one. A visitor who is
// not signed in falls through to the page, whose access sends them to sign in. Never stored by a shared
// cache, shown inline in a sandbox (a PDF's scripts run nowhere near the site's origin), never sniffed.
type Deps = { profileHistory: () => Promise<ProfileHistoryService> };

const CV_HEADERS = {
  'content-type': 'application/pdf',
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': 'sandbox',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
} as const;

export function createCvGet({ profileHistory }: Deps): RouteGet {
  return async ({ match, rsc, viewer }) => {
    // A slug the route table refuses (a NUL byte, a path) gets the page's own 404, before any query.
    if (rsc || !isValidRoute(match.id, match.params)) return null;
    const who = viewer ? await viewer() : null;
    if (!who) return null;
    const slug = typeof match.params.slug === 'string' ? match.params.slug : '';
    try {
      const cv = await (await profileHistory()).cv(who, slug);
      return new Response(Buffer.from(cv.bytes), {
        status: 200,
        headers: {
          ...CV_HEADERS,
          'content-disposition': `inline; filename="${cv.fileName}"`,
          'content-length': String(cv.bytes.byteLength),
        },
      });
    } catch (err) {
      if (!(err instanceof ServiceError) || err.code !== 'not-found') throw err;
      return new Response('Not Found', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' },
      });
    }
  };
}

/** The page behind the GET: reached only without a CV to send (the RSC router), a plain 404. */
export const cvPage: Page = async (p) => {
  throw new PageError(404, `CV not found: ${String(p.params.slug)}`);
};
