import 'server-only';
import { z } from 'zod';
import { companySizes, isCountry } from '../../domain/catalog';
import { isTimeZone, parseSlotKey, slotKey } from '../../domain/scheduling';
import { href } from '../../routes';
import type { FormHandler, FormInput, FormOutcome } from '../../server/http/forms';
import { ServiceError } from '../../server/errors';
import type { MeetingService } from '../../server/meetings/meeting-service';

// The meeting request form (/hire/solicitar-reunion) and the booking forms (/hire/agendar and the manage
// page of a booking or of a request waiting for confirmation). Plain posts that work without JavaScript:
// success is a 303 to the "check your email", thank-you or confirmation state, a refusal re-renders the
// form with what was typed and a message per field. Both a request and a booking are confirmed from the
// link emailed to the address given, with a button on the page it opens.
type Deps = { meetings: () => Promise<MeetingService> };

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => text(max).min(1);
const email = z.string().trim().max(254).email();

const leadSchema = z.object({
  name: required(160),
  company: required(160),
  email,
  phone: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,24}$/),
  ]),
  country: z.string().refine(isCountry),
  companySize: z.enum(companySizes),
  roles: required(300),
  message: text(2000),
});

const bookingSchema = z.object({
  slot: z.string().transform((v, ctx) => parseSlotKey(v) ?? (ctx.addIssue({ code: 'custom', message: 'slot' }), z.NEVER)),
  name: required(160),
  email,
  company: text(160),
  message: text(1000),
  tz: z.string().refine(isTimeZone),
});

const FIELD_OF: Record<string, string> = { companySize: 'company_size', tz: 'slot' };

function errorsOf(input: FormInput, error: z.ZodError): Record<string, string> {
  const t = input.t;
  const out: Record<string, string> = {};
  for (const i of error.issues) {
    const key = String(i.path[0] ?? 'form');
    const field = FIELD_OF[key] ?? key;
    if (out[field]) continue;
    out[field] =
      field === 'email'
        ? t('forms.error.email')
        : field === 'slot'
          ? t('meetings.error.slotUnavailable')
          : field === 'roles' && i.code === 'too_small'
            ? t('meetings.error.roles')
            : i.code === 'too_small'
              ? t('forms.error.required')
              : i.code === 'too_big'
                ? t('forms.error.tooLong', { max: 'maximum' in i ? Number(i.maximum) : 0 })
                : t('forms.error.invalid');
  }
  return out;
}

function refused(input: FormInput, values: Record<string, string>, err: unknown): FormOutcome {
  if (!(err instanceof ServiceError)) throw err;
  const t = input.t;
  if (err.code === 'rate-limited')
    return { ok: false, status: 429, message: t('meetings.error.tooMany'), errors: {}, values, retryAfter: err.retryAfterSeconds ?? 60 };
  if (err.code === 'gone') return { ok: false, status: 410, message: t('meetings.error.linkUsed'), errors: {}, values };
  const errors = Object.fromEntries(Object.entries(err.fields).map(([f, m]) => [f, t(m.key, m.params)]));
  const status = err.code === 'conflict' ? 409 : 422;
  return { ok: false, status, message: errors.slot ?? t('forms.summary'), errors, values };
}

const invalid = (input: FormInput, values: Record<string, string>, error: z.ZodError): FormOutcome => ({
  ok: false,
  status: 422,
  message: input.t('forms.summary'),
  errors: errorsOf(input, error),
  values,
});

export function createMeetingActions({ meetings }: Deps) {
  const requestMeeting: FormHandler = {
    async handle(input) {
      // The link of the confirmation email, confirmed with the page's button (a GET changes nothing).
      if (input.fields.intent === 'confirm') {
        try {
          await (await meetings()).confirmLead(String(input.fields.token ?? ''));
          return { ok: true, redirect: `${href('hireRequestMeeting', input.locale)}?confirmada=1` };
        } catch (err) {
          return refused(input, {}, err);
        }
      }
      const f = input.fields;
      const values = {
        name: f.name ?? '',
        company: f.company ?? '',
        email: f.email ?? '',
        phone: f.phone ?? '',
        country: f.country ?? '',
        company_size: f.company_size ?? '',
        roles: f.roles ?? '',
        message: f.message ?? '',
      };
      const thanks = `${href('hireRequestMeeting', input.locale)}?enviado=1`;
      // The honeypot: people never see the field, form-filling bots do. They get the same thank-you page.
      if ((f.website ?? '') !== '') return { ok: true, redirect: thanks };
      const parsed = leadSchema.safeParse({ ...values, companySize: values.company_size });
      if (!parsed.success) return invalid(input, values, parsed.error);
      try {
        await (await meetings()).requestMeeting(parsed.data, input.locale, input.ip);
        return { ok: true, redirect: thanks };
      } catch (err) {
        return refused(input, values, err);
      }
    },
  };

  const fieldsOf = (input: FormInput) => {
    const f = input.fields;
    return {
      slot: f.slot ?? '',
      name: f.name ?? '',
      email: f.email ?? '',
      company: f.company ?? '',
      message: f.message ?? '',
      tz: f.tz ?? '',
    };
  };

  const schedule: FormHandler = {
    async handle(input) {
      const values = fieldsOf(input);
      const parsed = bookingSchema.safeParse(values);
      if (!parsed.success) return invalid(input, values, parsed.error);
      const { slot, tz, ...rest } = parsed.data;
      try {
        await (await meetings()).book({ ...rest, slot, timeZone: tz }, input.locale, input.ip);
        const q = new URLSearchParams({ pendiente: values.slot, tz });
        return { ok: true, redirect: `${href('hireSchedule', input.locale)}?${q}` };
      } catch (err) {
        return refused(input, values, err);
      }
    },
  };

  const manage: FormHandler = {
    async handle(input) {
      const token = String(input.params.token ?? '');
      const f = input.fields;
      const values = { slot: f.slot ?? '', tz: f.tz ?? '' };
      try {
        const svc = await meetings();
        if (f.intent === 'cancel') {
          const b = await svc.cancel(token);
          const q = new URLSearchParams({ cancelada: slotKey(b.startsAt), tz: b.timeZone });
          return { ok: true, redirect: `${href('hireSchedule', input.locale)}?${q}` };
        }
        const slot = parseSlotKey(values.slot);
        const tz = isTimeZone(values.tz) ? values.tz : svc.rules.timeZone;
        // A request's link: confirming it makes the booking (at the chosen slot when one was chosen).
        if (f.intent === 'confirm') {
          const made = await svc.confirmRequest(token, slot ?? undefined, isTimeZone(values.tz) ? values.tz : undefined);
          const q = new URLSearchParams({ reservada: slotKey(made.startsAt), tz });
          return { ok: true, redirect: `${href('hireSchedule', input.locale)}?${q}` };
        }
        if (!slot) {
          const message = input.t('meetings.error.slotUnavailable');
          return { ok: false, status: 422, message, errors: { slot: message }, values };
        }
        await svc.reschedule(token, slot, tz);
        const q = new URLSearchParams({ movida: values.slot, tz });
        return { ok: true, redirect: `${href('hireSchedule', input.locale)}?${q}` };
      } catch (err) {
        return refused(input, values, err);
      }
    },
  };

  return { hireRequestMeeting: requestMeeting, hireSchedule: schedule, hireScheduleManage: manage };
}
