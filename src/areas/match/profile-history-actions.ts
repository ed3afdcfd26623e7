import 'server-only';
import { parseId } from '../../domain/ids';
import { MAX_CV_BYTES } from '../../domain/profile-history';
import { href } from '../../routes';
import type { ProfileService } from '../../server/accounts/profile-service';
import type { ProfileHistoryService } from '../../server/accounts/profile-history-service';
import { ServiceError } from '../../server/errors';
import type { FormHandler, FormInput } from '../../server/http/forms';
import { fileBytes, typed } from '../../server/http/form-fields';
import { attempt } from '../../server/http/form-outcome';

// The owner's forms for work history, education, links and the CV on /ly/{slug} (decision 050): plain
// posts told apart by `intent`, a multipart one for the CV. The service checks and words every refusal.
type Deps = { profiles: () => Promise<ProfileService>; profileHistory: () => Promise<ProfileHistoryService> };

const HISTORY_INTENTS = [
  'experience-add',
  'experience-save',
  'experience-remove',
  'education-add',
  'education-save',
  'education-remove',
  'links-save',
  'cv-upload',
  'cv-remove',
] as const;
export type HistoryIntent = (typeof HISTORY_INTENTS)[number];
export const isHistoryIntent = (v: string | undefined): v is HistoryIntent => (HISTORY_INTENTS as readonly string[]).includes(v ?? '');

const EXPERIENCE = ['company', 'title', 'start_month', 'end_month', 'description'] as const;
const EDUCATION = ['school', 'degree', 'start_year', 'end_year'] as const;
const LINKS = ['linkedin_url', 'github_url', 'portfolio_url'] as const;

/** The notice shown after each kind of change (?historial=). */
const DONE: Record<HistoryIntent, string> = {
  'experience-add': 'experience',
  'experience-save': 'experience',
  'experience-remove': 'removed',
  'education-add': 'education',
  'education-save': 'education',
  'education-remove': 'removed',
  'links-save': 'links',
  'cv-upload': 'cv',
  'cv-remove': 'removed',
};

export function createProfileHistoryAction({ profiles, profileHistory }: Deps): FormHandler {
  return {
    // A 5 MB CV and the multipart envelope around it.
    maxBytes: MAX_CV_BYTES + 256 * 1024,
    async handle(input: FormInput) {
      const slug = String(input.params.slug ?? '');
      const intent = input.fields.intent as HistoryIntent;
      const f = input.fields;
      const values = { ...typed(input, ['intent', 'id', ...EXPERIENCE, ...EDUCATION, ...LINKS]), current: f.current === 'on' ? 'on' : '' };
      return attempt(input, { values }, async () => {
        // Ownership first: a stranger learns nothing about their post.
        const view = await (await profiles()).view(slug, input.viewer?.id ?? null);
        if (!view?.isOwner) throw new ServiceError('forbidden');
        const svc = await profileHistory();
        const v = input.viewer;
        const id = () => {
          const n = parseId(f.id);
          if (n === null) throw new ServiceError('not-found');
          return n;
        };
        const experience = () => ({ ...typed(input, EXPERIENCE), current: f.current === 'on' });
        switch (intent) {
          case 'experience-add':
            await svc.addExperience(v, experience());
            break;
          case 'experience-save':
            await svc.updateExperience(v, id(), experience());
            break;
          case 'experience-remove':
            await svc.removeExperience(v, id());
            break;
          case 'education-add':
            await svc.addEducation(v, typed(input, EDUCATION));
            break;
          case 'education-save':
            await svc.updateEducation(v, id(), typed(input, EDUCATION));
            break;
          case 'education-remove':
            await svc.removeEducation(v, id());
            break;
          case 'links-save':
            await svc.saveLinks(v, typed(input, LINKS));
            break;
          case 'cv-upload':
            await svc.uploadCv(v, await fileBytes(input.files.cv));
            break;
          case 'cv-remove':
            await svc.removeCv(v);
            break;
        }
        return { ok: true, redirect: `${href('talentProfile', input.locale, { slug }, { historial: DONE[intent] })}#profile-history-edit` };
      });
    },
  };
}
