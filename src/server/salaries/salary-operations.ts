import 'server-only';
import type { Database } from '../db/client';
import { toDate } from '../db/schema';
import { ServiceError } from '../errors';
import { dismissFlag, flagOf, outlierPage, removeReport, sourceSummaries } from './data/operations';
import { SOURCES } from './importers';

// The operators' salary-data section (decision 075): each source with its count, kind, licence, last import
// and collection dates (from the summary the aggregates' rebuild keeps: never a count of the reports on a
// request); the outliers the rebuild flagged; removing a report (tombstoned, so a re-import does not bring it
// back; the aggregates follow at the background runner's next check) or dismissing its flag. Every action
// writes the operators' audit log, before and after.

const PAGE_SIZE = 50;
const REASON_MIN = 3;
const REASON_MAX = 500;

type Actor = { id: number; email: string };
type Record = (entry: {
  actor: { kind: 'operator'; userId: number; email: string };
  action: string;
  target: { type: string; id: number };
  before: unknown;
  after: unknown;
}) => Promise<void>;

/** A reason typed in a form: required, 3 to 500 characters. */
function reasonOf(raw: string | undefined): string {
  const why = (raw ?? '').trim();
  if (!why) throw new ServiceError('invalid-input', { reason: { key: 'api.field.required' } });
  if (why.length < REASON_MIN)
    throw new ServiceError('invalid-input', { reason: { key: 'api.field.tooShort', params: { min: REASON_MIN } } });
  if (why.length > REASON_MAX)
    throw new ServiceError('invalid-input', { reason: { key: 'api.field.tooLong', params: { max: REASON_MAX } } });
  return why;
}

export function createSalaryOperations(database: Database, { record }: { record: Record }, now: () => number = Date.now) {
  const { db } = database;
  const actorOf = (a: Actor) => ({ kind: 'operator' as const, userId: a.id, email: a.email });

  return {
    /** Every known source, with its summary and its last import run. */
    async sources() {
      const rows = await sourceSummaries(db, Object.keys(SOURCES));
      return rows.map((r) => ({
        ...r,
        licence: SOURCES[r.source]!.licence,
        name: SOURCES[r.source]!.name,
        demo: SOURCES[r.source]!.licence === 'demo',
      }));
    },

    /** The flagged reports, newest first, PAGE_SIZE a page; `next` is the cursor of the following page. */
    async outliers(before: number | null) {
      const rows = await outlierPage(db, before, PAGE_SIZE + 1);
      const items = rows.slice(0, PAGE_SIZE).map((r) => ({
        ...r,
        amount: Number(r.amount),
        p25: Number(r.p25),
        p75: Number(r.p75),
        fence_low: Number(r.fence_low),
        fence_high: Number(r.fence_high),
        flagged_at: toDate(r.flagged_at)!,
      }));
      return { items, next: rows.length > PAGE_SIZE ? items.at(-1)!.report_id : null };
    },

    /** Remove a report for good, with its tombstone; the aggregates are rebuilt in the background. */
    async remove(actor: Actor, reportId: number, rawReason: string | undefined) {
      const reason = reasonOf(rawReason);
      const flag = await flagOf(db, reportId);
      const removed = await removeReport(db, reportId, { reason, by: actor.email.slice(0, 300), at: new Date(now()) });
      if (!removed) throw new ServiceError('not-found');
      await record({
        actor: actorOf(actor),
        action: 'salary.remove',
        target: { type: 'salary-report', id: reportId },
        before: {
          source: removed.source,
          externalId: removed.external_id,
          country: removed.country,
          role: removed.role,
          seniority: removed.seniority,
          amount: Number(removed.amount),
          currency: removed.currency,
          period: removed.period,
          usdMonth: removed.usd_month,
          collectedAt: removed.collected_at.toISOString(),
          fences: flag
            ? { p25: Number(flag.p25), p75: Number(flag.p75), low: Number(flag.fence_low), high: Number(flag.fence_high) }
            : null,
        },
        after: { removed: true, reason, tombstone: { source: removed.source, externalId: removed.external_id } },
      });
    },

    /** Keep a flagged report: the flag goes for good (the rebuild does not flag it again). */
    async dismiss(actor: Actor, reportId: number, rawReason: string | undefined) {
      const reason = reasonOf(rawReason);
      const flag = await flagOf(db, reportId);
      if (!flag || !(await dismissFlag(db, reportId, { reason, by: actor.email.slice(0, 300), at: new Date(now()) })))
        throw new ServiceError('not-found');
      await record({
        actor: actorOf(actor),
        action: 'salary.dismiss',
        target: { type: 'salary-report', id: reportId },
        before: { flagged: true, usdMonth: flag.usd_month, p25: Number(flag.p25), p75: Number(flag.p75) },
        after: { flagged: false, reason },
      });
    },
  };
}
