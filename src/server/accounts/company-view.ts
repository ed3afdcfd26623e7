import type { Selectable } from 'kysely';
import type { DB } from '../db/schema';

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
};

type CompanyRow = Pick<
  Selectable<DB['companies']>,
  'id' | 'name' | 'slug' | 'website' | 'size' | 'country' | 'location' | 'description' | 'logo_path'
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
});
