import 'server-only';
import { z } from 'zod';
import { companySizes, isCountry } from '../../domain/catalog';
import { href } from '../../routes';
import type { FormHandler } from '../../server/http/forms';
import { empty, fileBytes, issueMessages, oneOf, typed } from '../../server/http/form-fields';
import { attempt, invalid, refusal } from '../../server/http/form-outcome';
import { ServiceError } from '../../server/errors';
import type { ProfileService } from '../../server/accounts/profile-service';
import { MAX_IMAGE_BYTES } from '../../server/uploads/image-store';

// The company editor's post on /hire/site (intent=company; its users only): a plain multipart form that
// works without JavaScript, the logo checked by its content.
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
});

export const COMPANY_MAX_BYTES = MAX_IMAGE_BYTES + 256 * 1024;

export function createCompanyAction({ profiles }: { profiles: () => Promise<ProfileService> }): FormHandler['handle'] {
  return async (input) => {
    const values = typed(input, ['name', 'website', 'size', 'country', 'location', 'description']);
    const { viewer } = input;
    if (viewer?.type !== 'hire') return refusal(input, new ServiceError('forbidden'), { values });
    const parsed = companySchema.safeParse(values);
    if (!parsed.success) return invalid(input, issueMessages(input.t, parsed.error, { website: 'forms.error.url' }), values);
    return attempt(input, { values }, async () => {
      await (await profiles()).updateCompany(viewer.id, parsed.data, await fileBytes(input.files.logo));
      return { ok: true, redirect: `${href('hireSite', input.locale)}?saved=1` };
    });
  };
}
