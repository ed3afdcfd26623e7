import 'server-only';
import { parseCookie } from 'cookie';
import { parseId } from '../../domain/ids';
import { OFFER_FIELDS, parseOfferInput } from '../../domain/offer-input';
import { parseQuestions, QUESTION_FIELDS } from '../../domain/screening';
import type { ScreeningService } from '../../server/offers/screening-service';
import { href } from '../../routes';
import type { ServerConfig } from '../../server/config';
import type { FormHandler, FormInput, FormOutcome } from '../../server/http/forms';
import { fieldMessages } from '../../server/http/form-fields';
import { attempt, invalid, refusal, type RefusalOptions } from '../../server/http/form-outcome';
import { ServiceError } from '../../server/errors';
import { OFFER_DRAFT_COOKIE } from '../../server/request-context';
import type { HiringService, OfferAction } from '../../server/offers/hiring-service';
import type { ProfileService } from '../../server/accounts/profile-service';
import { COMPANY_MAX_BYTES, createCompanyAction } from './company-actions';
import { offerDraftCookie } from '../../server/accounts/session';

// The company side's forms (decision 015). The offer form posts to itself with an intent: 'preview' shows the
// Markdown and the market check with everything kept; 'draft' and 'publish' save. A visitor without a
// company account keeps what they typed server-side (decision 015) and goes to sign up, then back to the
// form, filled in. The workspace posts offer actions and pipeline moves to itself.
type Deps = {
  hiring: () => Promise<HiringService>;
  /** The offer's screening questions, saved after the offer (decision 049). */
  screening: () => Promise<ScreeningService>;
  profiles: () => Promise<ProfileService>;
  config: Pick<ServerConfig, 'SITE_URL' | 'AUTH_COOKIE_TOKEN' | 'AUTH_COOKIE_TYPE' | 'AUTH_COOKIE_DOMAIN'>;
};

const LIST_FIELDS = new Set(['allowed_countries', 'skills_required', 'skills_nice']);
const ACTIONS: readonly OfferAction[] = ['publish', 'pause', 'resume', 'close', 'renew'];

/** What was typed, as the form's values: lists comma-joined (the page splits them again). */
function typed(input: FormInput) {
  const raw: Record<string, string | string[]> = {};
  for (const f of OFFER_FIELDS)
    raw[f] = LIST_FIELDS.has(f) ? (input.lists[f] ?? []).slice(0, 60) : (input.fields[f] ?? '').slice(0, 12_000);
  const values = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]));
  for (const f of QUESTION_FIELDS) if (input.fields[f]) values[f] = input.fields[f].slice(0, 400);
  return { raw, values };
}

// The company side words three refusals its own way: a candidate or visitor without a company, an offer
// action its state does not allow (or a pipeline move that lost a race: the service says which), and the
// cap on kept drafts.
const REFUSALS: RefusalOptions['summaries'] = {
  forbidden: 'hire.error.companiesOnly',
  conflict: { field: 'status', else: 'hire.error.action' },
  'rate-limited': 'hire.error.tooManyDrafts',
};

export function createHireActions({ hiring, screening, profiles, config }: Deps): { hireCreateOffer: FormHandler; hireSite: FormHandler } {
  const createOffer: FormHandler = {
    maxBytes: 128 * 1024,
    async handle(input) {
      const intent = input.fields.intent === 'preview' || input.fields.intent === 'draft' ? input.fields.intent : 'publish';
      const { raw, values } = typed(input);
      const parsed = parseOfferInput(raw);
      const questions = parseQuestions(values);
      const errors = {
        ...(parsed.ok ? {} : fieldMessages(input.t, parsed.errors)),
        ...(questions.ok ? {} : fieldMessages(input.t, questions.errors)),
      };
      if (intent === 'preview') return { ok: false, status: 200, message: '', errors, values: { ...values, intent: 'preview' } };
      const { viewer } = input;
      const svc = await hiring();
      const draftToken = parseCookie(input.cookieHeader ?? '')[OFFER_DRAFT_COOKIE];
      if (!viewer) {
        // Keep everything typed, then ask for a company account; the form comes back filled in.
        return attempt(input, { values, summaries: REFUSALS }, async () => {
          const token = await svc.stashDraft(raw, { ip: input.ip, token: draftToken });
          const back = href('hireCreateOffer', input.locale);
          return {
            ok: true,
            redirect: `${href('hireStartNow', input.locale)}?${new URLSearchParams({ redirect: back, draft: '1' })}`,
            cookies: [offerDraftCookie(config, OFFER_DRAFT_COOKIE, token)],
          };
        });
      }
      if (viewer.type !== 'hire') return refusal(input, new ServiceError('forbidden'), { values, summaries: REFUSALS });
      if (!parsed.ok || !questions.ok) return invalid(input, errors, values);
      const editing = input.query.get('oferta');
      const id = editing === null ? undefined : parseId(editing);
      if (id === null) return refusal(input, new ServiceError('not-found'), { values });
      return attempt(input, { values, summaries: REFUSALS }, async () => {
        const saved = await svc.save(viewer, parsed.value, { id, publish: intent === 'publish' });
        await (await screening()).saveQuestions(viewer, saved.id, questions.value);
        if (draftToken) await svc.dropDraft(draftToken);
        const done = saved.status === 'published' ? 'published' : 'saved';
        return {
          ok: true,
          redirect: `${href('hireSite', input.locale)}?${new URLSearchParams({ [done]: saved.slug })}`,
          cookies: draftToken ? [offerDraftCookie(config, OFFER_DRAFT_COOKIE, '')] : [],
        };
      });
    },
  };

  const company = createCompanyAction({ profiles });

  // The workspace has three forms, told apart by their intent: offer actions, pipeline moves and the
  // company's details (intent=company, also the default: the oldest form of the page carried none).
  const workspace: FormHandler = {
    maxBytes: COMPANY_MAX_BYTES,
    async handle(input) {
      const intent = input.fields.intent ?? 'company';
      if (intent === 'company') return company(input);
      if (intent !== 'offer-action' && intent !== 'application-status') {
        return { ok: false, status: 400, message: input.t('forms.unreadable'), errors: {}, values: {} };
      }
      const { viewer } = input;
      const svc = await hiring();
      const back = (q: Record<string, string>) => `${href('hireSite', input.locale)}?${new URLSearchParams(q)}`;
      return attempt(input, { summaries: REFUSALS }, async (): Promise<FormOutcome> => {
        if (intent === 'offer-action') {
          const action = input.fields.action as OfferAction;
          if (!ACTIONS.includes(action)) return { ok: false, status: 422, message: input.t('hire.error.action'), errors: {}, values: {} };
          const offerId = parseId(input.fields.offer);
          if (offerId === null) throw new ServiceError('not-found');
          // Closing asks first (decision 048): without confirm=1 the workspace shows the offer to confirm.
          if (action === 'close' && input.fields.confirm !== '1') {
            await svc.offerInput(viewer, offerId); // another company's offer answers 404 here already
            return { ok: false, status: 200, message: '', errors: {}, values: { intent: 'close-confirm', offer: String(offerId) } };
          }
          const r = await svc.act(viewer, offerId, action);
          return { ok: true, redirect: back({ done: action, offer: String(r.id) }) };
        }
        const applicationId = parseId(input.fields.application);
        if (applicationId === null) throw new ServiceError('not-found');
        const r = await svc.moveApplication(viewer, applicationId, input.fields.status ?? '');
        return { ok: true, redirect: `${href('hireApplicants', input.locale, { id: String(r.offerId) })}?hecho=moved#applicant-${r.id}` };
      });
    },
  };

  return { hireCreateOffer: createOffer, hireSite: workspace };
}
