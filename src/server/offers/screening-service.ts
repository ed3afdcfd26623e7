import 'server-only';
import { isId } from '../../domain/ids';
import { MAX_QUESTIONS, parseApplication, type Question } from '../../domain/screening';
import { WITHDRAWABLE as WITHDRAWABLE_STAGES } from '../../domain/pipeline';
import type { Viewer } from '../accounts/session';
import { companyOfUser } from '../accounts/company-membership';
import type { Database } from '../db/client';
import { ServiceError, isUniqueViolation } from '../errors';
import { stateOf } from './application-service';
import { companyOffer } from './data/company-offers';
import { applicationOf, offerBySlug } from './data/public-offers';
import {
  answersOf,
  candidateApplication,
  companyApplications,
  insertAnswers,
  insertApplicationWithNote,
  questionsOf,
  replaceQuestions,
  withdrawIf,
} from './data/screening';

// Applying with more than a click (decision 049): an offer's screening questions (written by its company),
// the apply form (cover note and answers, checked against the questions), a candidate's withdrawal, and what
// an applicant sent, for the company. Strangers (another company, another candidate) get not-found.
export type ScreeningEvent = { kind: 'application-new' | 'application-withdrawn'; applicationId: number };
export type SentAnswers = { coverNote: string | null; answers: { question: string; kind: string; answer: string }[] };

/** Statuses a candidate may still withdraw from: not once decided (placed, rejected) or already withdrawn. */
const WITHDRAWABLE = new Set<string>(WITHDRAWABLE_STAGES);
const ALREADY = { offer: { key: 'offer.alreadyApplied' } } as const;
const WITHDRAWN = { offer: { key: 'applying.error.withdrawnBefore' } } as const;

export function createScreeningService(database: Database, deps: { now?: () => Date; notify?: (e: ScreeningEvent) => Promise<void> } = {}) {
  const { db } = database;
  const now = deps.now ?? (() => new Date());

  async function companyOf(viewer: Viewer) {
    if (!viewer) throw new ServiceError('unauthorized');
    if (viewer.type !== 'hire') throw new ServiceError('forbidden');
    const company = await companyOfUser(db, viewer.id);
    if (!company) throw new ServiceError('forbidden');
    return company;
  }
  /** The company's own offer; another company's answers like an unknown id. */
  async function ownOffer(viewer: Viewer, offerId: number) {
    const company = await companyOf(viewer);
    const row = isId(offerId) ? await companyOffer(db, company.id, offerId) : undefined;
    if (!row) throw new ServiceError('not-found');
    return { company, row };
  }
  /** An offer a candidate may see: unknown slugs, drafts and paused offers are not-found. */
  async function visibleOffer(slug: string) {
    const row = await offerBySlug(db, slug);
    if (!row) throw new ServiceError('not-found');
    const state = stateOf(row, now());
    if (state === 'draft' || state === 'paused') throw new ServiceError('not-found');
    return { row, state };
  }
  function candidate(viewer: Viewer) {
    if (!viewer) throw new ServiceError('unauthorized');
    if (viewer.type !== 'match') throw new ServiceError('forbidden');
    return viewer;
  }

  return {
    /** An offer's questions (public offer data, in the company's order). */
    async questions(offerId: number) {
      return isId(offerId) ? questionsOf(db, offerId) : [];
    },

    /** The company's questions of one of its offers, for its form. */
    async questionsFor(viewer: Viewer, offerId: number): Promise<Question[]> {
      const { row } = await ownOffer(viewer, offerId);
      return (await questionsOf(db, row.id)).map(({ kind, label, required }) => ({ kind, label, required }));
    },

    /** Replace an offer's questions (at most five; answers already sent keep their own copy of each question). */
    async saveQuestions(viewer: Viewer, offerId: number, questions: readonly Question[]) {
      const { row } = await ownOffer(viewer, offerId);
      if (questions.length > MAX_QUESTIONS) throw new ServiceError('invalid-input', { questions: { key: 'forms.error.invalid' } });
      await db.transaction().execute((trx) => replaceQuestions(trx, row.id, questions));
    },

    /** The apply form's data: the offer and its questions; refusals as apply() would answer them. */
    async applyForm(slug: string, viewer: Viewer) {
      const v = candidate(viewer);
      const { row, state } = await visibleOffer(slug);
      const existing = await applicationOf(db, row.id, v.id);
      const questions = await questionsOf(db, row.id);
      return {
        offer: { id: row.id, slug: row.slug, title: row.title, company: row.company_name, state },
        questions,
        application: existing ? { id: existing.id, status: existing.status } : null,
      };
    },

    /**
     * Apply with a cover note and the answers to the offer's questions, once. Required answers missing or
     * wrong are 'invalid-input' per field; a second application is a 'conflict' (after a withdrawal, one that
     * says so); a closed or expired offer is 'gone'.
     */
    async apply(slug: string, viewer: Viewer, fields: Record<string, string | undefined>): Promise<{ id: number; status: string }> {
      const v = candidate(viewer);
      const { row, state } = await visibleOffer(slug);
      const existing = await applicationOf(db, row.id, v.id);
      if (existing) throw new ServiceError('conflict', existing.status === 'withdrawn' ? WITHDRAWN : ALREADY);
      if (state !== 'open') throw new ServiceError('gone');
      const questions = await questionsOf(db, row.id);
      const parsed = parseApplication(questions, fields);
      if (!parsed.ok) throw new ServiceError('invalid-input', parsed.errors);
      const byPosition = new Map(questions.map((q) => [q.position, q]));
      try {
        const created = await db.transaction().execute(async (trx) => {
          const a = await insertApplicationWithNote(trx, row.id, v.id, parsed.value.coverNote, now());
          await insertAnswers(
            trx,
            a.id,
            parsed.value.answers.map((x) => ({
              position: x.position,
              kind: byPosition.get(x.position)!.kind,
              question: byPosition.get(x.position)!.label,
              answer: x.answer,
            })),
          );
          return a;
        });
        await deps.notify?.({ kind: 'application-new', applicationId: created.id });
        return { id: created.id, status: created.status };
      } catch (err) {
        if (isUniqueViolation(err)) throw new ServiceError('conflict', ALREADY);
        throw err;
      }
    },

    /** The candidate's own application, for the withdrawal's confirmation (another's is not-found). */
    async ownApplication(viewer: Viewer, applicationId: number) {
      const v = candidate(viewer);
      const a = isId(applicationId) ? await candidateApplication(db, v.id, applicationId) : undefined;
      if (!a) throw new ServiceError('not-found');
      return { id: a.id, status: a.status, offer: { title: a.title, slug: a.slug }, withdrawable: WITHDRAWABLE.has(a.status) };
    },

    /** The candidate withdraws: status 'withdrawn', the company is told; a decided application cannot be. */
    async withdraw(viewer: Viewer, applicationId: number): Promise<{ id: number; status: 'withdrawn' }> {
      const v = candidate(viewer);
      const a = isId(applicationId) ? await candidateApplication(db, v.id, applicationId) : undefined;
      if (!a) throw new ServiceError('not-found');
      if (a.status === 'withdrawn') return { id: a.id, status: 'withdrawn' };
      const refused = () => new ServiceError('conflict', { application: { key: 'applying.error.cannotWithdraw' } });
      if (!WITHDRAWABLE.has(a.status)) throw refused();
      if (!(await withdrawIf(db, a.id, a.status, now()))) throw refused();
      await deps.notify?.({ kind: 'application-withdrawn', applicationId: a.id });
      return { id: a.id, status: 'withdrawn' };
    },

    /** What each applicant sent (cover note, question and answer pairs), for the company's own applications only. */
    async answersFor(viewer: Viewer, applicationIds: readonly number[]): Promise<Map<number, SentAnswers>> {
      const ids = [...new Set(applicationIds.filter(isId))].slice(0, 1000);
      const out = new Map<number, SentAnswers>();
      if (!ids.length) return out;
      const company = await companyOf(viewer);
      const apps = await companyApplications(db, company.id, ids);
      for (const a of apps) out.set(a.id, { coverNote: a.cover_note, answers: [] });
      if (!apps.length) return out;
      for (const r of await answersOf(db, [...out.keys()]))
        out.get(r.application_id)?.answers.push({ question: r.question, kind: r.kind, answer: r.answer });
      return out;
    },
  };
}
export type ScreeningService = ReturnType<typeof createScreeningService>;
