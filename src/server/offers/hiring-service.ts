import 'server-only';
import { usdRate } from '../salaries/fx-rates';
import { writeWithPurge } from '../db/page-purges';
import { offersForPurge, offersPurge } from './offer-purge';
import { randomBytes } from 'node:crypto';
import { roles } from '../../domain/catalog';
import type { OfferInput } from '../../domain/offer-input';
import { slugify } from '../../domain/slug';
import type { Database } from '../db/client';
import { toDate } from '../db/schema';
import { z } from 'zod';
import { decodeCursor, readPage, keyId, keysetPage, keyTime, keyValue, type KeyValue } from '../db/keyset';
import {
  applicantCounts,
  companyOffer,
  companyOffers,
  countCompanyOffers,
  expireDue,
  insertOffer,
  offerLists,
  replaceOfferLists,
  setOfferStatusIf,
  skillsOfUsers,
  takenSlugs,
  updateOffer,
  type OfferStatus,
  type OfferWrite,
} from './data/company-offers';
import { certificateCounts, type CandidateFilter } from './data/candidates';
import { createMarketCheck } from './market-check';
import { candidateKey, candidateTotals, readCandidates } from './candidate-browser';
import { isId } from '../../domain/ids';
import { isUniqueViolation } from '../errors';
import type { RateLimiter } from '../limits/rate-limit';
import { createOfferDrafts } from './offer-drafts';
import { createPipeline } from './pipeline-service';
import { companyOfUser } from '../accounts/company-membership';
import { stateOf, type OfferState } from './application-service';
import { ServiceError } from '../errors';
import type { SalaryService } from '../salaries/salary-service';

// The company side of the marketplace (decision 015): publishing offers (free, immediate, 60 days), pausing,
// closing and renewing them, following applicants through the pipeline, browsing public candidates, and the
// market check shown while an offer is written. Only a company's own users see or change its offers and applicants.
const OFFER_DAYS = 60;
export { PIPELINE } from '../../domain/pipeline';
export type OfferAction = 'publish' | 'pause' | 'resume' | 'close' | 'renew';
import type { Viewer } from '../accounts/session';
import type { ApplicationEvent } from './application-service';
const DAY = 86_400_000;
const CANDIDATES_PER_PAGE = 20;
const OFFERS_PER_PAGE = 30; // keeps the workspace under 300 kB of HTML (each offer carries its counts and actions)
// The sort keys the lists' cursors carry (decision 054): anything else is no cursor, the first page.
const offerKey = z.tuple([keyTime, keyId]);

/** An offer's slug: at most 100 characters, never ending on a dash (not even when cut). */
const offerSlug = (s: string) => slugify(s, 100).replace(/-$/, '');

/** Which actions an offer in a state allows (the workspace shows exactly these). */
export function allowedActions(state: OfferState): OfferAction[] {
  switch (state) {
    case 'draft':
      return ['publish'];
    case 'open':
      return ['pause', 'close', 'renew'];
    case 'paused':
      return ['resume', 'close'];
    case 'expired':
      return ['renew', 'close'];
    case 'closed':
      return ['renew'];
  }
}

export function createHiringService(
  database: Database,
  deps: {
    salaries: () => Promise<SalaryService>;
    limiter?: () => Promise<RateLimiter>;
    now?: () => Date;
    notify?: (e: ApplicationEvent) => Promise<void>; // the candidate hears of each move (wired by the container)
    /** The data version candidate totals are kept under (default: the public-pages generation, checked once a second). */
    version?: () => number | Promise<number>;
  },
) {
  const { db } = database;
  const now = deps.now ?? (() => new Date());
  const candidateTotal = candidateTotals(db, deps.version);

  async function companyFor(viewer: Viewer) {
    if (!viewer) throw new ServiceError('unauthorized');
    if (viewer.type !== 'hire') throw new ServiceError('forbidden');
    const company = await companyOfUser(db, viewer.id);
    if (!company) throw new ServiceError('forbidden');
    return company;
  }
  /** The company's offer. Another company's offer answers like an unknown id, so ids do not leak. */
  async function ownOffer(viewer: Viewer, id: number) {
    const company = await companyFor(viewer);
    const row = isId(id) ? await companyOffer(db, company.id, id) : undefined;
    if (!row) throw new ServiceError('not-found');
    return { company, row };
  }

  async function usdMonth(amount: number, currency: string, period: 'month' | 'year'): Promise<number> {
    let rate = 1;
    if (currency !== 'USD') {
      const fx = await usdRate(db, currency);
      if (fx === null) throw new ServiceError('invalid-input', { currency: { key: 'hire.error.noRate' } });
      rate = fx;
    }
    return Math.round(amount / rate / (period === 'year' ? 12 : 1));
  }
  async function toWrite(o: OfferInput): Promise<OfferWrite> {
    return {
      title: o.title,
      area: o.area,
      role: o.role,
      seniority: o.seniority,
      english: o.english,
      modality: o.modality,
      country: o.country,
      city: o.city,
      employment_type: o.employmentType,
      description: o.description,
      salary_min: o.salaryMin,
      salary_max: o.salaryMax,
      currency: o.currency,
      period: o.period,
      salary_min_usd_month: await usdMonth(o.salaryMin, o.currency, o.period),
      salary_max_usd_month: await usdMonth(o.salaryMax, o.currency, o.period),
    };
  }
  /** The first free slug of root, root-2, root-3... (one query); after `skip` lost races, a random suffix. */
  async function uniqueSlug(base: string, attempt: number): Promise<string> {
    const root = offerSlug(base) || 'oferta';
    if (attempt >= 8) return `${root}-${randomBytes(4).toString('hex')}`;
    const taken = new Set(await takenSlugs(db, root));
    for (let i = 1; ; i++) {
      const slug = i === 1 ? root : `${root}-${i}`;
      if (!taken.has(slug)) return slug;
    }
  }

  /** An offer as the company's list shows it. */
  const listed = (
    r: Pick<OfferWrite, 'title' | 'country' | 'role'> & {
      id: number;
      slug: string;
      status: OfferStatus;
      published_at: Date | string | null;
      valid_through: Date | string | null;
    },
    applicants: number,
    at: Date,
  ) => {
    const state = stateOf(r, at);
    return {
      id: r.id,
      slug: r.slug,
      title: r.title,
      state,
      applicants,
      country: r.country,
      role: r.role,
      publishedAt: toDate(r.published_at),
      validThrough: toDate(r.valid_through),
      actions: allowedActions(state),
    };
  };

  const service = {
    companyFor,

    /** Create an offer (a draft, or published at once) or update one of the company's offers. */
    async save(
      viewer: Viewer,
      input: OfferInput,
      opts: { id?: number; publish: boolean },
    ): Promise<{ id: number; slug: string; status: string }> {
      const at = now();
      const write = await toWrite(input);
      if (opts.id !== undefined) {
        const { row } = await ownOffer(viewer, opts.id);
        // Its page, its company's, and the lists it was in and is in now (decision 058).
        await writeWithPurge(
          db,
          async (trx) => {
            const before = await offersForPurge(trx, { ids: [row.id] });
            await updateOffer(trx, row.id, write, at);
            await replaceOfferLists(trx, row.id, input.skillsRequired, input.skillsNice, input.allowedCountries);
            return offersPurge([...before, ...(await offersForPurge(trx, { ids: [row.id] }))], at);
          },
          (purge) => purge,
        );
        if (opts.publish && row.status === 'draft') return { ...(await service.act(viewer, row.id, 'publish')), slug: row.slug };
        return { id: row.id, slug: row.slug, status: row.status };
      }
      const company = await companyFor(viewer);
      const status = opts.publish ? 'published' : 'draft';
      for (let attempt = 0; ; attempt++) {
        const slug = await uniqueSlug([input.title, company.name, input.city ?? ''].join(' '), attempt);
        try {
          const saved = await writeWithPurge(
            db,
            async (trx) => {
              const created = await insertOffer(
                trx,
                company.id,
                slug,
                write,
                status,
                at,
                opts.publish ? new Date(at.getTime() + OFFER_DAYS * DAY) : null,
              );
              await replaceOfferLists(trx, created.id, input.skillsRequired, input.skillsNice, input.allowedCountries);
              const purge = opts.publish ? offersPurge(await offersForPurge(trx, { ids: [created.id] }), at) : null;
              return { saved: { id: created.id, slug: created.slug, status }, purge };
            },
            // A draft is on no public page yet.
            (out) => out.purge,
          );
          return saved.saved;
        } catch (err) {
          // Offers with the same title at once: the slug's unique index decides, the others take the next one.
          if (attempt < 12 && isUniqueViolation(err)) continue;
          throw err;
        }
      }
    },

    /** Publish, pause, resume, close or renew; an action the offer's state does not allow is refused. */
    async act(viewer: Viewer, id: number, action: OfferAction): Promise<{ id: number; status: string }> {
      const { row } = await ownOffer(viewer, id);
      const at = now();
      const state = stateOf(row, at);
      if (!allowedActions(state).includes(action)) throw new ServiceError('conflict', { action: { key: 'hire.error.action' } });
      const until = new Date(at.getTime() + OFFER_DAYS * DAY);
      const next =
        action === 'publish'
          ? { status: 'published' as const, published_at: at, valid_through: until }
          : action === 'renew'
            ? { status: 'published' as const, valid_through: until, ...(row.published_at ? {} : { published_at: at }) }
            : action === 'pause'
              ? { status: 'paused' as const }
              : action === 'resume'
                ? { status: 'published' as const }
                : { status: 'closed' as const };
      // Only from the state it was read in: of actions racing on one offer, one wins and the others hear 409.
      const changed = await writeWithPurge(
        db,
        async (trx) => {
          const before = await offersForPurge(trx, { ids: [row.id] });
          if (!(await setOfferStatusIf(trx, row.id, { status: row.status, open: state === 'open' }, next, at))) return null;
          return offersPurge([...before, ...(await offersForPurge(trx, { ids: [row.id] }))], at);
        },
        (purge) => purge,
      );
      if (!changed) throw new ServiceError('conflict', { action: { key: 'hire.error.action' } });
      return { id: row.id, status: next.status };
    },

    /**
     * The company's offers, last changed first, 50 at a time (decision 054): each with its state, applicant
     * count and allowed actions, the total, and the cursor of the next page (null on the last).
     */
    async offers(viewer: Viewer, cursor?: string | null) {
      const company = await companyFor(viewer);
      const at = now();
      const read = (key: readonly KeyValue[] | null) => companyOffers(db, company.id, key, OFFERS_PER_PAGE + 1);
      const [total, first] = await Promise.all([countCompanyOffers(db, company.id), readPage(decodeCursor(cursor, offerKey), read)]);
      const { after, rows } = first;
      const counts = await applicantCounts(
        db,
        rows.slice(0, OFFERS_PER_PAGE).map((r) => r.id),
      );
      const page = keysetPage(rows, {
        perPage: OFFERS_PER_PAGE,
        total,
        after,
        keyOf: (r) => [keyValue(r.updated_at), r.id],
        map: (r) => listed(r, counts.get(r.id) ?? 0, at),
      });
      return { company, ...page, offers: page.items };
    },

    /** One of the company's offers as its list shows it (an offer asked about that is not on the page shown). */
    async listedOffer(viewer: Viewer, id: number) {
      const { row } = await ownOffer(viewer, id);
      return listed(row, (await applicantCounts(db, [row.id])).get(row.id) ?? 0, now());
    },

    /** One of the company's offers as form input (for editing). */
    async offerInput(viewer: Viewer, id: number): Promise<{ id: number; slug: string; state: OfferState; input: OfferInput }> {
      const { row } = await ownOffer(viewer, id);
      const lists = await offerLists(db, row.id);
      return {
        id: row.id,
        slug: row.slug,
        state: stateOf(row, now()),
        input: {
          title: row.title,
          area: row.area,
          role: row.role,
          seniority: row.seniority as OfferInput['seniority'],
          english: row.english,
          modality: row.modality,
          country: row.country,
          allowedCountries: lists.countries,
          city: row.city,
          employmentType: row.employment_type,
          skillsRequired: lists.required,
          skillsNice: lists.nice,
          salaryMin: Number(row.salary_min),
          salaryMax: Number(row.salary_max),
          currency: row.currency,
          period: row.period,
          description: row.description,
        },
      };
    },

    /**
     * Public candidate profiles, certified first, 20 at a time by keyset (decision 054): the total, the
     * page's profiles and the cursor of the next page (null on the last). A bad cursor gives the first page.
     */
    async candidates(viewer: Viewer, filter: CandidateFilter, cursor?: string | null) {
      await companyFor(viewer);
      const f: CandidateFilter = {
        ...filter,
        ...(filter.area && !filter.role ? { roles: roles.filter((r) => r.area === filter.area).map((r) => r.id) } : {}),
      };
      const at = now().toISOString();
      const read = (key: z.infer<typeof candidateKey> | null) => readCandidates(db, f, key, CANDIDATES_PER_PAGE + 1, at);
      const [total, { after, rows }] = await Promise.all([candidateTotal(f), readPage(decodeCursor(cursor, candidateKey), read)]);
      const ids = rows.slice(0, CANDIDATES_PER_PAGE).map((r) => r.user_id);
      const [skills, certs] = await Promise.all([skillsOfUsers(db, ids), certificateCounts(db, ids, at)]);
      return keysetPage(rows, {
        perPage: CANDIDATES_PER_PAGE,
        total,
        after,
        keyOf: (r) => [r.certified, keyValue(r.updated_at), r.user_id],
        map: (r) => ({
          slug: r.profile_slug,
          name: `${r.name} ${r.last_name}`.trim(),
          headline: r.headline,
          role: r.role,
          seniority: r.seniority,
          country: r.country,
          english: r.english,
          availability: r.availability,
          certifications: certs.get(r.user_id) ?? 0,
          skills: skills.get(r.user_id) ?? [],
        }),
      });
    },

    // The market check as an offer is written, on the page and live (decision 088): market-check.ts.
    ...createMarketCheck(db, { salaries: deps.salaries, limiter: deps.limiter, companyFor, usdMonth }),

    /** Published offers past their date become expired (run at start-up and hourly). */
    expireDue: () => expireDue(db, now()),

    // Anonymous drafts (decision 015): offer-drafts.ts.
    ...createOfferDrafts(db, { limiter: deps.limiter, now }),
    // The applicant tracker (decision 048): pipeline-service.ts.
    ...createPipeline(database, { companyFor, now, notify: deps.notify }),
  };
  return service;
}
export type HiringService = ReturnType<typeof createHiringService>;
