// How complete a candidate's profile is, for the workspace's meter: the facts companies filter and read on
// an applicant card, each worth the same. Pure: the workspace passes what the profile row holds.

export const PROFILE_ITEMS = ['role', 'seniority', 'country', 'headline', 'years', 'english', 'skills', 'salary', 'public'] as const;
export type ProfileItem = (typeof PROFILE_ITEMS)[number];

/** Skills a profile needs before the skills item counts as done. */
const MIN_SKILLS = 3;

export type ProfileFacts = {
  role: string | null;
  seniority: string | null;
  country: string | null;
  headline: string | null;
  years: number | null;
  english: string | null;
  skills: number;
  salaryExpectation: number | null;
  isPublic: boolean;
};

const done: Record<ProfileItem, (f: ProfileFacts) => boolean> = {
  role: (f) => !!f.role,
  seniority: (f) => !!f.seniority,
  country: (f) => !!f.country,
  headline: (f) => !!f.headline?.trim(),
  years: (f) => f.years !== null,
  english: (f) => !!f.english,
  skills: (f) => f.skills >= MIN_SKILLS,
  salary: (f) => f.salaryExpectation !== null && f.salaryExpectation > 0,
  public: (f) => f.isPublic,
};

/** The share done (0-100, rounded down so 100 means everything) and what is missing, in the items' order. */
export function profileCompleteness(f: ProfileFacts): { percent: number; missing: ProfileItem[] } {
  const missing = PROFILE_ITEMS.filter((item) => !done[item](f));
  return { percent: Math.floor(((PROFILE_ITEMS.length - missing.length) * 100) / PROFILE_ITEMS.length), missing };
}

type Facts = { role?: string | null; seniority?: string | null; country?: string | null };

/**
 * Which of the candidate's facts every recommended offer shares, in reading order (role, seniority, country):
 * the honest reason for the whole list, since broader searches fill it when the closest finds too few.
 */
export function recommendationBasis(profile: Facts | null, offers: Facts[]): ('role' | 'seniority' | 'country')[] {
  if (!profile || !offers.length) return [];
  return (['role', 'seniority', 'country'] as const).filter((k) => !!profile[k] && offers.every((o) => o[k] === profile[k]));
}
