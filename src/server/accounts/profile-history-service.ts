import 'server-only';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Database } from '../db/client';
import { writeWithPurge } from '../db/page-purges';
import { profileTag } from '../../domain/page-purge';
import { profileSlugOf } from './data/profiles';
import { toDate } from '../db/schema';
import { ServiceError } from '../errors';
import type { MessageKey } from '../../i18n/translate';
import type { RateLimiter, Limit } from '../limits/rate-limit';
import type { UploadStore } from '../uploads/upload-store';
import type { Viewer } from './session';
import {
  byNewest,
  educationSchema,
  experienceSchema,
  historyIssueKey,
  linksSchema,
  MAX_CV_BYTES,
  MAX_ENTRIES,
  type EducationInput,
  type ExperienceInput,
  type Links,
  type LinksInput,
} from '../../domain/profile-history';
import * as data from './data/profile-history';

// A candidate's work history, education, links and CV (decision 050). The owner changes them; whoever may
// see the profile sees the history and links; the CV is read by its owner and by members of the companies
// the candidate applied to, nobody else (404, as for an unknown profile). Ids of someone else's entries
// are not found, like unknown ones.
type ExperienceView = {
  id: number;
  company: string;
  title: string;
  startMonth: string;
  endMonth: string | null;
  description: string | null;
};
type EducationView = { id: number; school: string; degree: string; startYear: number; endYear: number | null };
export type ProfileDetails = {
  experience: ExperienceView[];
  education: EducationView[];
  links: Links;
  /** Only for the owner and the companies they applied to; null otherwise or when there is none. */
  cv: { bytes: number; uploadedAt: string } | null;
};
export type ApplicantProfile = ProfileDetails & { slug: string; name: string };

/** Uploads per candidate: a few replacements an hour is plenty; a loop is not. */
const CV_UPLOAD_LIMIT: Limit = { max: 10, windowMs: 60 * 60_000 };
/** Entry and link writes per candidate. */
const HISTORY_WRITE_LIMIT: Limit = { max: 120, windowMs: 60 * 60_000 };

/** A PDF by its content: the %PDF- header first, and an end-of-file marker after a startxref near the end. */
export function isPdf(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 64) return false;
  const head = Buffer.from(bytes.subarray(0, 8)).toString('latin1');
  if (!/^%PDF-[12]\.\d/.test(head)) return false;
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.byteLength - 1024))).toString('latin1');
  const eof = tail.lastIndexOf('%%EOF');
  const xref = tail.lastIndexOf('startxref');
  return eof > 0 && xref >= 0 && xref < eof && /^\s*$/.test(tail.slice(eof + 5));
}

/** A file name for the download: ASCII letters, digits and dashes only (no quotes, no paths). */
export function cvFileName(name: string, lastName: string): string {
  const base = `${name} ${lastName}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `cv-${base || 'candidate'}.pdf`;
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const fields: ServiceError['fields'] = {};
  for (const i of r.error.issues) {
    const f = String(i.path[0] ?? 'form');
    if (fields[f]) continue;
    const key = historyIssueKey(i) as MessageKey;
    fields[f] = i.code === 'too_big' ? { key, params: { max: Number(i.maximum) } } : { key };
  }
  throw new ServiceError('invalid-input', fields);
}

type Deps = { store: UploadStore; limiter?: () => Promise<RateLimiter> };

export function createProfileHistoryService(database: Database, { store, limiter }: Deps) {
  const { db } = database;

  const candidate = (viewer: Viewer): number => {
    if (!viewer || viewer.type !== 'match') throw new ServiceError('forbidden');
    return viewer.id;
  };
  const limit = async (key: string, rate: Limit) => {
    if (!limiter) return;
    const r = await (await limiter()).hit(key, rate);
    if (!r.allowed) throw new ServiceError('rate-limited', {}, { retryAfterSeconds: r.retryAfterSeconds });
  };
  const write = async (userId: number) => limit(`profile:write:${userId}`, HISTORY_WRITE_LIMIT);
  /** A write the public profile shows, with the purge of its page in the same transaction (decision 058). */
  const changed = <T>(userId: number, w: (trx: Transaction<DB>) => Promise<T>): Promise<T> =>
    writeWithPurge(
      db,
      async (trx) => ({ out: await w(trx), slug: await profileSlugOf(trx, userId) }),
      ({ slug }) => (slug ? { tags: [profileTag(slug)] } : null),
    ).then((r) => r.out);
  const full = async (table: 'profile_experience' | 'profile_education', userId: number, field: string) => {
    if ((await data.countEntries(db, table, userId)) >= MAX_ENTRIES)
      throw new ServiceError('invalid-input', { [field]: { key: 'profileHistory.error.tooMany', params: { max: MAX_ENTRIES } } });
  };

  async function details(userId: number, withCv: boolean): Promise<ProfileDetails> {
    const [exp, edu, docs] = await Promise.all([data.experienceOf(db, userId), data.educationOf(db, userId), data.documentsOf(db, userId)]);
    const experience = exp
      .map((e) => ({
        id: e.id,
        company: e.company,
        title: e.title,
        startMonth: e.start_month,
        endMonth: e.end_month,
        description: e.description,
      }))
      .sort((a, b) => byNewest({ start: a.startMonth, end: a.endMonth }, { start: b.startMonth, end: b.endMonth }));
    const education = edu
      .map((e) => ({ id: e.id, school: e.school, degree: e.degree, startYear: e.start_year, endYear: e.end_year }))
      .sort((a, b) =>
        byNewest(
          { start: String(a.startYear), end: a.endYear === null ? null : String(a.endYear) },
          { start: String(b.startYear), end: b.endYear === null ? null : String(b.endYear) },
        ),
      );
    return {
      experience,
      education,
      links: { linkedin_url: docs?.linkedin_url ?? null, github_url: docs?.github_url ?? null, portfolio_url: docs?.portfolio_url ?? null },
      cv: withCv && docs?.cv_key ? { bytes: docs.cv_bytes ?? 0, uploadedAt: toDate(docs.cv_uploaded_at)!.toISOString() } : null,
    };
  }

  /** May this viewer read this candidate's CV: the owner, or a member of a company they applied to. */
  const mayReadCv = async (candidateId: number, viewer: Viewer) =>
    !!viewer && (viewer.id === candidateId || (viewer.type === 'hire' && (await data.appliedToCompanyOf(db, candidateId, viewer.id))));

  return {
    /** What the profile page shows, once the profile service said this viewer may see the profile. */
    async forProfile(userId: number, viewer: Viewer): Promise<ProfileDetails> {
      return details(userId, await mayReadCv(userId, viewer));
    },

    /** A company's view of one applicant (their application's id): 404 for anyone but the offer's company. */
    async applicantProfile(viewer: Viewer, applicationId: number): Promise<ApplicantProfile> {
      if (!viewer || viewer.type !== 'hire') throw new ServiceError('not-found');
      const c = await data.applicationCandidateFor(db, applicationId, viewer.id);
      if (!c?.profile_slug) throw new ServiceError('not-found');
      return { ...(await details(c.id, true)), slug: c.profile_slug, name: `${c.name} ${c.last_name}`.trim() };
    },

    /** Which of these applications (to the viewer's company) come with a CV: for a list of applicants. */
    async applicationsWithCv(viewer: Viewer, applicationIds: number[]): Promise<Set<number>> {
      if (viewer?.type !== 'hire') return new Set();
      return new Set(await data.applicationsWithCv(db, applicationIds.slice(0, 500), viewer.id));
    },

    async addExperience(viewer: Viewer, input: ExperienceInput): Promise<void> {
      const userId = candidate(viewer);
      const e = parse(experienceSchema, input);
      await write(userId);
      await full('profile_experience', userId, 'company');
      await changed(userId, (trx) => data.insertExperience(trx, userId, e));
    },
    async updateExperience(viewer: Viewer, id: number, input: ExperienceInput): Promise<void> {
      const userId = candidate(viewer);
      const e = parse(experienceSchema, input);
      await write(userId);
      if (!(await changed(userId, (trx) => data.updateExperience(trx, userId, id, e)))) throw new ServiceError('not-found');
    },
    async removeExperience(viewer: Viewer, id: number): Promise<void> {
      const userId = candidate(viewer);
      if (!(await changed(userId, (trx) => data.deleteEntry(trx, 'profile_experience', userId, id)))) throw new ServiceError('not-found');
    },
    async addEducation(viewer: Viewer, input: EducationInput): Promise<void> {
      const userId = candidate(viewer);
      const e = parse(educationSchema, input);
      await write(userId);
      await full('profile_education', userId, 'school');
      await changed(userId, (trx) => data.insertEducation(trx, userId, e));
    },
    async updateEducation(viewer: Viewer, id: number, input: EducationInput): Promise<void> {
      const userId = candidate(viewer);
      const e = parse(educationSchema, input);
      await write(userId);
      if (!(await changed(userId, (trx) => data.updateEducation(trx, userId, id, e)))) throw new ServiceError('not-found');
    },
    async removeEducation(viewer: Viewer, id: number): Promise<void> {
      const userId = candidate(viewer);
      if (!(await changed(userId, (trx) => data.deleteEntry(trx, 'profile_education', userId, id)))) throw new ServiceError('not-found');
    },
    async saveLinks(viewer: Viewer, input: LinksInput): Promise<void> {
      const userId = candidate(viewer);
      const links = parse(linksSchema, input);
      await write(userId);
      await changed(userId, (trx) => data.saveDocuments(trx, userId, links));
    },

    /** Store a new CV (checked by its content) in place of the old one. */
    async uploadCv(viewer: Viewer, bytes: Uint8Array | undefined): Promise<void> {
      const userId = candidate(viewer);
      if (!bytes?.byteLength) throw new ServiceError('invalid-input', { cv: { key: 'profileHistory.error.cvMissing' } });
      if (bytes.byteLength > MAX_CV_BYTES)
        throw new ServiceError('invalid-input', { cv: { key: 'profileHistory.error.cvTooLarge', params: { mb: 5 } } });
      if (!isPdf(bytes)) throw new ServiceError('invalid-input', { cv: { key: 'profileHistory.error.cvType' } });
      await limit(`profile:cv:${userId}`, CV_UPLOAD_LIMIT);
      const old = await data.documentsOf(db, userId);
      // A random name: knowing someone's id is not enough to find their CV in a bucket listing or a log.
      const key = `cvs/${userId}-${randomBytes(16).toString('hex')}.pdf`;
      await store.put(key, bytes, 'application/pdf');
      await data.saveDocuments(db, userId, { cv_key: key, cv_bytes: bytes.byteLength, cv_uploaded_at: new Date() });
      const oldKey = old?.cv_key;
      if (oldKey) await store.delete(oldKey).catch((e: unknown) => console.warn(`[cv] could not remove ${oldKey}:`, e));
    },
    async removeCv(viewer: Viewer): Promise<void> {
      const userId = candidate(viewer);
      const oldKey = (await data.documentsOf(db, userId))?.cv_key;
      if (!oldKey) return;
      await data.saveDocuments(db, userId, { cv_key: null, cv_bytes: null, cv_uploaded_at: null });
      await store.delete(oldKey).catch((e: unknown) => console.warn(`[cv] could not remove ${oldKey}:`, e));
    },

    /** The CV of a profile for this viewer, or not-found (unknown, none, or not theirs to read). */
    async cv(viewer: Viewer, slug: string): Promise<{ bytes: Uint8Array; fileName: string }> {
      const c = await data.candidateBySlug(db, slug);
      if (!c || !(await mayReadCv(c.id, viewer))) throw new ServiceError('not-found');
      const docs = await data.documentsOf(db, c.id);
      const stored = docs?.cv_key ? await store.get(docs.cv_key) : null;
      if (!stored) throw new ServiceError('not-found');
      return { bytes: stored.bytes, fileName: cvFileName(c.name, c.last_name) };
    },
  };
}
export type ProfileHistoryService = ReturnType<typeof createProfileHistoryService>;
