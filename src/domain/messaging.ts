import * as z from 'zod/mini';
import type { MessageKey } from '../i18n/translate';

// The rules of conversations and invitations (decision 043), shared by the server, the forms and the
// conversation island: what a message may be, the limits, the report reasons, and how a message's text
// is cut into plain text and links for display.

/** Characters (code points, after trimming) a message or an invitation's first message may have. */
export const MESSAGE_MAX_CHARS = 5000;
/** What a notification quotes of a message. */
const PREVIEW_CHARS = 200;
/** Invitations one company may send in 24 hours. */
export const INVITES_PER_COMPANY_PER_DAY = 20;
/** After a decline, the same company cannot invite that person again for this many days. */
export const DECLINE_COOLDOWN_DAYS = 90;
/** Per account, through the shared rate limiter: messages sent, and invitations sent. */
export const MESSAGE_RATE = { max: 30, windowMs: 10 * 60_000 } as const;
export const INVITE_RATE = { max: 10, windowMs: 60 * 60_000 } as const;
/** Messages a conversation page shows at once (older ones are a link away) and an API answer carries. */
export const MESSAGES_PER_PAGE = 100;
/** Conversations an inbox page lists. */
export const CONVERSATIONS_PER_PAGE = 20;

export const REPORT_REASONS = ['spam', 'harassment', 'scam', 'discrimination', 'other'] as const;
const REPORT_DETAILS_MAX = 1000;

export type Side = 'company' | 'candidate';

const chars = (s: string) => Array.from(s).length;

/** A message as typed: trimmed, 1..MESSAGE_MAX_CHARS characters; the errors name message keys. */
const messageText = z.string({ error: 'messages.error.empty' }).check(
  z.trim(),
  z.minLength(1, { error: 'messages.error.empty' }),
  z.refine((s: string) => chars(s) <= MESSAGE_MAX_CHARS, { error: 'messages.error.tooLong', abort: true }),
);

export type TextCheck = { ok: true; value: string } | { ok: false; key: MessageKey; params?: Record<string, number> };

/** Checks a message's text; the refusal is a message key with its parameters. */
export function checkMessage(raw: unknown): TextCheck {
  const r = messageText.safeParse(raw);
  if (r.success) return { ok: true, value: r.data };
  const key = r.error.issues[0]?.message === 'messages.error.tooLong' ? 'messages.error.tooLong' : 'messages.error.empty';
  return key === 'messages.error.tooLong'
    ? { ok: false, key, params: { max: MESSAGE_MAX_CHARS, count: chars(String(raw).trim()) } }
    : { ok: false, key };
}

export const reportInput = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'messages.report.pickReason' }),
  details: z.pipe(
    z.string().check(
      z.trim(),
      z.refine((s: string) => chars(s) <= REPORT_DETAILS_MAX, { error: 'messages.error.detailsTooLong' }),
    ),
    z.transform((s: string) => s || null),
  ),
});

/** The first PREVIEW_CHARS characters of a text (whole code points), with an ellipsis when cut. */
export function preview(text: string): string {
  const cps = Array.from(text);
  return cps.length <= PREVIEW_CHARS ? text : `${cps.slice(0, PREVIEW_CHARS).join('')}…`;
}
