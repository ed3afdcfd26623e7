import * as z from 'zod/mini';
import { isTimeZone, zonedToUtc } from './scheduling';

// The rules of interviews between a company and a candidate (decision 046), shared by the server and the
// forms: what a proposal may hold and how the form's fields become start times.

export const INTERVIEW_DURATIONS = [30, 45, 60] as const;
export const MAX_SLOTS = 5;
/** Proposals (new or moved) per company account, through the shared rate limiter. */
export const PROPOSAL_RATE = { max: 20, windowMs: 60 * 60_000 } as const;
/** Slots must start at least this far ahead, and at most this far. */
const MIN_NOTICE_MS = 60 * 60_000;
const MAX_AHEAD_MS = 90 * 86_400_000;
/** The reminder goes to both sides once the interview is this close. */
export const REMINDER_AHEAD_MS = 24 * 3600_000;

export type Proposal = { slots: Date[]; durationMinutes: number; timeZone: string; videoUrl: string | null };

/** A wall-clock start as a datetime-local field sends it. */
const localTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

const proposalSchema = z.object({
  slots: z.array(z.string().check(z.regex(localTime))).check(z.minLength(1), z.maxLength(MAX_SLOTS)),
  duration: z.union(INTERVIEW_DURATIONS.map((d) => z.literal(d))),
  timeZone: z.string().check(z.refine((tz) => isTimeZone(tz))),
  videoUrl: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(500),
      z.refine((u) => {
        try {
          const url = new URL(u);
          return url.protocol === 'https:' && !!url.hostname && !url.username && !url.password;
        } catch {
          return false;
        }
      }),
    ),
  ),
});

export type ProposalCheck = { ok: true; value: Proposal } | { ok: false; field: 'slots' | 'duration' | 'timeZone' | 'videoUrl' };

/**
 * A proposal from the form's fields (slots as datetime-local values in the company's time zone; empty slot
 * fields are skipped), checked against `now`: every start at least MIN_NOTICE_MS ahead, within
 * MAX_AHEAD_MS, no two the same.
 */
export function proposalInput(
  raw: { slots: unknown[]; duration: unknown; timeZone: unknown; videoUrl: unknown },
  now: Date,
): ProposalCheck {
  const slots = raw.slots.filter((s) => typeof s === 'string' && s.trim() !== '').map((s) => (s as string).trim());
  const video = typeof raw.videoUrl === 'string' && raw.videoUrl.trim() !== '' ? raw.videoUrl : undefined;
  const parsed = z.safeParse(proposalSchema, {
    slots,
    duration: Number(raw.duration),
    timeZone: raw.timeZone,
    videoUrl: video,
  });
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'slots');
    return { ok: false, field: (['slots', 'duration', 'timeZone', 'videoUrl'] as const).find((f) => f === field) ?? 'slots' };
  }
  const { timeZone } = parsed.data;
  const starts = parsed.data.slots.map((s) => zonedToUtc(s.slice(0, 10), s.slice(11, 16), timeZone));
  const times = new Set(starts.map((d) => d.getTime()));
  const early = now.getTime() + MIN_NOTICE_MS;
  const late = now.getTime() + MAX_AHEAD_MS;
  if (times.size !== starts.length || starts.some((d) => Number.isNaN(d.getTime()) || d.getTime() < early || d.getTime() > late))
    return { ok: false, field: 'slots' };
  return {
    ok: true,
    value: {
      slots: starts.sort((a, b) => a.getTime() - b.getTime()),
      durationMinutes: parsed.data.duration,
      timeZone,
      videoUrl: parsed.data.videoUrl ?? null,
    },
  };
}
