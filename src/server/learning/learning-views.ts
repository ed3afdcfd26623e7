import 'server-only';
import type { Locale } from '../../i18n/locales';
import { certificateExpiry, certificateStatus, scoreBand, type CertificateStatus, type ScoreBand } from '../../domain/learning';
import { toDate } from '../db/schema';
import type * as repo from './data/learning';

// What the learning service hands to pages: plain views of courses, lessons, interviews, attempts and
// certificates, and the mapping of certificate rows into them.
type Pick2 = { es: string; en: string };

export type LessonLink = { slug: string; position: number; title: string; module: string; minutes: number; done: boolean; open: boolean };
export type CourseCard = {
  slug: string;
  title: string;
  summary: string;
  area: string;
  role: string | null;
  level: string;
  minutes: number;
  lessons: number;
  free: boolean;
  progress: { done: number; percent: number; nextLesson: string | null; completed: boolean } | null;
};
export type CourseView = CourseCard & {
  id: number;
  modules: { title: string; lessons: LessonLink[] }[];
  lessonList: LessonLink[];
  /** Where the candidate left off, or the first lesson. */
  resume: string | null;
};
export type LessonView = LessonLink & { body: string; prev: string | null; next: string | null };

export type InterviewState =
  | { kind: 'available' }
  /** Signed in with an address not yet confirmed: no interview (no certificate) until it is. */
  | { kind: 'unconfirmed' }
  | { kind: 'active'; attemptId: number; deadline: Date }
  | { kind: 'passed'; certificate: string | null; finishedAt: Date; score: number }
  | { kind: 'failed'; retakeAt: Date; finishedAt: Date; score: number };
export type InterviewCard = {
  slug: string;
  role: string;
  title: string;
  minutes: number;
  passMark: number;
  questions: number;
  state: InterviewState | null;
};
export type InterviewView = InterviewCard & {
  id: number;
  intro: string;
  bankSize: number;
  studyCourses: { slug: string; title: string }[];
  lastResult: AttemptResult | null;
  retakeDays: number;
};
type AttemptQuestion = { id: number; topic: string; prompt: string; options: string[] };
export type AttemptView = { attemptId: number; deadline: Date; startedAt: Date; questions: AttemptQuestion[] };
export type AttemptResult = {
  attemptId: number;
  score: number;
  passed: boolean;
  band: ScoreBand;
  missedTopics: string[];
  outcome: 'submitted' | 'expired';
  finishedAt: Date;
  certificate: string | null;
  retakeAt: Date | null;
};
export type CertificateView = {
  slug: string;
  verificationId: string | null;
  holderName: string;
  profileSlug: string | null;
  role: string;
  level: string;
  score: number;
  band: ScoreBand;
  interview: { slug: string; title: Pick2 } | null;
  issuedAt: Date;
  expiresAt: Date;
  status: CertificateStatus;
  isDemo: boolean;
  /** The holder's account id (the credential subject's id is derived from it). */
  holderId: number;
  /** Its bit in the revocation status list (decision 067); null for demo rows written without one. */
  statusIndex: number | null;
  revokedAt: Date | null;
  revokeReason: string | null;
};

export function optionsOf(json: string, locale: Locale): string[] {
  const v = JSON.parse(json) as string[] | { es: string[]; en: string[] };
  return Array.isArray(v) ? v : v[locale];
}

export function expiryOf(c: { issued_at: unknown; expires_at: unknown; revoked_at: unknown }) {
  const issued = toDate(c.issued_at as string)!;
  return {
    expiresAt: toDate(c.expires_at as string | null) ?? certificateExpiry(issued),
    revokedAt: toDate(c.revoked_at as string | null),
  };
}

export function certificateViewOf(c: Awaited<ReturnType<typeof repo.certificateBySlug>> & object, at: Date): CertificateView {
  const { expiresAt, revokedAt } = expiryOf(c);
  return {
    slug: c.slug,
    verificationId: c.verification_id,
    holderName: `${c.name} ${c.last_name}`.trim(),
    // Linked only when the profile is public (else the link would lead to a 404).
    profileSlug: c.profile_public === 1 ? c.profile_slug : null,
    role: c.role,
    level: c.level,
    score: c.score,
    band: scoreBand(c.score),
    interview: c.interview_slug ? { slug: c.interview_slug, title: { es: c.title_es ?? '', en: c.title_en ?? '' } } : null,
    issuedAt: toDate(c.issued_at)!,
    expiresAt,
    status: certificateStatus({ expiresAt, revokedAt }, at),
    isDemo: c.is_demo === 1,
    holderId: c.user_id,
    statusIndex: c.status_index,
    revokedAt,
    revokeReason: c.revoke_reason,
  };
}
