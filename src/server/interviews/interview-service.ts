import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { toDate } from '../db/schema';
import { withLease } from '../db/job-lease';
import { ServiceError, isUniqueViolation } from '../errors';
import { membershipOf, requireMembership, sideOf } from '../accounts/company-membership';
import type { Viewer } from '../accounts/session';
import type { RateLimiter } from '../limits/rate-limit';
import { buildInvite } from '../meetings/icalendar';
import { isId } from '../../domain/ids';
import { PROPOSAL_RATE, REMINDER_AHEAD_MS, proposalInput, type Proposal } from '../../domain/interviews';
import { href } from '../../routes';
import type { InterviewEvent, InterviewEventName } from './events';
import { otherSideLeaving } from '../db/pending-deletion';
import {
  applicationFacts,
  claimReminders,
  close,
  hasSlot,
  insertInterview,
  interviewById,
  openInterviewOf,
  openInterviews,
  proposerOf,
  reopen,
  replaceSlots,
  schedule,
  slotsOf,
  type InterviewRow,
} from './data/interview-rows';

export type { InterviewEvent } from './events';

// Interviews between a company and a candidate (decision 046). The company proposes 1 to 5 start times
// from an application; the candidate picks one (the company's time is held by one scheduled interview: a
// unique index decides races) or declines; either side cancels; the company moves one by proposing again.
// Whoever is not a party hears 'not-found', as for an unknown id. Invites carry a stable UID and SEQUENCE.
type Deps = {
  limiter?: () => Promise<RateLimiter>;
  /** Told after each step; its failure is logged, never the caller's. */
  notify?: (event: InterviewEvent) => Promise<void>;
  brand: string;
  now?: () => Date;
  log?: (m: string) => void;
};

export type Side = 'company' | 'candidate';
export type InterviewView = {
  id: number;
  applicationId: number;
  status: 'proposed' | 'scheduled' | 'declined' | 'cancelled';
  startsAt: Date | null;
  durationMinutes: number;
  timeZone: string;
  videoUrl: string | null;
  company: string;
  candidate: string;
  offer: string;
  slots: Date[];
  sequence: number;
};

const UPCOMING_LIMIT = 20;
const REMINDER_BATCH = 200;
const REMINDER_LEASE_MS = 10 * 60_000;

const fullName = (name: string, last: string | null) => `${name} ${last ?? ''}`.trim();

export function createInterviewService(database: Database, deps: Deps) {
  const { db } = database;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? ((m: string) => console.log(m));

  async function tell(event: InterviewEvent) {
    if (!deps.notify) return;
    try {
      await deps.notify(event);
    } catch (err) {
      log(`[interviews] telling about ${event.kind}/${event.event} failed: ${String((err as Error)?.message ?? err)}`);
    }
  }

  async function limit(key: string) {
    if (!deps.limiter) return;
    const r = await (await deps.limiter()).hit(key, PROPOSAL_RATE);
    if (!r.allowed) throw new ServiceError('rate-limited', {}, { retryAfterSeconds: r.retryAfterSeconds });
  }

  /** The viewer's company (any member of it); anybody else hears not-found. */
  const companyOf = async (viewer: Viewer) => (await requireMembership(db, viewer)).company;

  /** The interview and the viewer's side; anybody else (and any unknown id) hears not-found. */
  async function open(viewer: Viewer, id: number): Promise<{ row: InterviewRow; side: Side }> {
    if (!viewer) throw new ServiceError('unauthorized');
    const row = isId(id) ? await interviewById(db, id) : undefined;
    if (!row) throw new ServiceError('not-found');
    const side = await sideOf(db, viewer, row);
    // The other side pending deletion is hidden here too, not only in the lists.
    if (!side || otherSideLeaving(row, side)) throw new ServiceError('not-found');
    return { row, side };
  }

  /** The application, when it is one of the viewer's company's. */
  async function applicationOf(viewer: Viewer, applicationId: number) {
    const company = await companyOf(viewer);
    const app = isId(applicationId) ? await applicationFacts(db, applicationId) : undefined;
    if (!app || app.company_id !== company.id) throw new ServiceError('not-found');
    return app;
  }

  async function views(rows: InterviewRow[]): Promise<InterviewView[]> {
    const slots = await slotsOf(
      db,
      rows.filter((r) => r.status === 'proposed').map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      applicationId: r.application_id,
      status: r.status,
      startsAt: toDate(r.starts_at),
      durationMinutes: r.duration_minutes,
      timeZone: r.time_zone,
      videoUrl: r.video_url,
      company: r.company_name,
      candidate: fullName(r.candidate_name, r.candidate_last_name),
      offer: r.offer_title,
      slots: slots.filter((s) => s.interview_id === r.id).map((s) => toDate(s.starts_at)!),
      sequence: Number(r.sequence),
    }));
  }

  function checked(raw: Parameters<typeof proposalInput>[0]): Proposal {
    const c = proposalInput(raw, now());
    if (!c.ok) throw new ServiceError('invalid-input', { [c.field]: { key: `interviews.error.${c.field}` } });
    return c.value;
  }

  const links = {
    company: (offerId: number) => `${href('hireSite', 'es', {}, { oferta: String(offerId) })}#applicants`,
    candidate: () => `${href('matchPlatform', 'es')}#interviews`,
  };

  /** The invite both sides receive (the same UID and SEQUENCE): REQUEST, or CANCEL. */
  async function invite(row: InterviewRow, method: 'REQUEST' | 'CANCEL', start: Date) {
    const organizer = row.proposer_id ? await proposerOf(db, row.proposer_id) : undefined;
    return buildInvite(
      {
        method,
        uid: row.uid,
        sequence: Number(row.sequence),
        start,
        end: new Date(start.getTime() + row.duration_minutes * 60_000),
        stamp: now(),
        summary: `${row.offer_title} · ${row.company_name} · ${fullName(row.candidate_name, row.candidate_last_name)}`,
        description: row.video_url ?? '',
        location: row.video_url ?? '',
        organizer: organizer
          ? { name: `${row.company_name} (${fullName(organizer.name, organizer.last_name)})`, email: organizer.email }
          : { name: row.company_name, email: row.candidate_email },
        attendee: { name: fullName(row.candidate_name, row.candidate_last_name), email: row.candidate_email },
      },
      deps.brand,
    );
  }

  /** Tell one side (`kind` names who: interview = the candidate, interview-answer = the company). */
  function event(row: InterviewRow, kind: InterviewEvent['kind'], name: InterviewEventName, calendar?: string, toSide?: Side) {
    const side: Side = toSide ?? (kind === 'interview' ? 'candidate' : 'company');
    const at = toDate(row.starts_at);
    return tell({
      kind,
      event: name,
      interviewId: row.id,
      to: side === 'candidate' ? { userId: row.candidate_id } : { companyId: row.company_id },
      company: row.company_name,
      candidate: fullName(row.candidate_name, row.candidate_last_name),
      offer: row.offer_title,
      at: at ? at.toISOString() : null,
      timeZone: row.time_zone,
      link: side === 'candidate' ? links.candidate() : links.company(row.offer_id),
      ...(calendar ? { calendar } : {}),
    });
  }

  const service = {
    /** The application a proposal form is about, and its open interview (for a move). */
    async forApplication(viewer: Viewer, applicationId: number) {
      const app = await applicationOf(viewer, applicationId);
      const current = await openInterviewOf(db, app.id);
      return {
        application: {
          id: app.id,
          offer: app.offer_title,
          offerId: app.offer_id,
          candidate: fullName(app.candidate_name, app.candidate_last_name),
        },
        interview: current ? (await views([current]))[0]! : null,
      };
    },

    /**
     * Propose slots for an application; when it already has an open interview, this moves it (same UID;
     * back to proposed, its time released; the next invite's SEQUENCE is one more).
     */
    async propose(viewer: Viewer, applicationId: number, raw: Parameters<typeof proposalInput>[0]): Promise<number> {
      const app = await applicationOf(viewer, applicationId);
      const p = checked(raw);
      await limit(`interview-propose:${viewer!.id}`);
      const at = now();
      const { id, moved } = await db.transaction().execute(async (trx) => {
        const current = await openInterviewOf(trx, app.id);
        if (current) {
          const ok = await reopen(trx, current.id, {
            duration_minutes: p.durationMinutes,
            time_zone: p.timeZone,
            video_url: p.videoUrl,
            proposer_id: viewer!.id,
            at,
          });
          if (!ok) throw new ServiceError('conflict', { interview: { key: 'interviews.error.changed' } });
          await replaceSlots(trx, current.id, p.slots);
          return { id: current.id, moved: current.status === 'scheduled' };
        }
        const newId = await insertInterview(trx, {
          company_id: app.company_id,
          candidate_id: app.candidate_id,
          application_id: app.id,
          proposer_id: viewer!.id,
          uid: `interview-${randomUUID()}@${deps.brand.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'tandem'}`,
          duration_minutes: p.durationMinutes,
          time_zone: p.timeZone,
          video_url: p.videoUrl,
          created_at: at,
        });
        await replaceSlots(trx, newId, p.slots);
        return { id: newId, moved: false };
      });
      const row = (await interviewById(db, id))!;
      await event(row, 'interview', moved ? 'moved' : 'proposed');
      return id;
    },

    /** The candidate picks one of the proposed starts. Another interview of the company holding it: 'conflict'. */
    async pick(viewer: Viewer, interviewId: number, startsAt: Date | null): Promise<void> {
      const { row, side } = await open(viewer, interviewId);
      if (side !== 'candidate') throw new ServiceError('not-found');
      if (row.status !== 'proposed') throw new ServiceError('conflict', { interview: { key: 'interviews.error.changed' } });
      if (!startsAt || !(await hasSlot(db, row.id, startsAt)))
        throw new ServiceError('invalid-input', { slot: { key: 'interviews.error.slot' } });
      try {
        const ok = await db.transaction().execute((trx) => schedule(trx, row.id, startsAt, now()));
        if (!ok) throw new ServiceError('conflict', { interview: { key: 'interviews.error.changed' } });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ServiceError('conflict', { slot: { key: 'interviews.error.taken' } });
        throw err;
      }
      const fresh = (await interviewById(db, row.id))!;
      const calendar = await invite(fresh, 'REQUEST', startsAt);
      await event(fresh, 'interview', 'confirmed', calendar);
      await event(fresh, 'interview-answer', 'picked', calendar);
    },

    /** The candidate declines a proposal. After a move, the event in calendars goes too (CANCEL). */
    async decline(viewer: Viewer, interviewId: number): Promise<void> {
      const { row, side } = await open(viewer, interviewId);
      if (side !== 'candidate') throw new ServiceError('not-found');
      if (!(await close(db, row.id, 'declined', 'candidate', ['proposed'], now())))
        throw new ServiceError('conflict', { interview: { key: 'interviews.error.changed' } });
      const fresh = (await interviewById(db, row.id))!;
      // The event in calendars is the one picked before the move; its start matters less than its UID.
      const first = (await slotsOf(db, [row.id]))[0];
      const calendar = row.invited ? await invite(fresh, 'CANCEL', toDate(first?.starts_at) ?? now()) : undefined;
      await event(fresh, 'interview-answer', 'declined', calendar);
    },

    /** Either side cancels a proposed or scheduled interview; both sides are told (with a CANCEL once invited). */
    async cancel(viewer: Viewer, interviewId: number): Promise<void> {
      const { row, side } = await open(viewer, interviewId);
      if (!(await close(db, row.id, 'cancelled', side, ['proposed', 'scheduled'], now())))
        throw new ServiceError('conflict', { interview: { key: 'interviews.error.changed' } });
      const fresh = (await interviewById(db, row.id))!;
      const start = toDate(row.starts_at);
      const calendar = row.invited && start ? await invite(fresh, 'CANCEL', start) : undefined;
      await event(fresh, 'interview', 'cancelled', calendar);
      await event(fresh, 'interview-answer', 'cancelled', calendar);
    },

    /** The viewer's proposed and upcoming interviews (a company's: all its people's). */
    async upcoming(viewer: Viewer): Promise<InterviewView[]> {
      if (!viewer) throw new ServiceError('unauthorized');
      const side =
        viewer.type === 'hire'
          ? await membershipOf(db, viewer.id).then((m) => (m ? { companyId: m.companyId } : null))
          : { candidateId: viewer.id };
      if (!side) return [];
      return views(await openInterviews(db, side, now(), UPCOMING_LIMIT));
    },

    /**
     * The day-before reminders: scheduled interviews starting within REMINDER_AHEAD_MS that were not
     * reminded are marked in the transaction that claims them (one instance at a time: a lease), then both
     * sides are told. A crash between the two loses a reminder rather than sending it twice.
     */
    async sendReminders(): Promise<number | 'busy'> {
      return withLease(db, 'interview-reminders', REMINDER_LEASE_MS, async () => {
        const at = now();
        let sent = 0;
        for (;;) {
          const ids = await db
            .transaction()
            .execute((trx) => claimReminders(trx, at, new Date(at.getTime() + REMINDER_AHEAD_MS), REMINDER_BATCH));
          if (!ids.length) break;
          for (const id of ids) {
            const row = await interviewById(db, id);
            if (!row) continue;
            await event(row, 'interview-reminder', 'reminder', undefined, 'candidate');
            await event(row, 'interview-reminder', 'reminder', undefined, 'company');
            sent++;
          }
        }
        if (sent) log(`[interviews] reminded ${sent} interviews`);
        return sent;
      });
    },
  };
  return service;
}
export type InterviewService = ReturnType<typeof createInterviewService>;
