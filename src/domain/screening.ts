import type { MessageKey } from '../i18n/translate';

// Screening questions and what an applicant sends (decision 049): the offer form's five fixed rows, the
// apply form's cover note and answers. Pure rules shared by the forms, the services and their tests.
export const MAX_QUESTIONS = 5;
export const QUESTION_MAX = 200;
export const ANSWER_MAX = 200;
export const COVER_NOTE_MAX = 2000;
export const QUESTION_KINDS = ['yes-no', 'text', 'number'] as const;
type QuestionKind = (typeof QUESTION_KINDS)[number];
export type Question = { kind: QuestionKind; label: string; required: boolean };
export type FieldMessage = { key: MessageKey; params?: Record<string, number> };

const isKind = (v: unknown): v is QuestionKind => (QUESTION_KINDS as readonly unknown[]).includes(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '').trim();

/** The offer form's fields of row n (1 to 5). */
export const questionFields = (n: number) => ({ label: `q${n}_label`, kind: `q${n}_kind`, required: `q${n}_required` });

/** Every question field name of the offer form (to keep what was typed). */
export const QUESTION_FIELDS: string[] = Array.from({ length: MAX_QUESTIONS }, (_, i) => Object.values(questionFields(i + 1))).flat();

/**
 * The offer form's question rows as questions: a row without a label is ignored (unless marked required,
 * which is a mistake worth saying), the rest keep the company's order.
 */
export function parseQuestions(
  fields: Record<string, string | undefined>,
): { ok: true; value: Question[] } | { ok: false; errors: Record<string, FieldMessage> } {
  const value: Question[] = [];
  const errors: Record<string, FieldMessage> = {};
  for (let n = 1; n <= MAX_QUESTIONS; n++) {
    const f = questionFields(n);
    const label = str(fields[f.label]).replace(/\s+/g, ' ');
    const required = fields[f.required] === '1' || fields[f.required] === 'on';
    const kind = str(fields[f.kind]) || 'yes-no';
    if (!label) {
      if (required) errors[f.label] = { key: 'applying.error.questionMissing' };
      continue;
    }
    if (label.length > QUESTION_MAX) errors[f.label] = { key: 'applying.error.tooLong', params: { max: QUESTION_MAX } };
    if (!isKind(kind)) errors[f.kind] = { key: 'applying.error.questionKind' };
    else value.push({ kind, label, required });
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}

/** The offer form's values for saved questions (row n's fields). */
export function questionValues(questions: readonly Question[]): Record<string, string> {
  const out: Record<string, string> = {};
  questions.slice(0, MAX_QUESTIONS).forEach((q, i) => {
    const f = questionFields(i + 1);
    out[f.label] = q.label;
    out[f.kind] = q.kind;
    if (q.required) out[f.required] = '1';
  });
  return out;
}

/** The apply form's field of the question at a position. */
export const answerField = (position: number) => `answer_${position}`;

/** A number as people type it: 3, -2, 2.5 or 2,5 (no thousands separators), within ±1e9. */
export function parseNumber(s: string): number | null {
  if (!/^-?\d{1,10}([.,]\d{1,4})?$/.test(s)) return null;
  const n = Number(s.replace(',', '.'));
  return Number.isFinite(n) && Math.abs(n) <= 1e9 ? n : null;
}

/**
 * The apply form checked against the offer's questions: the cover note (≤ 2000) and one answer per question
 * (required ones present, yes/no among the two, numbers numbers, text ≤ 200). Answers are stored as text:
 * 'yes'/'no', the number as typed with a dot, the text trimmed; a question left empty gets no answer.
 */
export function parseApplication(
  questions: readonly (Question & { position: number })[],
  fields: Record<string, string | undefined>,
):
  | { ok: true; value: { coverNote: string | null; answers: { position: number; answer: string }[] } }
  | { ok: false; errors: Record<string, FieldMessage> } {
  const errors: Record<string, FieldMessage> = {};
  const note = str(fields.cover_note).replace(/\r\n/g, '\n');
  if (note.length > COVER_NOTE_MAX) errors.cover_note = { key: 'applying.error.tooLong', params: { max: COVER_NOTE_MAX } };
  const answers: { position: number; answer: string }[] = [];
  for (const q of questions) {
    const name = answerField(q.position);
    const raw = str(fields[name]);
    if (!raw) {
      if (q.required) errors[name] = { key: 'applying.error.answerRequired' };
      continue;
    }
    if (q.kind === 'yes-no') {
      if (raw !== 'yes' && raw !== 'no') errors[name] = { key: 'applying.error.choose' };
      else answers.push({ position: q.position, answer: raw });
    } else if (q.kind === 'number') {
      const n = parseNumber(raw);
      if (n === null) errors[name] = { key: 'applying.error.number' };
      else answers.push({ position: q.position, answer: String(n) });
    } else if (raw.length > ANSWER_MAX) errors[name] = { key: 'applying.error.tooLong', params: { max: ANSWER_MAX } };
    else answers.push({ position: q.position, answer: raw });
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { coverNote: note || null, answers } };
}
