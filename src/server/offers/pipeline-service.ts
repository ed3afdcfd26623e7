import 'server-only';
import type { Database } from '../db/client';
import { toDate } from '../db/schema';
import { isId } from '../../domain/ids';
import {
  BULK_MAX,
  NOTE_MAX_CHARS,
  REJECTION_MESSAGE_MAX_CHARS,
  isPipelineStatus,
  noteSchema,
  ratingSchema,
  rejectionSchema,
  type EventKind,
  type PipelineStatus,
} from '../../domain/pipeline';
import { getT } from '../../i18n/translate';
import { isLocale, type Locale } from '../../i18n/locales';
import { ServiceError } from '../errors';
import type { Viewer } from '../accounts/session';
import type { ApplicationEvent } from './application-service';
import { stateOf } from './application-service';
import { z } from 'zod';
import { decodeCursor, readPage, keyId, keysetPage, keyTime, keyValue, type KeyValue } from '../db/keyset';
import {
  applicantsOf,
  applicationStatusCounts,
  certificatesOfUsers,
  companyOffer,
  setApplicationStatusIf,
  skillsOfUsers,
} from './data/company-offers';
import {
  applicationDetail,
  applicationsByIds,
  averageRatings,
  eventsOf,
  insertEvent,
  insertNote,
  notesOf,
  ratingsOf,
  rejectIf,
  saveRating,
} from './data/pipeline';

// The applicant tracker (decision 048): an offer's applicants, one application with its history, the
// members' private notes and ratings, moves (one, or several after a confirmation) and the rejection with
// its reason and message. Every change records who made it. Only the company's own members see or change
// any of it: another company's application or offer answers like an unknown id. Part of the hiring
// service (spread into it), which gives it the viewer's company.
type Company = { id: number; name: string };
type Deps = {
  companyFor: (viewer: Viewer) => Promise<Company>;
  now: () => Date;
  notify?: (e: ApplicationEvent) => Promise<void>;
};

const fullName = (name: string | null | undefined, last: string | null | undefined) => `${name ?? ''} ${last ?? ''}`.trim();
const invalid = (field: string, key: string) => new ServiceError('invalid-input', { [field]: { key: key as never } });
/** A zod issue of the tracker's schemas as a field's message (a too long text names its maximum). */
const issue = (message: string, max: number) => ({
  key: message as 'forms.error.tooLong',
  ...(message === 'forms.error.tooLong' ? { params: { max } } : {}),
});
const moved = () => new ServiceError('conflict', { status: { key: 'hire.error.moved' } });
/** Applicants per page, and the sort key their cursor carries (decision 054). */
// 30 rows keep the page under 300 kB of HTML (each row carries its profile facts, certificates, stage form
// and actions: 40 rows measured 311 kB at ten times the demo data).
const APPLICANTS_PER_PAGE = 30;
const applicantKey = z.tuple([keyTime, keyId]);

export function createPipeline(database: Database, deps: Deps) {
  const { db } = database;
  const { companyFor, now } = deps;

  async function ownOffer(viewer: Viewer, id: number) {
    const company = await companyFor(viewer);
    const row = isId(id) ? await companyOffer(db, company.id, id) : undefined;
    if (!row) throw new ServiceError('not-found');
    return { company, row };
  }
  /** The company's application; another company's answers like an unknown id. */
  async function ownApplication(viewer: Viewer, id: number) {
    const company = await companyFor(viewer);
    const app = isId(id) ? await applicationDetail(db, id) : undefined;
    if (!app || app.company_id !== company.id) throw new ServiceError('not-found');
    return { company, app, actor: viewer!.id };
  }
  const record = (applicationId: number, actor: number, kind: EventKind, from: string | null, to: string | null) =>
    insertEvent(db, { application_id: applicationId, actor_id: actor, kind, from_status: from, to_status: to, at: now() });

  /** One move from the status it was read in (`from`), recorded and told to the candidate. False: it changed meanwhile. */
  async function moveFrom(applicationId: number, actor: number, from: string, to: PipelineStatus): Promise<boolean> {
    if (from === to) return true;
    if (!(await setApplicationStatusIf(db, applicationId, from, to, now()))) return false;
    await record(applicationId, actor, to === 'rejected' ? 'rejected' : 'moved', from, to);
    await deps.notify?.({ kind: 'application-status', applicationId });
    return true;
  }

  const service = {
    /**
     * An offer's applicants, newest first, 50 at a time by keyset (decision 054), with their profile summary
     * and their members' average rating; the total, how many are in each status (all pages) and the next
     * page's cursor (null on the last). A bad cursor gives the first page.
     */
    async applicants(viewer: Viewer, offerId: number, cursor?: string | null) {
      const { row } = await ownOffer(viewer, offerId);
      const read = (key: readonly KeyValue[] | null) => applicantsOf(db, row.id, key, APPLICANTS_PER_PAGE + 1);
      const [byStatus, { after, rows }] = await Promise.all([
        applicationStatusCounts(db, row.id),
        readPage(decodeCursor(cursor, applicantKey), read),
      ]);
      const shown = rows.slice(0, APPLICANTS_PER_PAGE);
      const ids = shown.map((r) => r.user_id);
      const [skills, certs, ratings] = await Promise.all([
        skillsOfUsers(db, ids),
        certificatesOfUsers(db, ids, now().toISOString()),
        averageRatings(
          db,
          shown.map((r) => r.id),
        ),
      ]);
      const page = keysetPage(rows, {
        perPage: APPLICANTS_PER_PAGE,
        total: [...byStatus.values()].reduce((a, b) => a + b, 0),
        after,
        keyOf: (r) => [keyValue(r.created_at), r.id],
        map: (r) => ({
          id: r.id,
          // Any status, also ones another part of the product adds (the page shows those read-only).
          status: r.status,
          appliedAt: toDate(r.created_at),
          updatedAt: toDate(r.updated_at),
          rating: ratings.get(r.id) ?? null,
          candidate: {
            name: fullName(r.name, r.last_name),
            email: r.email,
            slug: r.is_public ? r.profile_slug : null,
            headline: r.headline,
            role: r.role,
            seniority: r.seniority,
            country: r.country,
            english: r.english,
            years: r.years ?? null,
            skills: skills.get(r.user_id) ?? [],
            certifications: certs.get(r.user_id) ?? [],
          },
        }),
      });
      return {
        offer: { id: row.id, slug: row.slug, title: row.title, state: stateOf(row, now()) },
        applicants: page.items,
        byStatus: Object.fromEntries(byStatus) as Record<string, number>,
        total: page.total,
        from: page.from,
        next: page.next,
        perPage: page.perPage,
      };
    },

    /** One application for its company: the candidate, the history, the notes, the ratings and the rejection's template. */
    async application(viewer: Viewer, id: number) {
      const { company, app, actor } = await ownApplication(viewer, id);
      const [skills, certs, events, notes, ratings] = await Promise.all([
        skillsOfUsers(db, [app.user_id]),
        certificatesOfUsers(db, [app.user_id], now().toISOString()),
        eventsOf(db, app.id),
        notesOf(db, app.id),
        ratingsOf(db, app.id),
      ]);
      const candidateLocale: Locale = app.locale && isLocale(app.locale) ? app.locale : 'es';
      const candidateName = fullName(app.name, app.last_name);
      const average = ratings.length ? ratings.reduce((s, r) => s + r.score, 0) / ratings.length : null;
      return {
        id: app.id,
        status: app.status,
        appliedAt: toDate(app.created_at),
        offer: { id: app.offer_id, title: app.offer_title },
        candidate: {
          name: candidateName,
          email: app.email,
          locale: candidateLocale,
          slug: app.is_public ? app.profile_slug : null,
          headline: app.headline,
          role: app.role,
          seniority: app.seniority,
          country: app.country,
          english: app.english,
          skills: skills.get(app.user_id) ?? [],
          certifications: certs.get(app.user_id) ?? [],
        },
        events: events.map((e) => ({
          id: e.id,
          kind: e.kind,
          from: e.from_status,
          to: e.to_status,
          at: toDate(e.at),
          actor: e.name == null ? null : fullName(e.name, e.last_name),
        })),
        notes: notes.map((n) => ({
          id: n.id,
          body: n.body,
          at: toDate(n.created_at),
          author: n.name == null ? null : fullName(n.name, n.last_name),
        })),
        ratings: {
          average,
          count: ratings.length,
          mine: ratings.find((r) => r.user_id === actor)?.score ?? null,
          each: ratings.map((r) => ({ member: fullName(r.name, r.last_name), score: r.score })),
        },
        rejection: app.status === 'rejected' ? { reason: app.rejection_reason, message: app.rejection_message } : null,
        /** The rejection email's words in the candidate's language, filled in; the company may edit them. */
        template: getT(candidateLocale)('tracker.reject.template', {
          candidate: app.name ?? candidateName,
          offer: app.offer_title,
          company: company.name,
        }),
      };
    },

    /**
     * Move an application to any stage (a mistake can be undone). `from`, when given, is the status the
     * company saw: a move of an application that changed meanwhile is refused (409) rather than applied.
     */
    async moveApplication(
      viewer: Viewer,
      applicationId: number,
      status: string,
      from?: string,
    ): Promise<{ id: number; status: PipelineStatus; offerId: number }> {
      await companyFor(viewer);
      if (!isPipelineStatus(status)) throw invalid('status', 'forms.error.invalid');
      const { app, actor } = await ownApplication(viewer, applicationId);
      if (from !== undefined && from !== app.status) throw moved();
      // From the status it was read in: of moves racing on one application, one wins and the others hear 409.
      if (!(await moveFrom(app.id, actor, app.status, status))) throw moved();
      return { id: app.id, status, offerId: app.offer_id };
    },

    /** A private note of a company member (up to 2,000 characters). */
    async addNote(viewer: Viewer, applicationId: number, body: string) {
      const { app, actor } = await ownApplication(viewer, applicationId);
      const parsed = noteSchema.safeParse(body);
      if (!parsed.success)
        throw new ServiceError('invalid-input', { note: issue(parsed.error.issues[0]?.message ?? 'forms.error.invalid', NOTE_MAX_CHARS) });
      await insertNote(db, { application_id: app.id, author_id: actor, body: parsed.data, created_at: now() });
      await record(app.id, actor, 'note', null, null);
      return { id: app.id };
    },

    /** The member's rating (1 to 5): one per member, a new one replaces theirs. */
    async rate(viewer: Viewer, applicationId: number, score: unknown) {
      const { app, actor } = await ownApplication(viewer, applicationId);
      const parsed = ratingSchema.safeParse(score);
      if (!parsed.success) throw invalid('rating', 'tracker.error.rating');
      await saveRating(db, { application_id: app.id, user_id: actor, score: parsed.data, updated_at: now() });
      await record(app.id, actor, 'rating', null, null);
      return { id: app.id, score: parsed.data };
    },

    /**
     * Not selected: the reason stays with the company, the message goes to the candidate (their email and
     * bell, through the notification service, and their workspace).
     */
    async reject(viewer: Viewer, applicationId: number, input: { reason: unknown; message: unknown; from?: string }) {
      const { app, actor } = await ownApplication(viewer, applicationId);
      const parsed = rejectionSchema.safeParse({ reason: input.reason, message: input.message });
      if (!parsed.success) {
        const errors = Object.fromEntries(
          parsed.error.issues.map((i) => [String(i.path[0] ?? 'message'), issue(i.message, REJECTION_MESSAGE_MAX_CHARS)]),
        );
        throw new ServiceError('invalid-input', errors);
      }
      if (app.status === 'rejected') throw new ServiceError('conflict', { status: { key: 'tracker.error.alreadyRejected' } });
      if (input.from !== undefined && input.from !== app.status) throw moved();
      const { reason, message } = parsed.data;
      if (!(await rejectIf(db, app.id, app.status, reason, message, now()))) throw moved();
      await record(app.id, actor, 'rejected', app.status, 'rejected');
      await deps.notify?.({ kind: 'application-status', applicationId: app.id, message });
      return { id: app.id, offerId: app.offer_id, reason: reason };
    },

    /** What a bulk move would do: the offer's chosen applications with their names and statuses now. */
    async bulkPreview(viewer: Viewer, offerId: number, ids: number[], to: string) {
      const { row } = await ownOffer(viewer, offerId);
      if (!isPipelineStatus(to)) throw invalid('status', 'forms.error.invalid');
      const wanted = [...new Set(ids.filter(isId))].slice(0, BULK_MAX);
      if (!wanted.length) throw invalid('application', 'tracker.error.noneSelected');
      const rows = await applicationsByIds(db, wanted);
      // An application of another offer or company answers like an unknown one.
      if (rows.length !== wanted.length || rows.some((r) => r.offer_id !== row.id)) throw new ServiceError('not-found');
      return {
        offer: { id: row.id, title: row.title },
        to,
        items: rows.map((r) => ({ id: r.id, name: fullName(r.name, r.last_name), status: r.status })),
      };
    },

    /**
     * The confirmed bulk move: each application moves from the status shown in the confirmation, recorded
     * and told like one move; those that changed meanwhile are reported, not moved.
     */
    async bulkMove(viewer: Viewer, offerId: number, items: { id: number; from: string }[], to: string) {
      const preview = await service.bulkPreview(
        viewer,
        offerId,
        items.map((i) => i.id),
        to,
      );
      const actor = viewer!.id;
      const now = new Map(preview.items.map((i) => [i.id, i]));
      const done: number[] = [];
      const changed: { id: number; name: string }[] = [];
      for (const item of items) {
        const current = now.get(item.id);
        if (!current || done.includes(item.id) || changed.some((c) => c.id === item.id)) continue;
        // Changed since the confirmation was shown (or loses a race now): reported, not moved.
        if (current.status === item.from && (await moveFrom(item.id, actor, item.from, to as PipelineStatus))) done.push(item.id);
        else changed.push({ id: item.id, name: current.name });
      }
      return { moved: done, changed };
    },
  };
  return service;
}
