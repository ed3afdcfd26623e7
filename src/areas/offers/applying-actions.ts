import 'server-only';
import { COVER_NOTE_MAX, MAX_QUESTIONS, answerField } from '../../domain/screening';
import { href } from '../../routes';
import type { FormHandler } from '../../server/http/forms';
import { attempt, type RefusalOptions } from '../../server/http/form-outcome';
import type { AreaDeps } from '../route-module';

// The apply form and saving an offer (decision 049). Applying: a cover note and answers, checked by the
// screening service; success lands on the offer (?applied=1), a refusal re-renders the form as typed.
// Saving: a plain POST from any card or offer page, landing on the offer (?guardada=1); a visitor not signed in goes to sign in and comes back to
// this page, which asks once more (a GET never saves).
const APPLY_REFUSALS: RefusalOptions['summaries'] = {
  conflict: { field: 'offer', else: 'offer.alreadyApplied' },
  gone: 'offer.notOpen',
  forbidden: 'offer.companiesCannotApply',
};
const SAVE_REFUSALS: RefusalOptions['summaries'] = { forbidden: 'applying.error.candidatesOnly', 'not-found': 'error.offerHelp' };

const slugOf = (params: Record<string, unknown>) => (typeof params.slug === 'string' ? params.slug : '');

export function createApplyingActions({ screening, savedOffers }: Pick<AreaDeps, 'screening' | 'savedOffers'>) {
  const apply: FormHandler = {
    maxBytes: 32 * 1024,
    async handle(input) {
      const slug = slugOf(input.params);
      const fields: Record<string, string> = { cover_note: (input.fields.cover_note ?? '').slice(0, COVER_NOTE_MAX + 200) };
      for (let n = 1; n <= MAX_QUESTIONS; n++) {
        const v = input.fields[answerField(n)];
        if (v !== undefined) fields[answerField(n)] = v.slice(0, 400);
      }
      return attempt(input, { values: fields, summaries: APPLY_REFUSALS }, async () => {
        await (await screening()).apply(slug, input.viewer, fields);
        return { ok: true, redirect: `${href('offer', input.locale, { slug })}?applied=1` };
      });
    },
  };

  const save: FormHandler = {
    maxBytes: 2048,
    async handle(input) {
      const slug = slugOf(input.params);
      const here = href('offerSave', input.locale, { slug });
      if (!input.viewer) {
        const back = new URLSearchParams({ redirect: here });
        return { ok: true, redirect: `${href('login', input.locale)}?${back}` };
      }
      return attempt(input, { summaries: SAVE_REFUSALS, fieldErrors: false }, async () => {
        const saved = await (await savedOffers()).save(input.viewer, slug);
        return { ok: true, redirect: `${href('offer', input.locale, { slug: saved.slug })}?guardada=1` };
      });
    },
  };
  return { apply, save };
}
