import * as z from 'zod/mini';

// The applicant tracker's rules (decision 048), shared by the pipeline service, its forms and its pages: the
// stages an application moves through, the private notes and ratings of the company's members, the
// rejection reasons (never shown to the candidate) and the bulk moves. PIPELINE is the one ordered list of
// stages (decision 084): selects, filters, columns and exports all follow it. 'approved' is the screening
// step (the profile passed the first filter), so it sits before the interviews; hiring is 'placed'.

export const PIPELINE = [
  'sent',
  'approved',
  'initial-interview',
  'technical-interview',
  'final-stage',
  'pre-placed',
  'placed',
  'rejected',
] as const;
export type PipelineStatus = (typeof PIPELINE)[number];
/** The stages a card moves between with its previous/next buttons (rejection has its own form). */
export const STAGES = PIPELINE.filter((s) => s !== 'rejected');

/** Stages a candidate may still withdraw from: not once decided (placed, rejected). */
export const WITHDRAWABLE: readonly PipelineStatus[] = STAGES.filter((s) => s !== 'placed');

export const isPipelineStatus = (s: unknown): s is PipelineStatus => (PIPELINE as readonly unknown[]).includes(s);

/** The stage before and after one (null at the ends, and for statuses outside the stages). */
export function neighbours(status: string): { prev: PipelineStatus | null; next: PipelineStatus | null } {
  const i = (STAGES as readonly string[]).indexOf(status);
  if (i < 0) return { prev: null, next: null };
  return { prev: STAGES[i - 1] ?? null, next: STAGES[i + 1] ?? null };
}

export const REJECTION_REASONS = ['experience', 'skills', 'salary', 'location', 'position-filled', 'other'] as const;

export const NOTE_MAX_CHARS = 2000;
export const REJECTION_MESSAGE_MAX_CHARS = 4000;
/** Applications one bulk move takes at most. */
export const BULK_MAX = 100;

export type EventKind = 'moved' | 'note' | 'rating' | 'rejected';

const chars = (s: string) => Array.from(s).length;
const text = (max: number, empty: 'tracker.error.noteEmpty' | 'tracker.error.messageEmpty') =>
  z.string({ error: empty }).check(
    z.trim(),
    z.minLength(1, { error: empty }),
    z.refine((s: string) => chars(s) <= max, { error: 'forms.error.tooLong', abort: true }),
  );

/** A private note: trimmed, 1..2,000 characters. */
export const noteSchema = text(NOTE_MAX_CHARS, 'tracker.error.noteEmpty');
/** A rating: a whole number from 1 to 5. */
export const ratingSchema = z.coerce
  .number({ error: 'tracker.error.rating' })
  .check(
    z.int({ error: 'tracker.error.rating' }),
    z.gte(1, { error: 'tracker.error.rating' }),
    z.lte(5, { error: 'tracker.error.rating' }),
  );
/** A rejection: one of the reasons and the message the candidate receives. */
export const rejectionSchema = z.object({
  reason: z.enum(REJECTION_REASONS, { error: 'tracker.error.reason' }),
  message: text(REJECTION_MESSAGE_MAX_CHARS, 'tracker.error.messageEmpty'),
});
