import 'server-only';
import { randomInt, randomUUID } from 'node:crypto';
import type { Locale } from '../../i18n/locales';
import {
  certificateExpiry,
  certificateStatus,
  drawQuestions,
  levelOf,
  retakeDate,
  scoreAnswers,
  scoreBand,
  withinDeadline,
  SUBMIT_GRACE_MS,
} from '../../domain/learning';
import type { Transaction } from 'kysely';
import type { Database } from '../db/client';
import { toDate, type DB } from '../db/schema';
import { mailboxKey } from '../../domain/mailbox';
import * as repo from './data/learning';
import type { Viewer } from '../accounts/session';
import { ServiceError, isUniqueViolation } from '../errors';
import { writeWithPurge } from '../db/page-purges';
import { certificateTag } from '../../domain/page-purge';
import { createCourseService } from './course-service';
import {
  certificateViewOf,
  expiryOf,
  optionsOf,
  type AttemptResult,
  type AttemptView,
  type CertificateView,
  type InterviewCard,
  type InterviewState,
  type InterviewView,
} from './learning-views';

export type {
  AttemptResult,
  AttemptView,
  CertificateView,
  CourseCard,
  CourseView,
  InterviewCard,
  InterviewState,
  InterviewView,
  LessonView,
} from './learning-views';

// Courses, interviews and certificates (decision 021). Lessons are for signed-in
// candidates, except the free course's first ones. Attempts are timed, drawn and scored here: the page
// gets the questions without their answers, and a submission after the deadline (plus a short grace)
// scores nothing. One active attempt per candidate and interview, held by a unique index.
const pick = (l: Locale, v: { es: string; en: string }) => v[l];

/** The longest revocation reason (the column is varchar(400)). */
export const REVOKE_REASON_MAX = 400;

type Options = { retakeDays: number; now?: () => Date; random?: () => number };
/** Who takes an interview, as its rules see them. */
type Person = { userId: number; key: string; confirmed: boolean };

export function createLearningService(database: Database, opts: Options) {
  const { db } = database;
  const now = opts.now ?? (() => new Date());
  const random = opts.random ?? (() => randomInt(0, 2 ** 32) / 2 ** 32);
  const candidate = (v: Viewer) => (v?.type === 'match' ? v.id : null);

  const courses = createCourseService(database, { now });

  const service = {
    ...courses,
    async interviews(viewer: Viewer, locale: Locale): Promise<InterviewCard[]> {
      const rows = await repo.activeInterviews(db);
      const userId = candidate(viewer);
      if (userId !== null) await closeExpired(userId);
      const [attempts, certs, person] =
        userId === null
          ? [[], [], null]
          : await Promise.all([repo.attemptsOf(db, userId), repo.certificatesOfUser(db, userId), personOf(userId)]);
      return Promise.all(
        rows.map(async (r) => ({
          slug: r.slug,
          role: r.role,
          title: pick(locale, { es: r.title_es, en: r.title_en }),
          minutes: r.duration_minutes,
          passMark: r.pass_mark,
          questions: r.draw,
          state:
            person === null
              ? null
              : await stateOf(
                  r.id,
                  attempts.filter((a) => a.interview_id === r.id),
                  certs,
                  person,
                ),
        })),
      );
    },

    async interview(slug: string, viewer: Viewer, locale: Locale): Promise<InterviewView | null> {
      const r = await repo.interviewBySlug(db, slug);
      if (!r) return null;
      const userId = candidate(viewer);
      if (userId !== null) await closeExpired(userId);
      const [bank, courses, attempts, certs, person] = await Promise.all([
        repo.questionBank(db, r.id),
        repo.activeCourses(db),
        userId === null ? [] : repo.attemptsOf(db, userId, r.id),
        userId === null ? [] : repo.certificatesOfUser(db, userId),
        userId === null ? null : personOf(userId),
      ]);
      const study = r.study_courses.split(/\s+/).filter(Boolean);
      const last = attempts.find((a) => a.finished_at);
      return {
        id: r.id,
        slug: r.slug,
        role: r.role,
        title: pick(locale, { es: r.title_es, en: r.title_en }),
        intro: pick(locale, { es: r.intro_es, en: r.intro_en }),
        minutes: r.duration_minutes,
        passMark: r.pass_mark,
        questions: r.draw,
        bankSize: bank.length,
        studyCourses: study.flatMap((s) => {
          const c = courses.find((x) => x.slug === s);
          return c ? [{ slug: c.slug, title: pick(locale, { es: c.title_es, en: c.title_en }) }] : [];
        }),
        state: person === null ? null : await stateOf(r.id, attempts, certs, person),
        lastResult: last ? await resultOf(last, r.pass_mark, locale, certs) : null,
        retakeDays: opts.retakeDays,
      };
    },

    /** Starts an attempt, or returns the one already running (two tabs, a double click, a race). */
    async startAttempt(viewer: Viewer, slug: string): Promise<number> {
      const userId = candidate(viewer);
      if (userId === null) throw new ServiceError(viewer ? 'forbidden' : 'unauthorized');
      const r = await repo.interviewBySlug(db, slug);
      if (!r) throw new ServiceError('not-found');
      await closeExpired(userId);
      const person = await personOf(userId);
      const state = await stateOf(r.id, await repo.attemptsOf(db, userId, r.id), await repo.certificatesOfUser(db, userId), person);
      if (state.kind === 'active') return state.attemptId;
      if (state.kind === 'unconfirmed') throw new ServiceError('forbidden', { form: { key: 'learning.confirmFirst' } });
      if (state.kind === 'passed') throw new ServiceError('conflict', { form: { key: 'learning.alreadyCertified' } });
      if (state.kind === 'failed')
        throw new ServiceError('conflict', {
          form: { key: 'learning.retakeLater', params: { date: state.retakeAt.toISOString().slice(0, 10) } },
        });
      const bank = await repo.questionBank(db, r.id);
      const drawn = drawQuestions(
        bank.map((q) => q.id),
        r.draw,
        random,
      );
      const started = now();
      try {
        const { id } = await repo.insertAttempt(db, {
          interview_id: r.id,
          user_id: userId,
          started_at: started.toISOString(),
          deadline_at: new Date(started.getTime() + r.duration_minutes * 60_000).toISOString(),
          questions_json: JSON.stringify(drawn),
          person_key: person.key,
        });
        return id;
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        const active = (await repo.attemptsOf(db, userId, r.id)).find((a) => !a.finished_at);
        if (!active) throw e;
        return active.id;
      }
    },

    /** The running attempt's questions, without their answers; null when there is none. */
    async activeAttempt(viewer: Viewer, slug: string, locale: Locale): Promise<AttemptView | null> {
      const userId = candidate(viewer);
      if (userId === null) return null;
      const r = await repo.interviewBySlug(db, slug);
      if (!r) return null;
      const attempt = (await repo.attemptsOf(db, userId, r.id)).find((a) => !a.finished_at);
      if (!attempt) return null;
      const deadline = toDate(attempt.deadline_at)!;
      if (!withinDeadline(deadline, now())) {
        await closeExpired(userId);
        return null;
      }
      const ids = JSON.parse(attempt.questions_json) as number[];
      const rows = new Map((await repo.questionsById(db, ids)).map((q) => [q.id, q]));
      return {
        attemptId: attempt.id,
        deadline,
        startedAt: toDate(attempt.started_at)!,
        questions: ids.flatMap((id) => {
          const q = rows.get(id);
          return q
            ? [
                {
                  id,
                  topic: pick(locale, { es: q.topic_es, en: q.topic_en }),
                  prompt: pick(locale, { es: q.prompt_es, en: q.prompt_en }),
                  options: optionsOf(q.options_json, locale),
                },
              ]
            : [];
        }),
      };
    },

    /** Scores the attempt: answers count only until the deadline (plus grace); passing awards a certificate. */
    async submitAttempt(
      viewer: Viewer,
      slug: string,
      attemptId: number,
      answers: Record<number, number>,
      locale: Locale,
    ): Promise<AttemptResult> {
      const userId = candidate(viewer);
      if (userId === null) throw new ServiceError(viewer ? 'forbidden' : 'unauthorized');
      const r = await repo.interviewBySlug(db, slug);
      if (!r) throw new ServiceError('not-found');
      const attempts = await repo.attemptsOf(db, userId, r.id);
      const attempt = attempts.find((a) => a.id === attemptId);
      if (!attempt) throw new ServiceError('not-found');
      if (attempt.finished_at) return resultOf(attempt, r.pass_mark, locale, await repo.certificatesOfUser(db, userId));
      const at = now();
      const late = !withinDeadline(toDate(attempt.deadline_at)!, at);
      const ids = JSON.parse(attempt.questions_json) as number[];
      const qs = await repo.questionsById(db, ids);
      const kept = late ? {} : Object.fromEntries(Object.entries(answers).filter(([id]) => ids.includes(Number(id))));
      const s = scoreAnswers(
        qs.map((q) => ({ id: q.id, answer: q.answer_index, topic: q.topic_es })),
        kept,
      );
      const passed = !late && s.score >= r.pass_mark;
      await db.transaction().execute(async (trx) => {
        const closed = await repo.finishAttempt(trx, attempt.id, {
          finished_at: at.toISOString(),
          score: s.score,
          passed: passed ? 1 : 0,
          answers_json: JSON.stringify(kept),
          outcome: late ? 'expired' : 'submitted',
        });
        if (closed && passed) await awardCertificate(trx, userId, r, attempt.id, s.score, at);
      });
      const fresh = (await repo.attemptsOf(db, userId, r.id)).find((a) => a.id === attempt.id)!;
      return resultOf(fresh, r.pass_mark, locale, await repo.certificatesOfUser(db, userId));
    },

    async certificate(slug: string): Promise<CertificateView | null> {
      const c = await repo.certificateBySlug(db, slug);
      return c ? certificateViewOf(c, now()) : null;
    },

    async certificatesOf(userId: number): Promise<CertificateView[]> {
      const at = now();
      return (await repo.certificatesOfUser(db, userId)).map((c) => certificateViewOf(c, at));
    },

    /**
     * Support revokes a certificate (by slug or id) with a reason: its page answers 410 at once (the page
     * cache forgets it in every process) and its bit in the status list is set (decision 067).
     */
    async revoke(ref: string, reason: string): Promise<{ slug: string; revokedAt: Date }> {
      const why = reason.trim();
      if (!why) throw new ServiceError('invalid-input', { reason: { key: 'api.field.required' } });
      if (why.length > REVOKE_REASON_MAX)
        throw new ServiceError('invalid-input', { reason: { key: 'api.field.tooLong', params: { max: REVOKE_REASON_MAX } } });
      const c = await repo.certificateByRef(db, ref.trim());
      if (!c) throw new ServiceError('not-found');
      if (c.revoked_at) throw new ServiceError('conflict');
      const at = now();
      const done = await writeWithPurge(
        db,
        (trx) => repo.revokeCertificate(trx, c.id, c.user_id, at.toISOString(), why),
        (changed) => (changed ? { tags: [certificateTag(c.slug)] } : null),
      );
      if (!done) throw new ServiceError('conflict');
      return { slug: c.slug, revokedAt: at };
    },

    /** The newest certificates (not the demo ones), for support; `before`: a keyset cursor (a status index). */
    async latestCertificates(limit: number, revokedOnly = false, before: number | null = null) {
      return (await repo.latestCertificates(db, limit, revokedOnly, before)).map((r) => ({
        id: r.id,
        slug: r.slug,
        holderName: `${r.name} ${r.last_name}`.trim(),
        issuedAt: toDate(r.issued_at)!,
        revokedAt: toDate(r.revoked_at),
        revokeReason: r.revoke_reason,
        statusIndex: r.status_index,
      }));
    },

    /** What a status list over [from, to) is built from: the revoked indexes only. */
    async revokedIndexes(from: number, to: number) {
      return repo.revokedIndexes(db, from, to);
    },
  };

  /** The candidate's mailbox (the retake wait is the person's) and whether they confirmed it. */
  async function personOf(userId: number): Promise<Person> {
    const a = await repo.candidateAccount(db, userId);
    return { userId, key: mailboxKey(a?.email ?? `user-${userId}`), confirmed: !!a?.email_confirmed_at };
  }

  async function stateOf(
    interviewId: number,
    attempts: Awaited<ReturnType<typeof repo.attemptsOf>>,
    certs: Awaited<ReturnType<typeof repo.certificatesOfUser>>,
    person: Person,
  ): Promise<InterviewState> {
    const at = now();
    const cert = certs.find((c) => c.interview_id === interviewId && certificateStatus(expiryOf(c), at) === 'valid');
    const active = attempts.find((a) => !a.finished_at);
    if (active) return { kind: 'active', attemptId: active.id, deadline: toDate(active.deadline_at)! };
    const last = attempts.find((a) => a.finished_at);
    if (cert) return { kind: 'passed', certificate: cert.slug, finishedAt: toDate(cert.issued_at)!, score: cert.score };
    // The wait after a failure holds for the person: this account's last attempt, or one of another account
    // on the same mailbox (a second account does not get round it).
    const failures = [
      ...(last && last.passed !== 1 ? [toDate(last.finished_at)!] : []),
      ...[await repo.lastFailureOfPerson(db, person.key, interviewId, person.userId)].flatMap((d) => (d ? [toDate(d)!] : [])),
    ].sort((a, b) => b.getTime() - a.getTime());
    if (failures[0]) {
      const retakeAt = retakeDate(failures[0], opts.retakeDays);
      if (retakeAt > at) return { kind: 'failed', retakeAt, finishedAt: failures[0], score: last?.passed !== 1 ? (last?.score ?? 0) : 0 };
    }
    // Certificates carry a name and go to employers: only for an address the candidate has confirmed.
    if (!person.confirmed) return { kind: 'unconfirmed' };
    return { kind: 'available' };
  }

  /** Attempts left running past their deadline close as expired (nothing was submitted in time). */
  async function closeExpired(userId: number) {
    await repo.expireAttempts(db, userId, new Date(now().getTime() - SUBMIT_GRACE_MS).toISOString());
  }

  async function resultOf(
    a: Awaited<ReturnType<typeof repo.attemptsOf>>[number],
    passMark: number,
    locale: Locale,
    certs: Awaited<ReturnType<typeof repo.certificatesOfUser>>,
  ): Promise<AttemptResult> {
    const ids = JSON.parse(a.questions_json) as number[];
    const qs = await repo.questionsById(db, ids);
    const answers = JSON.parse(a.answers_json ?? '{}') as Record<number, number>;
    const s = scoreAnswers(
      qs.map((q) => ({ id: q.id, answer: q.answer_index, topic: pick(locale, { es: q.topic_es, en: q.topic_en }) })),
      answers,
    );
    const score = a.score ?? 0;
    const passed = a.passed === 1 && score >= passMark;
    const finishedAt = toDate(a.finished_at) ?? now();
    return {
      attemptId: a.id,
      score,
      passed,
      band: scoreBand(score),
      missedTopics: s.missedTopics,
      outcome: a.outcome ?? 'submitted',
      finishedAt,
      certificate: passed ? (certs.find((c) => c.attempt_id === a.id)?.slug ?? null) : null,
      retakeAt: passed ? null : retakeDate(finishedAt, opts.retakeDays),
    };
  }

  async function awardCertificate(
    trx: Transaction<DB>,
    userId: number,
    iv: { id: number; slug: string; role: string },
    attemptId: number,
    score: number,
    at: Date,
  ) {
    const who = await repo.userName(trx, userId);
    const level = levelOf(score);
    const base = `${iv.slug}-${level}-${who?.profile_slug ?? `candidate-${userId}`}`.slice(0, 140);
    let slug = base;
    for (let n = 2; await repo.slugTaken(trx, slug); n++) slug = `${base}-${n}`;
    await repo.insertCertificate(trx, {
      slug,
      user_id: userId,
      interview_id: iv.id,
      attempt_id: attemptId,
      role: iv.role,
      level,
      score,
      issued_at: at.toISOString(),
      expires_at: certificateExpiry(at).toISOString(),
      verification_id: randomUUID(),
    });
  }

  return service;
}

export type LearningService = ReturnType<typeof createLearningService>;
