// The learning rules both sides share (decision 021): drawing an interview's questions,
// scoring, score bands and certificate levels, the attempt clock, the retake wait, certificate status and
// the free course's open lessons. Pure: the server decides with these, pages explain with them.
import type { seniorities } from './catalog';

type SeniorityId = (typeof seniorities)[number]['id'];

/** Lessons of the free course a visitor reads before signing up. */
const FREE_OPEN_LESSONS = 2;
/** A submission this late after the deadline still counts (the network, a slow phone); later ones do not. */
export const SUBMIT_GRACE_MS = 30_000;
const CERTIFICATE_YEARS = 2;

export type ScoreBand = { id: 'starting' | 'close' | 'junior' | 'mid' | 'senior'; min: number; max: number };
const BANDS: readonly ScoreBand[] = [
  { id: 'starting', min: 0, max: 49 },
  { id: 'close', min: 50, max: 69 },
  { id: 'junior', min: 70, max: 79 },
  { id: 'mid', min: 80, max: 89 },
  { id: 'senior', min: 90, max: 100 },
];

export function scoreBand(score: number): ScoreBand {
  const s = Math.max(0, Math.min(100, Math.round(score)));
  return BANDS.find((b) => s >= b.min && s <= b.max)!;
}

/** The level a passed interview certifies, from its score (70-79 junior, 80-89 mid, 90+ senior). */
export function levelOf(score: number): SeniorityId {
  const band = scoreBand(score).id;
  return band === 'senior' ? 'senior' : band === 'mid' ? 'mid' : 'junior';
}

/** `count` distinct items in random order (Fisher-Yates on a copy); `random` returns [0, 1). */
export function drawQuestions<T>(bank: readonly T[], count: number, random: () => number): T[] {
  const pool = [...bank];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

export type ScoredQuestion = { id: number; answer: number; topic: string };
export type Score = { score: number; correct: number; total: number; missedTopics: string[] };

/** Percentage of the drawn questions answered right; unanswered ones count as wrong. */
export function scoreAnswers(questions: readonly ScoredQuestion[], answers: Readonly<Record<number, number>>): Score {
  let correct = 0;
  const missed = new Set<string>();
  for (const q of questions) {
    if (answers[q.id] === q.answer) correct++;
    else missed.add(q.topic);
  }
  const total = questions.length;
  return { score: total ? Math.round((correct * 100) / total) : 0, correct, total, missedTopics: [...missed] };
}

/** True while a submission still counts. */
export function withinDeadline(deadline: Date, now: Date): boolean {
  return now.getTime() <= deadline.getTime() + SUBMIT_GRACE_MS;
}

const DAY = 86_400_000;

/** When a failed interview may be taken again. */
export function retakeDate(finishedAt: Date, waitDays: number): Date {
  return new Date(finishedAt.getTime() + waitDays * DAY);
}

export function certificateExpiry(issuedAt: Date): Date {
  const d = new Date(issuedAt);
  d.setUTCFullYear(d.getUTCFullYear() + CERTIFICATE_YEARS);
  return d;
}

export type CertificateStatus = 'valid' | 'expired' | 'revoked';
export function certificateStatus(c: { expiresAt: Date; revokedAt: Date | null }, now: Date): CertificateStatus {
  if (c.revokedAt) return 'revoked';
  return now.getTime() >= c.expiresAt.getTime() ? 'expired' : 'valid';
}

/** Lesson positions are 1-based; the free course's first ones are public. */
export function isOpenLesson(position: number, free: boolean): boolean {
  return free && position >= 1 && position <= FREE_OPEN_LESSONS;
}

/** Whole percent of lessons done. */
export function progressPercent(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((done * 100) / total)) : 0;
}
