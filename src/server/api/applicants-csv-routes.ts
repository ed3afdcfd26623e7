import 'server-only';
import type { Context, Hono } from 'hono';
import { parseId } from '../../domain/ids';
import { isLocale } from '../../i18n/locales';
import type { AuthService } from '../accounts/auth-service';
import type { Viewer } from '../accounts/session';
import type { ApplicantsCsv } from '../offers/applicants-csv';
import { fail, langOf } from '../http/respond';

// An offer's applicants as a CSV download for its company's members (decision 049): the session cookie (a
// plain link on the applicants' section) or a bearer token; another company's offer is 404 like an unknown
// id. The words (status, headers) are in the language of ?lang=, else the lang header, else Spanish.
type Deps = {
  auth: () => Promise<AuthService>;
  applicantsCsv: () => Promise<ApplicantsCsv>;
  tokenOf: (c: Context) => string | null;
};

export function registerApplicantsCsvRoute(api: Hono, { auth, applicantsCsv, tokenOf }: Deps) {
  api.get('/v3/hire/offers/:id/applicants.csv', async (c) => {
    const offerId = parseId(c.req.param('id'));
    const user = await (await auth()).me(null, tokenOf(c));
    const viewer: Viewer = { id: user.id, type: user.account_type };
    if (offerId === null) return fail(c, 404, 'api.notFound');
    const lang = c.req.query('lang');
    const { filename, body } = await (await applicantsCsv()).applicantsCsv(viewer, offerId, isLocale(lang) ? lang : langOf(c));
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    });
  });
}
