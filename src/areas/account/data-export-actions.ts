import 'server-only';
import { href } from '../../routes';
import { CONSENT_COOKIE, parseConsent, serializeConsent } from '../../domain/consent';
import type { FormInput, FormOutcome } from '../../server/http/forms';
import { ServiceError } from '../../server/errors';
import type { AreaDeps } from '../route-module';

// "Download my data" on the account page (decision 072): the button posts `intent=dataExport` to the page's
// action; the request only writes a job (the archive is built in the background and emailed as a link).
// The browser's cookie consent choice goes along: it is stored nowhere else.
export const DATA_EXPORT_INTENT = 'dataExport';
/** The emailed link is the account page with this parameter (the export's token). */
export const DOWNLOAD_PARAM = 'descarga';

function consentOf(cookieHeader: string | undefined): string | null {
  const raw = cookieHeader
    ?.split(/;\s*/)
    .find((c) => c.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  const consent = parseConsent(raw);
  return consent ? serializeConsent(consent) : null;
}

export async function requestDataExport(input: FormInput, { dataExports }: Pick<AreaDeps, 'dataExports'>): Promise<FormOutcome> {
  const refuse = (status: number, message: string, retryAfter?: number): FormOutcome => ({
    ok: false,
    status,
    message,
    errors: {},
    values: { intent: DATA_EXPORT_INTENT },
    ...(retryAfter ? { retryAfter } : {}),
  });
  if (!input.viewer) return refuse(401, input.t('api.unauthorized'));
  try {
    await (await dataExports()).request(input.viewer.id, input.locale, consentOf(input.cookieHeader));
  } catch (err) {
    if (!(err instanceof ServiceError) || err.code !== 'rate-limited') throw err;
    const seconds = err.retryAfterSeconds ?? 3600;
    return refuse(429, input.t('dataExport.tooSoon', { hours: Math.max(1, Math.ceil(seconds / 3600)) }), seconds);
  }
  return { ok: true, redirect: `${href('account', input.locale)}?hecho=datos` };
}
