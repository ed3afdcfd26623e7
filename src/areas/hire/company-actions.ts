import 'server-only';
import { z } from 'zod';
import { companySizes, isCountry, isSkill } from '../../domain/catalog';
import { perkLines, PERK_MAX_CHARS, PERKS_MAX, STACK_MAX } from '../../domain/company-profile';
import { href } from '../../routes';
import type { FormHandler } from '../../server/http/forms';
import type { T } from '../../i18n/translate';
import { empty, fileBytes, issueMessages, oneOf, typed } from '../../server/http/form-fields';
import { attempt, invalid, refusal } from '../../server/http/form-outcome';
import { ServiceError } from '../../server/errors';
import type { ProfileService } from '../../server/accounts/profile-service';
import { MAX_IMAGE_BYTES } from '../../server/uploads/image-store';

// The company editor's post on /hire/site (intent=company; its users only): a plain multipart form that
// works without JavaScript, the logo checked by its content. Perks come one per line from a textarea, the
// stack as checkboxes of the skills catalogue (decision 086); a refused form shows them again as typed.
const companySchema = z.object({
  name: z.string().trim().min(1).max(160),
  website: z.union([
    empty,
    z
      .string()
      .trim()
      .max(300)
      .url()
      .refine((v) => /^https?:\/\//.test(v)),
  ]),
  size: oneOf(companySizes),
  country: z.union([empty, z.string().refine(isCountry)]),
  location: z
    .string()
    .trim()
    .max(120)
    .transform((v) => v || null),
  description: z
    .string()
    .trim()
    .max(2000)
    .transform((v) => v || null),
  perks: z
    .string()
    .transform(perkLines)
    .pipe(z.array(z.string().max(PERK_MAX_CHARS)).max(PERKS_MAX)),
  stack: z
    .string()
    .transform((v) => [...new Set(v.split(',').filter(Boolean))])
    .pipe(z.array(z.string().refine(isSkill)).max(STACK_MAX)),
});

/** The fields' messages; the perks' and the stack's say the limit, and which perk is too long. */
function errorsOf(t: T, error: z.ZodError, perks: string) {
  const errors = issueMessages(t, error, { website: 'forms.error.url' });
  const issue = (f: string) => error.issues.find((i) => i.path[0] === f);
  const perk = issue('perks');
  if (perk) {
    const line = typeof perk.path[1] === 'number' ? perkLines(perks)[perk.path[1]] : undefined;
    errors.perks = line
      ? t('company.perkTooLong', { max: PERK_MAX_CHARS, perk: line.length > 24 ? `${line.slice(0, 24)}…` : line })
      : t('company.perksTooMany', { max: PERKS_MAX });
  }
  const stack = issue('stack');
  if (stack) errors.stack = stack.code === 'too_big' ? t('company.stackTooMany', { max: STACK_MAX }) : t('company.stackUnknown');
  return errors;
}

export const COMPANY_MAX_BYTES = MAX_IMAGE_BYTES + 256 * 1024;

export function createCompanyAction({ profiles }: { profiles: () => Promise<ProfileService> }): FormHandler['handle'] {
  return async (input) => {
    const values = {
      ...typed(input, ['name', 'website', 'size', 'country', 'location', 'description', 'perks']),
      // The stack's checkboxes, comma-joined like the offer form's skills (the editor splits them again).
      stack: (input.lists.stack ?? []).slice(0, 60).join(','),
    };
    const { viewer } = input;
    if (viewer?.type !== 'hire') return refusal(input, new ServiceError('forbidden'), { values });
    const parsed = companySchema.safeParse(values);
    if (!parsed.success) return invalid(input, errorsOf(input.t, parsed.error, values.perks), values);
    return attempt(input, { values }, async () => {
      await (await profiles()).updateCompany(viewer.id, parsed.data, await fileBytes(input.files.logo));
      return { ok: true, redirect: `${href('hireSite', input.locale)}?saved=1` };
    });
  };
}
