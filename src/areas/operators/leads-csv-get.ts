import 'server-only';
import { parseCookie } from 'cookie';
import type { RouteGet } from '../../server/http/app';
import type { AreaDeps } from '../route-module';

// The leads page's CSV exports (decision 074): `?csv=leads` or `?csv=reuniones` answers the file instead of
// the page, to an operator only (anyone else: the area's plain 404); each export is written to the audit log.
type Deps = Pick<AreaDeps, 'operators' | 'meetings' | 'config'>;

const NOT_FOUND = () =>
  new Response('Not Found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' },
  });

export function createLeadsCsvGet({ operators, meetings, config }: Deps): RouteGet {
  return async ({ url, rsc, request, viewer }) => {
    const which = url.searchParams.get('csv');
    if (rsc || which === null) return null;
    if (which !== 'leads' && which !== 'reuniones') return NOT_FOUND();
    const who = viewer ? await viewer() : null;
    const token = parseCookie(request.headers.get('cookie') ?? '')[config.AUTH_COOKIE_TOKEN] ?? null;
    const svc = await operators();
    const op = await svc.operatorOf(who, token);
    if (!op) return NOT_FOUND();
    const admin = (await meetings()).admin;
    const body = which === 'leads' ? await admin.leadsCsv() : await admin.bookingsCsv();
    await svc.record({
      actor: { kind: 'operator', userId: op.id, email: op.email },
      action: which === 'leads' ? 'leads.export' : 'meetings.export',
      after: { rows: body.split('\r\n').length - 2 },
    });
    const filename = which === 'leads' ? 'leads.csv' : 'meetings.csv';
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex, nofollow',
      },
    });
  };
}
