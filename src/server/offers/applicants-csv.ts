import 'server-only';
import { stringify } from 'csv-stringify/sync';
import { isId } from '../../domain/ids';
import type { Locale } from '../../i18n/locales';
import { getT, translateIn } from '../../i18n/translate';
import type { Viewer } from '../accounts/session';
import { companyOfUser } from '../accounts/company-membership';
import type { Database } from '../db/client';
import { toDate } from '../db/schema';
import { ServiceError } from '../errors';
import { companyOffer } from './data/company-offers';
import { answersOf, applicantRows, questionsOf } from './data/screening';

// An offer's applicants as a spreadsheet for its company (decision 049): RFC 4180 (CRLF, quotes doubled) in
// UTF-8 with a BOM (so Excel reads the accents), written by csv-stringify. A cell a spreadsheet would run as a
// formula (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe (OWASP's advice).
const FORMULA = /^[=+\-@\t\r]/;
export const neutralise = (cell: string) => (FORMULA.test(cell) ? `'${cell}` : cell);

export function createApplicantsCsv(database: Database) {
  const { db } = database;
  return {
    /** The CSV of one of the company's offers; another company's offer is not-found. */
    async applicantsCsv(viewer: Viewer, offerId: number, locale: Locale): Promise<{ filename: string; body: string }> {
      if (!viewer) throw new ServiceError('unauthorized');
      if (viewer.type !== 'hire') throw new ServiceError('forbidden');
      const company = await companyOfUser(db, viewer.id);
      if (!company) throw new ServiceError('forbidden');
      const offer = isId(offerId) ? await companyOffer(db, company.id, offerId) : undefined;
      if (!offer) throw new ServiceError('not-found');
      const t = getT(locale);
      const [rows, questions] = await Promise.all([applicantRows(db, offer.id), questionsOf(db, offer.id)]);
      const answers = rows.length
        ? await answersOf(
            db,
            rows.map((r) => r.id),
          )
        : [];
      // One column per question: today's questions in their order, then any older one someone answered.
      const columns = questions.map((q) => q.label);
      for (const a of answers) if (!columns.includes(a.question)) columns.push(a.question);
      const byApp = new Map<number, Map<string, { kind: string; answer: string }>>();
      for (const a of answers)
        (byApp.get(a.application_id) ?? byApp.set(a.application_id, new Map()).get(a.application_id)!).set(a.question, a);
      const word = (a: { kind: string; answer: string } | undefined) =>
        !a ? '' : a.kind === 'yes-no' ? t(a.answer === 'yes' ? 'applying.answers.yes' : 'applying.answers.no') : a.answer;
      const header = [
        t('applying.csv.name'),
        t('applying.csv.email'),
        t('applying.csv.status'),
        t('applying.csv.appliedAt'),
        t('applying.csv.coverNote'),
        ...columns,
      ];
      const records = rows.map((r) => [
        `${r.name} ${r.last_name}`.trim(),
        r.email,
        translateIn(t, 'application.status', r.status),
        toDate(r.created_at)?.toISOString() ?? '',
        r.cover_note ?? '',
        ...columns.map((c) => word(byApp.get(r.id)?.get(c))),
      ]);
      const body = stringify(
        [header, ...records].map((cells) => cells.map(neutralise)),
        { bom: true, record_delimiter: 'windows' },
      );
      return { filename: `${offer.slug}-applicants.csv`, body };
    },
  };
}
export type ApplicantsCsv = ReturnType<typeof createApplicantsCsv>;
