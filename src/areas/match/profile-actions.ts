import 'server-only';
import { z } from 'zod';
import { availabilities, englishLevels, isCountry, isRole, isSkill, seniorities } from '../../domain/catalog';
import { href } from '../../routes';
import type { FormHandler, FormInput, FormOutcome } from '../../server/http/forms';
import { MAX_IMAGE_BYTES } from '../../server/uploads/image-store';
import type { ProfileService } from '../../server/accounts/profile-service';
import { ServiceError } from '../../server/errors';

// The profile editor's post on /ly/{slug} (its owner only): a plain multipart form that works without
// JavaScript; a picture is checked by its content. The zod helpers serve the company editor too.
type Deps = { profiles: () => Promise<ProfileService> };

const NUMBER_FIELDS: Record<string, { min: number; max: number }> = {
  years: { min: 0, max: 60 },
  salary_expectation_usd: { min: 1, max: 100_000 },
};

export const empty = z.literal('').transform(() => null);
const optionalInt = (min: number, max: number) =>
  z.union([empty, z.string().trim().regex(/^\d+$/, 'invalid').transform(Number).pipe(z.number().int().min(min).max(max))]);
export const oneOf = <T extends readonly string[]>(values: T) => z.union([empty, z.enum(values as unknown as [string, ...string[]])]);

const profileSchema = z.object({
  headline: z
    .string()
    .trim()
    .max(160)
    .transform((v) => v || null),
  country: z.union([empty, z.string().refine(isCountry)]),
  role: z.union([empty, z.string().refine(isRole)]),
  seniority: oneOf(seniorities.map((s) => s.id)),
  years: optionalInt(NUMBER_FIELDS.years!.min, NUMBER_FIELDS.years!.max),
  english: oneOf(englishLevels.map((e) => e.id)),
  salary_expectation_usd: optionalInt(NUMBER_FIELDS.salary_expectation_usd!.min, NUMBER_FIELDS.salary_expectation_usd!.max),
  availability: z.enum(availabilities),
  is_public: z.boolean(),
  skills: z.array(z.string().refine(isSkill)).max(15),
});

/** zod issues as field messages in the page's language. */
export function fieldErrors(input: FormInput, error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of error.issues) {
    const field = String(i.path[0] ?? 'form');
    if (out[field]) continue;
    // Numbers and addresses get their own message; "too long" only for text.
    const number = NUMBER_FIELDS[field];
    out[field] = number
      ? input.t('forms.error.number', number)
      : field === 'website'
        ? input.t('forms.error.url')
        : field === 'skills' && i.code === 'too_big'
          ? input.t('profile.tooManySkills')
          : i.code === 'too_small' && field === 'name'
            ? input.t('forms.error.required')
            : i.code === 'too_big'
              ? input.t('forms.error.tooLong', { max: 'maximum' in i ? Number(i.maximum) : 0 })
              : input.t('forms.error.invalid');
  }
  return out;
}

export function refusal(input: FormInput, values: Record<string, string>, err: unknown): FormOutcome {
  if (!(err instanceof ServiceError)) throw err;
  const t = input.t;
  if (err.code === 'forbidden') return { ok: false, status: 403, message: t('api.forbidden'), errors: {}, values };
  if (err.code === 'not-found') return { ok: false, status: 404, message: t('api.notFound'), errors: {}, values };
  const errors = Object.fromEntries(Object.entries(err.fields).map(([f, m]) => [f, t(m.key, m.params)]));
  return { ok: false, status: 422, message: t('forms.summary'), errors, values };
}

export async function fileBytes(f: File | undefined): Promise<Uint8Array | undefined> {
  return f ? new Uint8Array(await f.arrayBuffer()) : undefined;
}

export function createTalentProfileAction({ profiles }: Deps): FormHandler {
  return {
    maxBytes: MAX_IMAGE_BYTES + 256 * 1024,
    async handle(input) {
      const slug = String(input.params.slug ?? '');
      const f = input.fields;
      const values = { ...f, skills: (input.lists.skills ?? []).join(','), is_public: f.is_public ? 'on' : '' };
      const parsed = profileSchema.safeParse({
        headline: f.headline ?? '',
        country: f.country ?? '',
        role: f.role ?? '',
        seniority: f.seniority ?? '',
        years: f.years ?? '',
        english: f.english ?? '',
        salary_expectation_usd: f.salary_expectation_usd ?? '',
        availability: f.availability ?? '',
        is_public: f.is_public === 'on',
        skills: input.lists.skills ?? [],
      });
      // Ownership first: a stranger learns nothing about the validity of their post.
      const viewer = input.viewer?.id ?? null;
      try {
        const view = await (await profiles()).view(slug, viewer);
        if (!view?.isOwner) throw new ServiceError('forbidden');
        if (!parsed.success)
          return { ok: false, status: 422, message: input.t('forms.summary'), errors: fieldErrors(input, parsed.error), values };
        const { skills, ...fields } = parsed.data;
        await (
          await profiles()
        ).update(slug, viewer, fields as Parameters<ProfileService['update']>[2], skills, await fileBytes(input.files.picture));
        return { ok: true, redirect: `${href('talentProfile', input.locale, { slug })}?saved=1` };
      } catch (err) {
        return refusal(input, values, err);
      }
    },
  };
}
