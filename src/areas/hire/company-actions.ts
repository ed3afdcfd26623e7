import 'server-only';
import { z } from 'zod';
import { companySizes, isCountry } from '../../domain/catalog';
import { href } from '../../routes';
import type { FormHandler } from '../../server/http/forms';
import { ServiceError } from '../../server/errors';
import type { ProfileService } from '../../server/accounts/profile-service';
import { MAX_IMAGE_BYTES } from '../../server/uploads/image-store';
import { empty, fieldErrors, fileBytes, oneOf, refusal } from '../match/profile-actions';

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
    const f = input.fields;
    const values = {
      name: f.name ?? '',
      website: f.website ?? '',
      size: f.size ?? '',
      country: f.country ?? '',
      location: f.location ?? '',
      description: f.description ?? '',
    };
    const { viewer } = input;
    if (viewer?.type !== 'hire') return refusal(input, values, new ServiceError('forbidden'));
    const parsed = companySchema.safeParse(values);
    if (!parsed.success)
      return { ok: false, status: 422, message: input.t('forms.summary'), errors: fieldErrors(input, parsed.error), values };
    try {
      await (await profiles()).updateCompany(viewer.id, parsed.data, await fileBytes(input.files.logo));
      return { ok: true, redirect: `${href('hireSite', input.locale)}?saved=1` };
    } catch (err) {
      return refusal(input, values, err);
    }
  };
}
