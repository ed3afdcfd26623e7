import 'server-only';
import { z } from 'zod';
import { availabilities, englishLevels, isCountry, isRole, isSkill, seniorities } from '../../domain/catalog';
import { href } from '../../routes';
import type { FormHandler } from '../../server/http/forms';
import { empty, fileBytes, issueMessages, oneOf, typed, type FieldMessage } from '../../server/http/form-fields';
import { attempt, invalid } from '../../server/http/form-outcome';
import { MAX_IMAGE_BYTES } from '../../server/uploads/image-store';
import type { ProfileService } from '../../server/accounts/profile-service';
import { ServiceError } from '../../server/errors';

// The profile editor's post on /ly/{slug} (its owner only): a plain multipart form that works without
// JavaScript; a picture is checked by its content.
type Deps = { profiles: () => Promise<ProfileService> };

const YEARS = { min: 0, max: 60 };
const SALARY_USD = { min: 1, max: 100_000 };

const optionalInt = ({ min, max }: { min: number; max: number }) =>
  z.union([empty, z.string().trim().regex(/^\d+$/, 'invalid').transform(Number).pipe(z.number().int().min(min).max(max))]);

const profileSchema = z.object({
  headline: z
    .string()
    .trim()
    .max(160)
    .transform((v) => v || null),
  country: z.union([empty, z.string().refine(isCountry)]),
  role: z.union([empty, z.string().refine(isRole)]),
  seniority: oneOf(seniorities.map((s) => s.id)),
  years: optionalInt(YEARS),
  english: oneOf(englishLevels.map((e) => e.id)),
  salary_expectation_usd: optionalInt(SALARY_USD),
  availability: z.enum(availabilities),
  is_public: z.boolean(),
  skills: z.array(z.string().refine(isSkill)).max(15),
});

// Numbers get their own message, naming the range; "too long" only for text.
const MESSAGES: Record<string, FieldMessage> = {
  years: ['forms.error.number', YEARS],
  salary_expectation_usd: ['forms.error.number', SALARY_USD],
  skills: (i) => (i.code === 'too_big' ? 'profile.tooManySkills' : undefined),
};

export function createTalentProfileAction({ profiles }: Deps): FormHandler {
  return {
    maxBytes: MAX_IMAGE_BYTES + 256 * 1024,
    async handle(input) {
      const slug = String(input.params.slug ?? '');
      const f = input.fields;
      const values = { ...f, skills: (input.lists.skills ?? []).join(','), is_public: f.is_public ? 'on' : '' };
      const parsed = profileSchema.safeParse({
        ...typed(input, ['headline', 'country', 'role', 'seniority', 'years', 'english', 'salary_expectation_usd', 'availability']),
        is_public: f.is_public === 'on',
        skills: input.lists.skills ?? [],
      });
      // Ownership first: a stranger learns nothing about the validity of their post.
      const viewer = input.viewer?.id ?? null;
      return attempt(input, { values }, async () => {
        const view = await (await profiles()).view(slug, viewer);
        if (!view?.isOwner) throw new ServiceError('forbidden');
        if (!parsed.success) return invalid(input, issueMessages(input.t, parsed.error, MESSAGES), values);
        const { skills, ...fields } = parsed.data;
        await (
          await profiles()
        ).update(slug, viewer, fields as Parameters<ProfileService['update']>[2], skills, await fileBytes(input.files.picture));
        return { ok: true, redirect: `${href('talentProfile', input.locale, { slug })}?saved=1` };
      });
    },
  };
}
