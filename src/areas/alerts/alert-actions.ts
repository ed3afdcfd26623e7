import 'server-only';
import { z } from 'zod';
import { alertQueryOf, FREQUENCIES, parseAlertSearch, selectionOfAlert, type AlertSearch } from '../../domain/alert-search';
import { getT } from '../../i18n/translate';
import { href } from '../../routes';
import type { AlertService } from '../../server/alerts/alert-service';
import type { RouteGet } from '../../server/http/app';
import type { FormHandler, FormInput, FormOutcome } from '../../server/http/forms';
import { attempt, type RefusalOptions } from '../../server/http/form-outcome';
import { ServiceError } from '../../server/errors';

// The job alert forms: plain posts, a 303 on success (PRG, with a "done" word in the query) and the page
// again with a message on a refusal. Every value is checked here with zod: the search with the search page's
// own rules (unknown facets refused), the frequency, the email, the alert id.
type Deps = { alerts: () => Promise<AlertService> };

const frequency = z.enum(FREQUENCIES);
const alertId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);
const email = z.string().trim().max(254).email();

const REFUSALS: RefusalOptions['summaries'] = {
  'rate-limited': 'alerts.error.tooFast',
  'not-found': 'alerts.error.gone',
  gone: 'alerts.confirm.gone',
  'invalid-input': { field: 'form' },
};

const refuse = (
  input: FormInput,
  message: string,
  errors: Record<string, string> = {},
  values: Record<string, string> = {},
): FormOutcome => ({
  ok: false,
  status: 422,
  message,
  errors,
  values,
});

const newPage = (input: FormInput, s: AlertSearch, status: string) => {
  const q = new URLSearchParams(Object.entries(alertQueryOf(selectionOfAlert(s), s)).filter((e): e is [string, string] => !!e[1]));
  q.set('hecho', status);
  return `${href('alertNew', input.locale)}?${q}`;
};

export function createAlertActions({ alerts }: Deps) {
  /** /alertas/nueva: save (a candidate in one click, anyone else by email), and the workspace's list forms. */
  const alertNew: FormHandler = {
    async handle(input) {
      const f = input.fields;
      const intent = f.intent ?? 'save';
      const candidate =
        input.viewer?.type === 'match' && input.session.user ? { id: input.viewer.id, email: input.session.user.email } : null;
      if (intent === 'frequency' || intent === 'delete') {
        // The candidate's workspace list posts here: only their own alerts.
        if (!candidate) return refuse(input, input.t('api.unauthorized'));
        const id = alertId.safeParse(f.alert);
        const freq = frequency.safeParse(f.frequency);
        if (!id.success || (intent === 'frequency' && !freq.success)) return refuse(input, input.t('alerts.error.frequency'));
        return attempt(input, { summaries: REFUSALS }, async () => {
          const svc = await alerts();
          if (intent === 'delete') await svc.deleteForUser(candidate.id, id.data);
          else await svc.setFrequencyForUser(candidate.id, id.data, freq.data!);
          return { ok: true, redirect: `${href('matchPlatform', input.locale)}#alerts` };
        });
      }
      const values = { email: f.email ?? '', frequency: f.frequency ?? 'daily' };
      const search = parseAlertSearch({ country: f.pais, filters: f.filtros, q: f.q, minSalaryUsd: f.salario_min });
      if (!search) return refuse(input, input.t('alerts.new.invalid'), {}, values);
      const freq = frequency.safeParse(values.frequency);
      if (!freq.success) return refuse(input, input.t('forms.summary'), { frequency: input.t('alerts.error.frequency') }, values);
      if (candidate) {
        return attempt(input, { values, summaries: REFUSALS }, async () => {
          const r = await (await alerts()).createForAccount(candidate, search, freq.data, input.locale);
          return { ok: true, redirect: newPage(input, search, r.status === 'duplicate' ? 'existe' : 'guardada') };
        });
      }
      const address = email.safeParse(values.email);
      if (!address.success) return refuse(input, input.t('forms.summary'), { email: input.t('forms.error.email') }, values);
      return attempt(input, { values, summaries: REFUSALS }, async () => {
        await (await alerts()).requestForVisitor(address.data, search, freq.data, input.locale, input.ip);
        return { ok: true, redirect: newPage(input, search, 'revisa') };
      });
    },
  };

  const alertConfirm: FormHandler = {
    async handle(input) {
      const token = String(input.params.token ?? '');
      return attempt(input, { summaries: REFUSALS }, async () => {
        const { manageToken } = await (await alerts()).confirm(token);
        return { ok: true, redirect: `${href('alertManage', input.locale, { token: manageToken })}?hecho=activada` };
      });
    },
  };

  const alertManage: FormHandler = {
    async handle(input) {
      const token = String(input.params.token ?? '');
      const f = input.fields;
      const back = (status: string) => `${href('alertManage', input.locale, { token })}?hecho=${status}`;
      return attempt(input, { summaries: REFUSALS }, async () => {
        const svc = await alerts();
        if (f.intent === 'deleteAll') {
          await svc.deleteByManage(token, 'all');
          return { ok: true, redirect: back('todas') };
        }
        const id = alertId.safeParse(f.alert);
        if (!id.success) throw new ServiceError('not-found');
        if (f.intent === 'delete') {
          await svc.deleteByManage(token, id.data);
          return { ok: true, redirect: back('eliminada') };
        }
        const freq = frequency.safeParse(f.frequency);
        if (!freq.success) return refuse(input, input.t('alerts.error.frequency'));
        await svc.setFrequency(token, id.data, freq.data);
        return { ok: true, redirect: back('frecuencia') };
      });
    },
  };

  const alertUnsubscribe: FormHandler = {
    async handle(input) {
      const token = String(input.params.token ?? '');
      return attempt(input, { summaries: REFUSALS }, async () => {
        await (await alerts()).unsubscribe(token);
        return { ok: true, redirect: `${href('alertUnsubscribe', input.locale, { token })}?hecho=1` };
      });
    },
  };

  /**
   * A mail provider's one-click unsubscribe (RFC 8058): a POST whose body is `List-Unsubscribe=One-Click`
   * deletes the alert and answers 200 with a short text (404 for an unknown link). Any other POST is the
   * page's own form (null: the action takes it).
   */
  const oneClick: RouteGet = async ({ match, request }) => {
    const type = request.headers.get('content-type') ?? '';
    if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return null;
    let body: FormData;
    try {
      body = await request.clone().formData();
    } catch {
      return null;
    }
    if (body.get('List-Unsubscribe') !== 'One-Click') return null;
    const headers = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
    try {
      await (await alerts()).unsubscribe(String(match.params.token ?? ''));
    } catch (err) {
      if (err instanceof ServiceError && err.code === 'not-found') return new Response('Not Found', { status: 404, headers });
      throw err;
    }
    return new Response(getT(match.locale)('alerts.unsubscribe.oneClick'), { status: 200, headers });
  };

  return { alertNew, alertConfirm, alertManage, alertUnsubscribe, oneClick };
}
