import { z } from 'zod';

// The rules of a candidate's work history, education and links (decision 050), shared by the service that
// enforces them and the forms that show their limits. Input is what a form posts: strings.
export const MAX_ENTRIES = 20;
export const MAX_DESCRIPTION = 1000;
export const MAX_CV_BYTES = 5 * 1024 * 1024;
const MONTH = /^(19[5-9]\d|20\d\d)-(0[1-9]|1[0-2])$/;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null);
/** 'YYYY-MM' as an <input type="month"> posts it, not in the future. */
const month = z
  .string()
  .trim()
  .regex(MONTH)
  .refine((v) => v <= new Date().toISOString().slice(0, 7), { params: { future: true } });
const year = z
  .string()
  .trim()
  .regex(/^\d{4}$/)
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(1950)
      .max(new Date().getUTCFullYear() + 8),
  );

export const experienceSchema = z
  .object({
    company: text(120),
    title: text(120),
    start_month: month,
    // Empty with `current`: the job they hold now.
    end_month: z.union([z.literal('').transform(() => null), month]),
    current: z.boolean(),
    description: optionalText(MAX_DESCRIPTION),
  })
  .superRefine((e, ctx) => {
    if (e.current) return;
    if (e.end_month === null) ctx.addIssue({ code: 'custom', path: ['end_month'], params: { endRequired: true }, message: 'end' });
    else if (e.end_month < e.start_month) ctx.addIssue({ code: 'custom', path: ['end_month'], params: { order: true }, message: 'order' });
  })
  .transform(({ current, ...e }) => ({ ...e, end_month: current ? null : e.end_month }));

export const educationSchema = z
  .object({
    school: text(160),
    degree: text(160),
    start_year: year,
    end_year: z.union([z.literal('').transform(() => null), year]),
  })
  .superRefine((e, ctx) => {
    if (e.end_year !== null && e.end_year < e.start_year)
      ctx.addIssue({ code: 'custom', path: ['end_year'], params: { order: true }, message: 'order' });
  });

/** An https URL on one of these hosts (or any host), without credentials, of a sane length. */
const httpsUrl = (hosts?: string[]) =>
  z.union([
    z.literal('').transform(() => null),
    z
      .string()
      .trim()
      .max(300)
      .refine((v) => {
        try {
          const u = new URL(v);
          if (u.protocol !== 'https:' || u.username || u.password || u.port) return false;
          const host = u.hostname.toLowerCase();
          return !hosts || hosts.some((h) => host === h || host === `www.${h}`);
        } catch {
          return false;
        }
      })
      .transform((v) => new URL(v).toString()),
  ]);

export const linksSchema = z.object({
  linkedin_url: httpsUrl(['linkedin.com']),
  github_url: httpsUrl(['github.com']),
  portfolio_url: httpsUrl(),
});

export type ExperienceInput = Record<'company' | 'title' | 'start_month' | 'end_month' | 'description', string> & { current: boolean };
export type EducationInput = Record<'school' | 'degree' | 'start_year' | 'end_year', string>;
export type LinksInput = Record<'linkedin_url' | 'github_url' | 'portfolio_url', string>;
export type Experience = { company: string; title: string; start_month: string; end_month: string | null; description: string | null };
export type Education = { school: string; degree: string; start_year: number; end_year: number | null };
export type Links = { linkedin_url: string | null; github_url: string | null; portfolio_url: string | null };

/** The message key of a zod issue on one of these forms. */
export function historyIssueKey(issue: z.core.$ZodIssue): string {
  const params = (issue as { params?: Record<string, unknown> }).params;
  if (params?.order) return 'profileHistory.error.order';
  if (params?.future) return 'profileHistory.error.future';
  if (params?.endRequired) return 'profileHistory.error.endRequired';
  if (issue.code === 'too_small') return 'forms.error.required';
  if (issue.code === 'too_big') return 'forms.error.tooLong';
  const field = String(issue.path[0] ?? '');
  if (field.endsWith('_url')) return `profileHistory.error.${field}`;
  if (field.endsWith('_month')) return 'profileHistory.error.month';
  if (field.endsWith('_year')) return 'profileHistory.error.year';
  return 'forms.error.invalid';
}

/** Newest first: current jobs, then by end, then by start. */
export function byNewest<T extends { start: string; end: string | null }>(a: T, b: T): number {
  const ea = a.end ?? '9999';
  const eb = b.end ?? '9999';
  return ea !== eb ? (ea < eb ? 1 : -1) : a.start < b.start ? 1 : a.start > b.start ? -1 : 0;
}
