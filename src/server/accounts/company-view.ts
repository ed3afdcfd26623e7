import type { Selectable } from 'kysely';
import type { DB } from '../db/schema';
import { storedList, storedStack } from '../../domain/company-profile';

/** A company's details as pages show them: the workspace's editor, the public company page. */
export type CompanyView = {
  id: number;
  name: string;
  slug: string;
  website: string | null;
  size: string | null;
  country: string | null;
  location: string | null;
  description: string | null;
  logo: string | null;
  /** Short texts, in the company's order (decision 086). */
  perks: string[];
  /** Skill ids of the catalogue. */
  stack: string[];
};

/** The columns a company view is made from, as queries select them (companies as `c`). */
export const COMPANY_COLUMNS = [
  'c.id',
  'c.name',
  'c.slug',
  'c.website',
  'c.size',
  'c.country',
  'c.location',
  'c.description',
  'c.logo_path',
  'c.perks',
  'c.tech_stack',
] as const;

type CompanyRow = Pick<
  Selectable<DB['companies']>,
  'id' | 'name' | 'slug' | 'website' | 'size' | 'country' | 'location' | 'description' | 'logo_path' | 'perks' | 'tech_stack'
>;

export const companyView = (c: CompanyRow): CompanyView => ({
  id: c.id,
  name: c.name,
  slug: c.slug,
  website: c.website,
  size: c.size,
  country: c.country,
  location: c.location,
  description: c.description,
  logo: c.logo_path,
  perks: storedList(c.perks),
  stack: storedStack(c.tech_stack),
});
