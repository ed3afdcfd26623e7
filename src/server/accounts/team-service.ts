import 'server-only';
import type { Transaction } from 'kysely';
import type { Database } from '../db/client';
import type { DB } from '../db/schema';
import { toDate } from '../db/schema';
import { writeWithPurge } from '../db/page-purges';
import { companyTag } from '../../domain/page-purge';
import { offersForPurge, offersPurge } from '../offers/offer-purge';
import { ServiceError } from '../errors';
import type { RateLimiter } from '../limits/rate-limit';
import type { EmailService } from '../email/email-service';
import { renderEmail } from '../email/render';
import { isId } from '../../domain/ids';
import { INVITATION_TTL_MS, TEAM_ACCEPT_RATE, TEAM_INVITE_RATE, isTeamRole, type TeamRole } from '../../domain/team';
import { getT } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import { href } from '../../routes';
import type { AuthService, PublicUser, RequestMeta } from './auth-service';
import { membershipOf, requireMembership, type Membership } from './company-membership';
import {
  addMember,
  deleteCompany,
  insertInvitation,
  invitationByHash,
  memberOf,
  membersOf,
  ownerCount,
  pendingInvitations,
  removeMember,
  revokeInvitations,
  setRole,
  markInvitationUsed,
} from './data/members';
import { findUserByAnyEmail, findUserById } from './data/users';
import type { Viewer } from './session';
import { signInvitation, tokenHash, verifyInvitation } from './invitation-token';

// Company teams (decision 047). Owners invite colleagues by email (a signed, expiring, single-use link),
// remove members, change roles and may delete the company; recruiters hire and may leave. The last owner can
// neither leave nor be demoted. Another company's ids answer not-found, like unknown ones; a member lacking
// the right hears forbidden with the reason.
type Deps = {
  auth: () => Promise<AuthService>;
  email: () => Promise<EmailService>;
  limiter?: () => Promise<RateLimiter>;
  secret: string;
  siteUrl: string;
  brand: string;
  now?: () => Date;
};

type TeamMember = { id: number; name: string; email: string; role: TeamRole; since: Date | null; me: boolean };
type PendingInvitation = { id: number; email: string; role: TeamRole; sentAt: Date | null; expiresAt: Date | null };
export type InvitationState =
  { state: 'valid'; company: string; email: string; role: TeamRole } | { state: 'invalid' | 'expired' | 'used' | 'revoked' };

const fullName = (name: string, last: string | null) => `${name} ${last ?? ''}`.trim();
const OWNERS_ONLY = { team: { key: 'team.error.ownersOnly' } } as const;
const LAST_OWNER = { team: { key: 'team.error.lastOwner' } } as const;

export function createTeamService(database: Database, deps: Deps) {
  const { db } = database;
  const now = deps.now ?? (() => new Date());

  async function limit(key: string, rate: { max: number; windowMs: number }) {
    if (!deps.limiter) return;
    const r = await (await deps.limiter()).hit(key, rate);
    if (!r.allowed) throw new ServiceError('rate-limited', {}, { retryAfterSeconds: r.retryAfterSeconds });
  }

  /** The viewer's membership when they own the company; a recruiter hears forbidden. */
  async function owner(viewer: Viewer): Promise<Membership> {
    const m = await requireMembership(db, viewer);
    if (m.role !== 'owner') throw new ServiceError('forbidden', OWNERS_ONLY);
    return m;
  }

  /** A member of the viewer's company (another company's, or nobody's: not-found). */
  async function memberIn(companyId: number, userId: number) {
    const row = isId(userId) ? await memberOf(db, companyId, userId) : undefined;
    if (!row) throw new ServiceError('not-found');
    return row;
  }

  /** What an invitation token stands for, and its row when it can still be used. */
  async function read(token: string) {
    const at = now();
    const checked = typeof token === 'string' && token.length <= 1024 ? await verifyInvitation(token, deps.secret, at) : 'invalid';
    if (checked === 'invalid' || checked === 'expired') return { state: checked } as const;
    const row = await invitationByHash(db, tokenHash(token));
    if (!row || row.company_id !== checked.companyId) return { state: 'invalid' } as const;
    if (row.revoked_at) return { state: 'revoked' } as const;
    if (row.used_at) return { state: 'used' } as const;
    if ((toDate(row.expires_at)?.getTime() ?? 0) <= at.getTime()) return { state: 'expired' } as const;
    return { state: 'valid', row } as const;
  }

  /** The row of a usable invitation, or gone with the reason beside the `invitation` field. */
  async function usable(token: string) {
    const r = await read(token);
    if (r.state !== 'valid') throw new ServiceError('gone', { invitation: { key: `team.join.state.${r.state}` } });
    return r.row;
  }

  /** Joins the company in the caller's transaction: the invitation is used once (a race's loser hears gone). */
  async function join(trx: Transaction<DB>, id: number, companyId: number, role: TeamRole, userId: number) {
    if (!(await markInvitationUsed(trx, id, userId, now())))
      throw new ServiceError('gone', { invitation: { key: 'team.join.state.used' } });
    await addMember(trx, companyId, userId, role, now());
  }

  const invitationUrl = (token: string, locale: Locale) => deps.siteUrl + href('hireJoin', locale, { token });

  return {
    /** The team page: the company, the viewer's role, its members and (for owners) the pending invitations. */
    async team(viewer: Viewer) {
      const m = await requireMembership(db, viewer);
      const members: TeamMember[] = (await membersOf(db, m.companyId)).map((u) => ({
        id: u.id,
        name: fullName(u.name, u.last_name),
        email: u.email,
        role: u.role,
        since: toDate(u.joined_at),
        me: u.id === viewer!.id,
      }));
      const invitations: PendingInvitation[] =
        m.role === 'owner'
          ? (await pendingInvitations(db, m.companyId, now())).map((i) => ({
              id: i.id,
              email: i.email,
              role: i.role,
              sentAt: toDate(i.created_at),
              expiresAt: toDate(i.expires_at),
            }))
          : [];
      return { company: m.company, role: m.role, members, invitations };
    },

    /** Emails an invitation (an earlier pending one to the same address stops working). */
    async invite(viewer: Viewer, input: { email: string; role: string; locale: Locale }) {
      const m = await owner(viewer);
      const email = input.email.trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email) || email.length > 254)
        throw new ServiceError('invalid-input', { email: { key: 'forms.error.email' } });
      if (!isTeamRole(input.role)) throw new ServiceError('invalid-input', { role: { key: 'forms.error.invalid' } });
      const existing = await findUserByAnyEmail(db, email);
      if (existing && (await membershipOf(db, existing.id))?.companyId === m.companyId)
        throw new ServiceError('conflict', { email: { key: 'team.error.alreadyMember' } });
      await limit(`team-invite:${m.companyId}`, TEAM_INVITE_RATE);
      const at = now();
      const expiresAt = new Date(at.getTime() + INVITATION_TTL_MS);
      const token = await signInvitation(m.companyId, expiresAt, deps.secret);
      const inviter = await findUserById(db, viewer!.id);
      const t = getT(input.locale);
      const vars = {
        company: m.company.name,
        name: inviter ? fullName(inviter.name, inviter.last_name) : m.company.name,
        brand: deps.brand,
      };
      const body = renderEmail({
        locale: input.locale,
        brand: deps.brand,
        preheader: t('team.email.preheader', vars),
        heading: t('team.email.heading', vars),
        paragraphs: [t(`team.email.role.${input.role}`, vars), t('team.email.expiry')],
        action: { label: t('team.email.action'), url: invitationUrl(token, input.locale) },
        footer: { reason: t('team.email.reason', { ...vars, email }) },
      });
      const mail = await deps.email();
      await db.transaction().execute(async (trx) => {
        await revokeInvitations(trx, m.companyId, { email }, at);
        await insertInvitation(trx, {
          companyId: m.companyId,
          email,
          role: input.role as TeamRole,
          tokenHash: tokenHash(token),
          invitedBy: viewer!.id,
          locale: input.locale,
          expiresAt,
          at,
        });
        await mail.sendWith(trx, {
          to: email,
          subject: t('team.email.subject', vars),
          ...body,
          kind: 'team-invitation',
          locale: input.locale,
          expiresAt,
        });
      });
    },

    /** A pending invitation stops working. */
    async revoke(viewer: Viewer, invitationId: number) {
      const m = await owner(viewer);
      if (!isId(invitationId) || !(await revokeInvitations(db, m.companyId, { id: invitationId }, now())))
        throw new ServiceError('not-found');
    },

    /** An owner takes a member out of the team (their account stays, without a company). */
    async remove(viewer: Viewer, userId: number) {
      const m = await owner(viewer);
      const target = await memberIn(m.companyId, userId);
      if (target.role === 'owner' && (await ownerCount(db, m.companyId)) <= 1) throw new ServiceError('conflict', LAST_OWNER);
      await removeMember(db, m.companyId, target.user_id);
    },

    async changeRole(viewer: Viewer, userId: number, role: string) {
      const m = await owner(viewer);
      if (!isTeamRole(role)) throw new ServiceError('invalid-input', { role: { key: 'forms.error.invalid' } });
      const target = await memberIn(m.companyId, userId);
      if (target.role === role) return;
      if (target.role === 'owner' && (await ownerCount(db, m.companyId)) <= 1) throw new ServiceError('conflict', LAST_OWNER);
      await setRole(db, m.companyId, target.user_id, role);
    },

    /** Any member leaves, except the last owner. */
    async leave(viewer: Viewer) {
      const m = await requireMembership(db, viewer);
      if (m.role === 'owner' && (await ownerCount(db, m.companyId)) <= 1) throw new ServiceError('conflict', LAST_OWNER);
      await removeMember(db, m.companyId, viewer!.id);
    },

    /** The owner deletes the company, after typing its name: its offers, applications, conversations and
     * interviews go with it; the members' accounts stay, without a company. */
    async deleteCompany(viewer: Viewer, typedName: string) {
      const m = await owner(viewer);
      const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
      if (norm(typedName) !== norm(m.company.name)) throw new ServiceError('invalid-input', { confirm: { key: 'team.delete.mismatch' } });
      // Its offers and company page leave the public pages (their cache: decision 058).
      await writeWithPurge(
        db,
        async (trx) => {
          const offers = await offersForPurge(trx, { companyId: m.companyId });
          await deleteCompany(trx, m.companyId);
          return offersPurge(offers, new Date(), [companyTag(m.company.slug)]);
        },
        (purge) => purge,
      );
    },

    /** What the accept page says of a token (never throws for a bad one). */
    async invitation(token: string): Promise<InvitationState> {
      const r = await read(token);
      if (r.state !== 'valid') return { state: r.state };
      return { state: 'valid', company: r.row.company_name, email: r.row.email, role: r.row.role };
    },

    /**
     * A signed-in company account without a company joins with the invitation made out to its address; a
     * candidate account, an account of another address or one that already has a company hears why not.
     */
    async accept(viewer: Viewer, token: string, meta: RequestMeta) {
      if (!viewer) throw new ServiceError('unauthorized');
      await limit(`team-accept:${meta.ip}`, TEAM_ACCEPT_RATE);
      const row = await usable(token);
      if (viewer.type !== 'hire') throw new ServiceError('conflict', { invitation: { key: 'team.join.candidate' } });
      if (await membershipOf(db, viewer.id)) throw new ServiceError('conflict', { invitation: { key: 'team.join.hasCompany' } });
      const me = await findUserById(db, viewer.id);
      if (!me || me.email.toLowerCase() !== row.email) throw new ServiceError('conflict', { invitation: { key: 'team.join.otherEmail' } });
      try {
        await db.transaction().execute((trx) => join(trx, row.id, row.company_id, row.role, viewer.id));
      } catch (err) {
        // Two tabs accepting at once: company_users.user_id is unique.
        if (err instanceof ServiceError) throw err;
        if (await membershipOf(db, viewer.id)) throw new ServiceError('conflict', { invitation: { key: 'team.join.hasCompany' } });
        throw err;
      }
      return { companyId: row.company_id };
    },

    /**
     * A visitor signs up right there as a company account with the invited address (the sign-up's own path
     * and limits) and joins the company, which it does not get one of its own.
     */
    async signUpAndJoin(
      token: string,
      person: { name: string; last_name: string; password: string; locale: Locale },
      meta: RequestMeta,
    ): Promise<{ access_token: string; user: PublicUser }> {
      await limit(`team-accept:${meta.ip}`, TEAM_ACCEPT_RATE);
      const row = await usable(token);
      if (await findUserByAnyEmail(db, row.email)) throw new ServiceError('conflict', { invitation: { key: 'team.join.accountExists' } });
      return (await deps.auth()).register(
        'hire',
        {
          name: person.name,
          last_name: person.last_name,
          email: row.email,
          password: person.password,
          locale: person.locale,
          join: (trx, userId) => join(trx, row.id, row.company_id, row.role, userId),
        },
        meta,
      );
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
