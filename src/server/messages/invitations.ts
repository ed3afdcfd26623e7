import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { toDate } from '../db/schema';
import { ServiceError } from '../errors';
import { membershipOf, requireMembership } from '../accounts/company-membership';
import type { Viewer } from '../accounts/session';
import { isId } from '../../domain/ids';
import { DECLINE_COOLDOWN_DAYS, INVITE_RATE, INVITES_PER_COMPANY_PER_DAY, preview } from '../../domain/messaging';
import type { MessagingEvent } from './events';
import {
  answerInvitation,
  candidateBySlug,
  conversationOfInvitation,
  insertInvitation,
  invitationById,
  invitesSince,
  lastInvitation,
  openOffersOf,
  pendingInvitationsOf,
  userName,
} from './data/invitation-rows';

// Invitations (decision 043), part of the messaging service: a company invites the person of a public
// profile with a first message (and perhaps one of its open offers); the person accepts (a conversation
// opens) or declines (that company waits DECLINE_COOLDOWN_DAYS). A private profile, another person's
// invitation and an unknown id are all 'not-found'.
type Helpers = {
  limit: (key: string, rate: { max: number; windowMs: number }) => Promise<void>;
  tell: (event: MessagingEvent) => Promise<void>;
  now: () => Date;
  checked: (text: unknown) => string;
};

const DAY = 86_400_000;
const fullName = (name: string, last: string | null) => `${name} ${last ?? ''}`.trim();

export function createInvitations(db: Kysely<DB>, { limit, tell, now, checked }: Helpers) {
  /** The viewer's company (any member of it); anybody else hears not-found. */
  const companyOf = async (viewer: Viewer) => (await requireMembership(db, viewer)).company;

  return {
    /**
     * Whether the viewer's company may invite the candidate of a public profile: the form, or why not (an
     * invitation waiting, a conversation open, a decline less than DECLINE_COOLDOWN_DAYS ago: until when).
     * Null when the viewer is not a company or the profile is not public.
     */
    async inviteState(viewer: Viewer, candidateSlug: string) {
      if (!viewer || viewer.type !== 'hire') return null;
      const company = (await membershipOf(db, viewer.id))?.company;
      if (!company) return null;
      const cand = await candidateBySlug(db, candidateSlug);
      if (!cand || cand.account_type !== 'match' || !cand.is_public) return null;
      const last = await lastInvitation(db, company.id, cand.id);
      const offers = (await openOffersOf(db, company.id, now())).map((o) => ({ id: o.id, title: o.title }));
      if (last?.status === 'pending') return { state: 'pending' as const, offers };
      if (last?.status === 'accepted') {
        const conversationId = await conversationOfInvitation(db, last.id);
        return { state: 'accepted' as const, conversationId, offers };
      }
      if (last?.status === 'declined') {
        const until = new Date((toDate(last.answered_at) ?? new Date(0)).getTime() + DECLINE_COOLDOWN_DAYS * DAY);
        if (until > now()) return { state: 'declined' as const, until, offers };
      }
      return { state: 'open' as const, offers };
    },

    /** A company invites the candidate of a public profile, with a first message and optionally one of its open offers. */
    async invite(viewer: Viewer, input: { candidateSlug: string; text: unknown; offerId?: number | null }): Promise<{ id: number }> {
      const company = await companyOf(viewer);
      const cand = typeof input.candidateSlug === 'string' ? await candidateBySlug(db, input.candidateSlug) : undefined;
      if (!cand || cand.account_type !== 'match' || !cand.is_public) throw new ServiceError('not-found');
      const body = checked(input.text);
      let offerTitle: string | null = null;
      if (input.offerId != null) {
        const offer = (await openOffersOf(db, company.id, now())).find((o) => o.id === input.offerId);
        if (!offer) throw new ServiceError('invalid-input', { offer: { key: 'messages.invite.offerClosed' } });
        offerTitle = offer.title;
      }
      const last = await lastInvitation(db, company.id, cand.id);
      if (last?.status === 'pending' || last?.status === 'accepted')
        throw new ServiceError('conflict', {
          body: { key: last.status === 'pending' ? 'messages.invite.pending' : 'messages.invite.accepted' },
        });
      if (last?.status === 'declined') {
        const until = (toDate(last.answered_at) ?? new Date(0)).getTime() + DECLINE_COOLDOWN_DAYS * DAY;
        const left = Math.ceil((until - now().getTime()) / DAY);
        if (left > 0) throw new ServiceError('conflict', { body: { key: 'messages.invite.declinedWait', params: { days: left } } });
      }
      const at = now();
      const day = await invitesSince(db, company.id, new Date(at.getTime() - DAY));
      if (day.n >= INVITES_PER_COMPANY_PER_DAY) {
        const oldest = toDate(day.oldest)?.getTime() ?? at.getTime();
        throw new ServiceError(
          'rate-limited',
          { body: { key: 'messages.invite.dailyLimit', params: { max: INVITES_PER_COMPANY_PER_DAY } } },
          { retryAfterSeconds: Math.max(1, Math.ceil((oldest + DAY - at.getTime()) / 1000)) },
        );
      }
      await limit(`invites:user:${viewer!.id}`, INVITE_RATE);
      const id = await insertInvitation(db, {
        companyId: company.id,
        candidateId: cand.id,
        offerId: input.offerId ?? null,
        senderId: viewer!.id,
        body,
        at,
      });
      await tell({
        kind: 'invitation',
        invitationId: id,
        to: { userId: cand.id },
        companyName: company.name,
        offerTitle,
        preview: preview(body),
      });
      return { id };
    },

    /** A candidate's invitations waiting for an answer. */
    async invitations(viewer: Viewer) {
      if (!viewer) throw new ServiceError('unauthorized');
      if (viewer.type !== 'match') return [];
      const rows = await pendingInvitationsOf(db, viewer.id, 50);
      return rows.map((r) => ({
        id: r.id,
        company: { name: r.company_name, slug: r.company_slug },
        offer: r.offer_title && r.offer_slug ? { title: r.offer_title, slug: r.offer_slug } : null,
        body: r.body,
        sentAt: toDate(r.created_at),
      }));
    },

    /** The candidate accepts (a conversation opens) or declines (the company may not invite again for 90 days). */
    async answer(viewer: Viewer, invitationId: number, accept: boolean): Promise<{ conversationId: number | null }> {
      if (!viewer) throw new ServiceError('unauthorized');
      const inv = isId(invitationId) ? await invitationById(db, invitationId) : undefined;
      if (!inv || viewer.type !== 'match' || inv.candidate_id !== viewer.id) throw new ServiceError('not-found');
      if (inv.status !== 'pending') throw new ServiceError('conflict', { invitation: { key: 'messages.invite.answered' } });
      const done = await answerInvitation(
        db,
        {
          id: inv.id,
          companyId: inv.company_id,
          candidateId: inv.candidate_id,
          offerId: inv.offer_id,
          senderId: inv.sender_id,
          body: inv.body,
          sentAt: inv.created_at,
        },
        accept,
        now(),
      );
      if (!done) throw new ServiceError('conflict', { invitation: { key: 'messages.invite.answered' } });
      const me = await userName(db, viewer.id);
      await tell({
        kind: 'invitation-answer',
        invitationId: inv.id,
        to: { companyId: inv.company_id },
        candidateName: me ? fullName(me.name, me.last_name) : '',
        accepted: accept,
        conversationId: done.conversationId,
      });
      return done;
    },
  };
}
