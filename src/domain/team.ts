// Company teams (decision 047): the roles, how long an invitation lasts and how many a company may send.
export const TEAM_ROLES = ['owner', 'recruiter'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const isTeamRole = (v: unknown): v is TeamRole => (TEAM_ROLES as readonly unknown[]).includes(v);

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
/** Invitations a company may send (a new one to the same address counts too). */
export const TEAM_INVITE_RATE = { max: 20, windowMs: 24 * 60 * 60_000 } as const;
/** Tries of the accept page's form per address (it may create an account). */
export const TEAM_ACCEPT_RATE = { max: 10, windowMs: 15 * 60_000 } as const;
