import 'server-only';
import { href } from '../../routes';
import { Notice } from '../../views/account-forms/account-form-kit';
import type { RouteGet } from '../../server/http/app';
import type { ExportStatus } from '../../server/exports/data-export-service';
import { ServiceError } from '../../server/errors';
import type { PageProps } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';
import { DATA_EXPORT_INTENT, DOWNLOAD_PARAM } from './data-export-actions';

// "Download my data" (decision 072): the account page's section (the button, or where the request is), and
// the emailed link (/cuenta?descarga=TOKEN), whose GET answers the ZIP to the signed-in owner of the export.
// A visitor who is not signed in falls through to the page, whose access sends them to sign in and back;
// anyone else, or an expired link, gets the account page saying the link no longer works.
type Deps = Pick<AreaDeps, 'dataExports'>;

export async function dataExportStatus({ dataExports }: Deps, p: PageProps): Promise<ExportStatus> {
  return p.viewer ? (await dataExports()).status(p.viewer.id) : { state: 'none' };
}

export function DataExportSection({ p, status }: { p: PageProps; status: ExportStatus }) {
  const { t, locale } = p;
  const refused = p.form?.values.intent === DATA_EXPORT_INTENT ? p.form : null;
  const date = (d: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(d);
  return (
    <section className="section-sm" aria-labelledby="account-data-title" data-testid="data-export">
      <h2 id="account-data-title" className="h3">
        {t('dataExport.title')}
      </h2>
      <p className="muted">{t('dataExport.text')}</p>
      {refused && <Notice kind="error">{refused.message}</Notice>}
      {!p.form && new URLSearchParams(p.query).has(DOWNLOAD_PARAM) && <Notice kind="error">{t('dataExport.linkInvalid')}</Notice>}
      {status.state === 'pending' && <Notice kind="info">{t('dataExport.pending')}</Notice>}
      {status.state === 'ready' && <Notice kind="info">{t('dataExport.ready', { date: date(status.expiresAt) })}</Notice>}
      {status.state === 'none' && (
        <form method="post" action={href('account', locale)}>
          <input type="hidden" name="intent" value={DATA_EXPORT_INTENT} />
          <button type="submit" className="btn btn-secondary btn-md" data-testid="data-export-request">
            {t('dataExport.button')}
          </button>
        </form>
      )}
    </section>
  );
}

const ZIP_HEADERS = {
  'content-type': 'application/zip',
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
} as const;

export function createDataExportGet({ dataExports }: Deps): RouteGet {
  return async ({ url, rsc, viewer }) => {
    const token = url.searchParams.get(DOWNLOAD_PARAM);
    if (rsc || !token) return null;
    const who = viewer ? await viewer() : null;
    if (!who) return null;
    try {
      const file = await (await dataExports()).download(token, who.id);
      return new Response(Buffer.from(file.bytes), {
        status: 200,
        headers: {
          ...ZIP_HEADERS,
          'content-disposition': `attachment; filename="${file.fileName}"`,
          'content-length': String(file.bytes.byteLength),
        },
      });
    } catch (err) {
      if (!(err instanceof ServiceError) || err.code !== 'not-found') throw err;
      return null; // the account page says the link no longer works
    }
  };
}
