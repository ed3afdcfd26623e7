import 'server-only';
import { isCountry, isRole, type CountryId, type RoleId } from '../../domain/catalog';
import type { ProfileFacts } from '../../domain/profile-completeness';
import type { Database } from '../db/client';
import { toDate } from '../db/schema';
import {
  applicationOf,
  applicationsOfCandidate,
  candidateProfile,
  candidateProfileFacts,
  insertApplication,
  isCompanyUser,
  offerBySlug,
  offerCountries,
  offerSkills,
  type OfferRow,
} from './data/public-offers';
import { ServiceError, isUniqueViolation } from '../errors';
import type { CompanyView } from '../accounts/company-view';
import { storedList, storedStack } from '../../domain/company-profile';

// The candidate side of the marketplace (decision 016): reading an offer, applying once, following
// one's applications. An offer is open while it is published and before its valid_through; a closed or
// expired offer is still shown (410) so that old links explain themselves; drafts and paused offers are
// visible to their company only.
export type OfferState = 'open' | 'paused' | 'closed' | 'expired' | 'draft';
export type { Viewer } from '../accounts/session';
import type { Viewer } from '../accounts/session';
import { moderationOf } from './data/moderation';

export type OfferView = {
  id: number;
  slug: string;
  title: string;
  area: string;
  role: string;
  seniority: 'junior' | 'mid' | 'senior';
  english: string | null;
  modality: string;
  country: string;
  city: string | null;
  employmentType: string;
  description: string;
  salary: {
    min: number;
    max: number;
    currency: string;
    period: 'month' | 'year';
    gross: boolean;
    minUsdMonth: number;
    maxUsdMonth: number;
  };
  state: OfferState;
  publishedAt: Date | null;
  validThrough: Date | null;
  updatedAt: Date | null;
  isDemo: boolean;
  /** The offering company as the offer page's company box shows it (decision 086). */
  company: CompanyView;
  skills: { skill: string; required: boolean }[];
  allowedCountries: string[];
  /** The viewer's own application, if any. */
  application: { id: number; status: string; createdAt: Date | null } | null;
  /** The viewer belongs to the offering company. */
  own: boolean;
};

export function stateOf(row: Pick<OfferRow, 'status' | 'valid_through'>, now: Date): OfferState {
  if (row.status === 'published') {
    const until = toDate(row.valid_through);
    return until && until.getTime() <= now.getTime() ? 'expired' : 'open';
  }
  return row.status;
}

/** What the offers domain tells others (the notification service, wired by the container). */
export type ApplicationEvent = {
  kind: 'application-new' | 'application-status';
  applicationId: number;
  /** A status change's message from the company to the candidate (the rejection's, decision 048). */
  message?: string;
};

export function createApplicationService(
  database: Database,
  deps: { now?: () => Date; notify?: (e: ApplicationEvent) => Promise<void> } = {},
) {
  const { db } = database;
  const now = deps.now ?? (() => new Date());

  async function load(slug: string, viewer: Viewer): Promise<{ row: OfferRow; state: OfferState; own: boolean }> {
    const row = await offerBySlug(db, slug);
    // An offer an operator hid or removed is no page for anyone (decision 071).
    if (!row || (await moderationOf(db, row.id))) throw new ServiceError('not-found');
    const own = viewer?.type === 'hire' && !!(await isCompanyUser(db, row.company_id, viewer.id));
    const state = stateOf(row, now());
    if ((state === 'draft' || state === 'paused') && !own) throw new ServiceError('not-found');
    return { row, state, own };
  }

  return {
    /** The offer page's data; not-found for unknown slugs and for drafts or paused offers of other companies. */
    async offer(slug: string, viewer: Viewer): Promise<OfferView> {
      const { row, state, own } = await load(slug, viewer);
      const [skills, allowedCountries, application] = await Promise.all([
        offerSkills(db, row.id),
        offerCountries(db, row.id),
        viewer?.type === 'match' ? applicationOf(db, row.id, viewer.id) : Promise.resolve(undefined),
      ]);
      return {
        id: row.id,
        slug: row.slug,
        title: row.title,
        area: row.area,
        role: row.role,
        seniority: row.seniority as OfferView['seniority'],
        english: row.english,
        modality: row.modality,
        country: row.country,
        city: row.city,
        employmentType: row.employment_type,
        description: row.description,
        salary: {
          min: Number(row.salary_min),
          max: Number(row.salary_max),
          currency: row.currency,
          period: row.period,
          gross: !!row.gross,
          minUsdMonth: row.salary_min_usd_month,
          maxUsdMonth: row.salary_max_usd_month,
        },
        state,
        publishedAt: toDate(row.published_at),
        validThrough: toDate(row.valid_through),
        updatedAt: toDate(row.updated_at),
        isDemo: !!row.is_demo,
        company: {
          id: row.company_id,
          name: row.company_name,
          slug: row.company_slug,
          logo: row.company_logo,
          website: row.company_website,
          size: row.company_size,
          country: row.company_country,
          location: row.company_location,
          description: row.company_description,
          perks: storedList(row.company_perks),
          stack: storedStack(row.company_tech_stack),
        },
        skills,
        allowedCountries,
        application: application ? { id: application.id, status: application.status, createdAt: toDate(application.created_at) } : null,
        own,
      };
    },

    /** What the offer page shows only to the signed-in visitor: their application, whether the offer is theirs. */
    async viewerState(
      slug: string,
      viewer: Viewer,
    ): Promise<{ application: { status: string; createdAt: string | null } | null; own: boolean }> {
      const { row, own } = await load(slug, viewer);
      const application = viewer?.type === 'match' ? await applicationOf(db, row.id, viewer.id) : undefined;
      const createdAt = application ? toDate(application.created_at) : null;
      return { application: application ? { status: application.status, createdAt: createdAt?.toISOString() ?? null } : null, own };
    },

    /**
     * Apply to an open offer, once. Candidates only (a company account is refused); a closed or expired offer
     * is 'gone'; a second application is a 'conflict' that names the first (also under concurrent clicks).
     */
    async apply(slug: string, viewer: Viewer): Promise<{ id: number; status: string; created: boolean }> {
      if (!viewer) throw new ServiceError('unauthorized');
      if (viewer.type !== 'match') throw new ServiceError('forbidden');
      const { row, state } = await load(slug, viewer);
      const existing = await applicationOf(db, row.id, viewer.id);
      if (existing) throw new ServiceError('conflict', { offer: { key: 'offer.alreadyApplied' } });
      if (state !== 'open') throw new ServiceError('gone');
      try {
        const created = await insertApplication(db, row.id, viewer.id, now());
        // The company hears of it (never the applicant's failure: notify logs what it cannot do).
        await deps.notify?.({ kind: 'application-new', applicationId: created.id });
        return { id: created.id, status: created.status, created: true };
      } catch (err) {
        if (isUniqueViolation(err)) throw new ServiceError('conflict', { offer: { key: 'offer.alreadyApplied' } });
        throw err;
      }
    },

    /** The parts of a candidate's profile that pick recommended offers (catalog ids, or undefined). */
    async profileOf(userId: number): Promise<{ role?: RoleId; country?: CountryId; seniority?: 'junior' | 'mid' | 'senior' } | null> {
      const p = await candidateProfile(db, userId);
      if (!p) return null;
      return {
        role: isRole(p.role) ? p.role : undefined,
        country: isCountry(p.country) ? p.country : undefined,
        seniority: p.seniority === 'junior' || p.seniority === 'mid' || p.seniority === 'senior' ? p.seniority : undefined,
      };
    },

    /** The facts the workspace's completeness meter weighs; null without a profile row. */
    async profileFacts(userId: number): Promise<ProfileFacts | null> {
      const p = await candidateProfileFacts(db, userId);
      if (!p) return null;
      return {
        role: p.role,
        seniority: p.seniority,
        country: p.country,
        headline: p.headline,
        years: p.years,
        english: p.english,
        skills: Number(p.skill_count ?? 0),
        salaryExpectation: p.salary_expectation_usd,
        isPublic: !!p.is_public,
      };
    },

    /** A candidate's applications, newest change first, with the offer's own state. */
    async applications(candidateId: number) {
      const rows = await applicationsOfCandidate(db, candidateId);
      const at = now();
      return rows.map((r) => ({
        id: r.id,
        status: r.status,
        createdAt: toDate(r.created_at),
        updatedAt: toDate(r.updated_at),
        // The company's message when it did not select them (decision 048); its reason is never shown.
        message: r.status === 'rejected' ? r.rejection_message : null,
        offer: {
          slug: r.slug,
          title: r.title,
          company: r.company_name,
          state: stateOf({ status: r.offer_status, valid_through: r.valid_through }, at),
        },
      }));
    },
  };
}
export type ApplicationService = ReturnType<typeof createApplicationService>;
