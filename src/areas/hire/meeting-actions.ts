import 'server-only';
import { z } from 'zod';
import { companySizes, isCountry } from '../../domain/catalog';
import { isTimeZone, parseSlotKey, slotKey } from '../../domain/scheduling';
import { href } from '../../routes';
import type { FormHandler, FormInput } from '../../server/http/forms';
import { issueMessages, typed, type FieldMessage } from '../../server/http/form-fields';
import { attempt, invalid, type RefusalOptions } from '../../server/http/form-outcome';
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
  slot: z
    .string()
    .transform((v, ctx) => parseSlotKey(v) ?? (ctx.addIssue({ code: 'custom', message: v === '' ? 'missing' : 'slot' }), z.NEVER)),
  name: required(160),
  email,
  company: text(160),
  message: text(1000),
  tz: z.string().refine(isTimeZone),
});

// The service's names of two fields, and the time zone, whose errors show on the slot it was chosen with.
const FIELD_OF: Record<string, string> = { companySize: 'company_size', tz: 'slot' };
const MESSAGES: Record<string, FieldMessage> = {
  email: 'forms.error.email',
  slot: (i) => (i.message === 'missing' ? 'meetings.error.slotMissing' : 'meetings.error.slotUnavailable'),
  roles: (i) => (i.code === 'too_small' ? 'meetings.error.roles' : undefined),
};

// A slot taken meanwhile or no longer offered is the whole story: its message is the summary. The
// confirmation links are single-use: a used one is "gone", said in the meetings' words.
const REFUSALS: RefusalOptions['summaries'] = {
  'invalid-input': { field: 'slot' },
  conflict: { field: 'slot' },
  'rate-limited': 'meetings.error.tooMany',
  gone: 'meetings.error.linkUsed',
};

export function createMeetingActions({ meetings }: Deps) {
  const schedulePage = (input: FormInput, q: Record<string, string>) => `${href('hireSchedule', input.locale)}?${new URLSearchParams(q)}`;
  const invalidFields = (input: FormInput, values: Record<string, string>, error: z.ZodError) =>
    invalid(input, issueMessages(input.t, error, MESSAGES, FIELD_OF), values);

  const requestMeeting: FormHandler = {
    async handle(input) {
      // The link of the confirmation email, confirmed with the page's button (a GET changes nothing).
      if (input.fields.intent === 'confirm') {
        return attempt(input, { summaries: REFUSALS }, async () => {
          await (await meetings()).confirmLead(String(input.fields.token ?? ''));
          return { ok: true, redirect: `${href('hireRequestMeeting', input.locale)}?confirmada=1` };
        });
      }
      const values = typed(input, ['name', 'company', 'email', 'phone', 'country', 'company_size', 'roles', 'message']);
      const thanks = `${href('hireRequestMeeting', input.locale)}?enviado=1`;
      // The honeypot: people never see the field, form-filling bots do. They get the same thank-you page.
      if ((input.fields.website ?? '') !== '') return { ok: true, redirect: thanks };
      const parsed = leadSchema.safeParse({ ...values, companySize: values.company_size });
      if (!parsed.success) return invalidFields(input, values, parsed.error);
      return attempt(input, { values, summaries: REFUSALS }, async () => {
        await (await meetings()).requestMeeting(parsed.data, input.locale, input.ip);
        return { ok: true, redirect: thanks };
      });
    },
  };

  const schedule: FormHandler = {
    async handle(input) {
      const values = typed(input, ['slot', 'name', 'email', 'company', 'message', 'tz', 'day']);
      // "Show times" (without JavaScript): the same form again, in the zone and on the day chosen, nothing lost.
      if (input.fields.intent === 'show') return { ok: false, status: 200, message: '', errors: {}, values };
      const parsed = bookingSchema.safeParse(values);
      if (!parsed.success) return invalidFields(input, values, parsed.error);
      const { slot, tz, ...rest } = parsed.data;
      return attempt(input, { values, summaries: REFUSALS }, async () => {
        await (await meetings()).book({ ...rest, slot, timeZone: tz }, input.locale, input.ip);
        return { ok: true, redirect: schedulePage(input, { pendiente: values.slot, tz }) };
      });
    },
  };

  const manage: FormHandler = {
    async handle(input) {
      const token = String(input.params.token ?? '');
      const intent = input.fields.intent;
      const values = typed(input, ['slot', 'tz']);
      return attempt(input, { values, summaries: REFUSALS }, async () => {
        const svc = await meetings();
        if (intent === 'cancel') {
          const b = await svc.cancel(token);
          return { ok: true, redirect: schedulePage(input, { cancelada: slotKey(b.startsAt), tz: b.timeZone }) };
        }
        const slot = parseSlotKey(values.slot);
        const tz = isTimeZone(values.tz) ? values.tz : svc.rules.timeZone;
        // A request's link: confirming it makes the booking (at the chosen slot when one was chosen).
        if (intent === 'confirm') {
          const made = await svc.confirmRequest(token, slot ?? undefined, isTimeZone(values.tz) ? values.tz : undefined);
          return { ok: true, redirect: schedulePage(input, { reservada: slotKey(made.startsAt), tz }) };
        }
        if (!slot) {
          const message = input.t('meetings.error.slotUnavailable');
          return { ok: false, status: 422, message, errors: { slot: message }, values };
        }
        await svc.reschedule(token, slot, tz);
        return { ok: true, redirect: schedulePage(input, { movida: values.slot, tz }) };
      });
    },
  };

  return { hireRequestMeeting: requestMeeting, hireSchedule: schedule, hireScheduleManage: manage };
}
