import 'server-only';
import { writeWithPurge } from '../db/page-purges';
import { companyTag, FIGURES_TAG, profileTag } from '../../domain/page-purge';
import { offersForPurge, offersPurge } from '../offers/offer-purge';
import type { Database } from '../db/client';
import { toDate } from '../db/schema';
import {
  certificationsOf,
  companyOfUser,
  findProfileBySlug,
  saveCompany,
  saveProfile,
  setUserPicture,
  skillsOf,
  type CompanyFields,
  type ProfileFields,
} from './data/profiles';
import type { ImageStore } from '../uploads/image-store';
import { ServiceError } from '../errors';
import { companyView, type CompanyView } from './company-view';

// Candidate profiles (/ly/{slug}) and company details. A profile is visible when its owner
// made it public, and always to its owner; only the owner changes it, only a company's users change it.
export type ProfileView = {
  userId: number;
  slug: string;
  name: string;
  lastName: string;
  picture: string | null;
  isDemo: boolean;
  headline: string | null;
  country: string | null;
  role: string | null;
  seniority: string | null;
  years: number | null;
  english: string | null;
  salaryExpectationUsd: number | null;
  availability: string;
  isPublic: boolean;
  skills: string[];
  certifications: { slug: string; role: string; level: string; score: number; issuedAt: string; isDemo: boolean }[];
};

export function createProfileService(database: Database, images: ImageStore) {
  const { db } = database;

  async function owned(slug: string, viewerId: number | null) {
    const row = await findProfileBySlug(db, slug);
    if (!row) throw new ServiceError('not-found');
    if (viewerId === null || row.user_id !== viewerId) throw new ServiceError('forbidden');
    return row;
  }

  return {
    /** The profile as this viewer may see it; null when unknown or private to someone else. */
    async view(slug: string, viewerId: number | null): Promise<{ profile: ProfileView; isOwner: boolean } | null> {
      const row = await findProfileBySlug(db, slug);
      // A blocked account's profile is gone for everyone (decision 074).
      if (!row || row.user_status === 'suspended') return null;
      const isOwner = viewerId !== null && row.user_id === viewerId;
      if (!row.is_public && !isOwner) return null;
      const [skills, certs] = await Promise.all([skillsOf(db, row.user_id), certificationsOf(db, row.user_id)]);
      return {
        isOwner,
        profile: {
          userId: row.user_id,
          slug: row.profile_slug!,
          name: row.name,
          lastName: row.last_name,
          picture: row.profile_picture_path,
          isDemo: !!row.is_demo,
          headline: row.headline,
          country: row.country,
          role: row.role,
          seniority: row.seniority,
          years: row.years,
          english: row.english,
          salaryExpectationUsd: row.salary_expectation_usd,
          availability: row.availability,
          isPublic: !!row.is_public,
          skills,
          certifications: certs.map((c) => ({
            slug: c.slug,
            role: c.role,
            level: c.level,
            score: c.score,
            issuedAt: toDate(c.issued_at)!.toISOString(),
            isDemo: !!c.is_demo,
          })),
        },
      };
    },

    /** Save the owner's changes (and a new picture); anyone else is refused with 'forbidden'. */
    async update(slug: string, viewerId: number | null, fields: ProfileFields, skills: string[], picture?: Uint8Array): Promise<void> {
      const row = await owned(slug, viewerId);
      const path = picture ? await images.save('avatars', row.user_id, picture, 'picture') : undefined;
      // Its page, and the live counts of public profiles (decision 058).
      await writeWithPurge(
        db,
        async (trx) => {
          await saveProfile(trx, row.user_id, fields, skills);
          if (path) await setUserPicture(trx, row.user_id, path);
        },
        { tags: [profileTag(slug), FIGURES_TAG] },
      );
      if (path && row.profile_picture_path !== path) await images.remove(row.profile_picture_path);
    },

    async companyOf(userId: number): Promise<CompanyView | null> {
      const c = await companyOfUser(db, userId);
      return c ? companyView(c) : null;
    },

    /** A company user updates their own company; nobody else can. */
    async updateCompany(userId: number, fields: CompanyFields, logo?: Uint8Array): Promise<void> {
      const c = await companyOfUser(db, userId);
      if (!c) throw new ServiceError('forbidden');
      const path = logo ? await images.save('logos', c.id, logo, 'logo') : undefined;
      // Its page, and its offers' pages and lists (they show its name and logo: decision 058).
      await writeWithPurge(
        db,
        async (trx) => {
          await saveCompany(trx, c.id, fields, path);
          return offersPurge(await offersForPurge(trx, { companyId: c.id }), new Date(), [companyTag(c.slug)]);
        },
        (purge) => purge,
      );
      if (path && c.logo_path !== path) await images.remove(c.logo_path);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
