import 'server-only';
import type { Database } from '../db/client';
import { toDate } from '../db/schema';
import { ServiceError, isUniqueViolation } from '../errors';
import { membershipOf, requireMembership, sideOf } from '../accounts/company-membership';
import type { Viewer } from '../accounts/session';
import type { RateLimiter } from '../limits/rate-limit';
import { isId } from '../../domain/ids';
import {
  checkMessage,
  CONVERSATIONS_PER_PAGE,
  MESSAGE_RATE,
  MESSAGES_PER_PAGE,
  preview,
  reportInput,
  type Side,
} from '../../domain/messaging';
import type { MessagingEvent } from './events';
import {
  applicationConversations,
  conversationById,
  ensureApplicationConversations,
  hasReported,
  inboxOf,
  insertMessage,
  insertReport,
  markRead,
  messagesOf,
  setBlock,
  unreadTotal,
  type ConversationRow,
} from './data/conversation-rows';
import { createInvitations } from './invitations';
import { otherSideLeaving } from '../db/pending-deletion';

export type { MessagingEvent } from './events';

// Conversations between a company and a candidate, invitations, blocks and reports (decision 043). Whoever
// is not a party to a conversation, an invitation or a profile hears 'not-found', as for an unknown id.
// Every write is counted per account by the shared rate limiter; a company's invitations also per day.
type Deps = {
  limiter?: () => Promise<RateLimiter>;
  /** Told after each message, invitation and answer; its failure is logged, never the sender's. */
  notify?: (event: MessagingEvent) => Promise<void>;
  now?: () => Date;
};

/**
 * `author`: for the company's members, who of the team wrote a company message (null: the viewer, or the
 * candidate's messages); the candidate always sees the company as one voice, so null for them (decision 047).
 */
export type MessageView = { id: number; mine: boolean; side: Side; body: string; createdAt: string; author: string | null };
export type ConversationView = {
  id: number;
  side: Side;
  origin: 'application' | 'invitation';
  company: { name: string; slug: string };
  candidate: { name: string; slug: string | null };
  offer: { title: string; slug: string } | null;
  messages: MessageView[];
  /** An older page exists before the first message shown (its id is the keyset). */
  olderBefore: number | null;
  /** The other side's read marker: "Seen" goes under the viewer's last message when it is at most this. */
  theirReadId: number;
  blockedBy: Side | null;
  reported: boolean;
};
export type Poll = { messages: MessageView[]; theirReadId: number; blockedBy: Side | null };

const fullName = (name: string, last: string | null) => `${name} ${last ?? ''}`.trim();

export function createMessagingService(database: Database, deps: Deps = {}) {
  const { db } = database;
  const now = deps.now ?? (() => new Date());

  async function tell(event: MessagingEvent) {
    if (!deps.notify) return;
    try {
      await deps.notify(event);
    } catch (err) {
      console.error(`[messages] telling about a ${event.kind} failed:`, err);
    }
  }

  async function limit(key: string, rate: { max: number; windowMs: number }) {
    if (!deps.limiter) return;
    const r = await (await deps.limiter()).hit(key, rate);
    if (!r.allowed) throw new ServiceError('rate-limited', {}, { retryAfterSeconds: r.retryAfterSeconds });
  }

  /** The viewer's company (any member of it); anybody else hears not-found. */
  const companyOf = async (viewer: Viewer) => (await requireMembership(db, viewer)).company;

  /** The conversation and the viewer's side in it; anybody else (and any unknown id) hears not-found. */
  async function open(viewer: Viewer, id: number): Promise<{ row: ConversationRow; side: Side }> {
    if (!viewer) throw new ServiceError('unauthorized');
    const row = isId(id) ? await conversationById(db, id) : undefined;
    if (!row) throw new ServiceError('not-found');
    const side = await sideOf(db, viewer, row);
    // The other side pending deletion is hidden here too, not only in the lists.
    if (!side || otherSideLeaving(row, side)) throw new ServiceError('not-found');
    return { row, side };
  }

  const view =
    (side: Side, viewerId: number, companyName: string) =>
    (m: {
      id: number;
      sender_side: Side;
      sender_id: number | null;
      sender_name: string | null;
      sender_last_name: string | null;
      body: string;
      created_at: Date | string;
    }): MessageView => ({
      id: m.id,
      mine: m.sender_side === side,
      side: m.sender_side,
      body: m.body,
      createdAt: (toDate(m.created_at) ?? new Date(0)).toISOString(),
      author:
        side === 'company' && m.sender_side === 'company' && m.sender_id !== viewerId
          ? m.sender_name === null
            ? companyName
            : fullName(m.sender_name, m.sender_last_name)
          : null,
    });

  const theirRead = (row: ConversationRow, side: Side) => Number(side === 'company' ? row.candidate_read_id : row.company_read_id);

  function checked(text: unknown): string {
    const c = checkMessage(text);
    if (!c.ok) throw new ServiceError('invalid-input', { body: { key: c.key, ...(c.params ? { params: c.params } : {}) } });
    return c.value;
  }

  return {
    /** A conversation's newest messages (or those before `before`), for one of its parties. */
    async conversation(viewer: Viewer, id: number, opts: { before?: number } = {}): Promise<ConversationView> {
      const { row, side } = await open(viewer, id);
      const before = opts.before !== undefined && isId(opts.before) ? opts.before : undefined;
      const rows = await messagesOf(db, row.id, { before, limit: MESSAGES_PER_PAGE + 1 });
      const more = rows.length > MESSAGES_PER_PAGE;
      const messages = (more ? rows.slice(1) : rows).map(view(side, viewer!.id, row.company_name));
      return {
        id: row.id,
        side,
        origin: row.application_id !== null ? 'application' : 'invitation',
        company: { name: row.company_name, slug: row.company_slug },
        candidate: { name: fullName(row.candidate_name, row.candidate_last_name), slug: row.candidate_public ? row.candidate_slug : null },
        offer: row.offer_title && row.offer_slug ? { title: row.offer_title, slug: row.offer_slug } : null,
        messages,
        olderBefore: more ? messages[0]!.id : null,
        theirReadId: theirRead(row, side),
        blockedBy: row.blocked_by,
        reported: side === 'candidate' ? await hasReported(db, row.id, row.candidate_id) : false,
      };
    },

    /** Messages after `after` (the island's poll), with the "seen" mark and the block state. */
    async poll(viewer: Viewer, id: number, after: number): Promise<Poll> {
      const { row, side } = await open(viewer, id);
      const rows = await messagesOf(db, row.id, { after: isId(after) ? after : 0, limit: MESSAGES_PER_PAGE });
      return { messages: rows.map(view(side, viewer!.id, row.company_name)), theirReadId: theirRead(row, side), blockedBy: row.blocked_by };
    },

    /** Marks the conversation read up to `upTo` (default: its last message) for the viewer's side. */
    async markRead(viewer: Viewer, id: number, upTo?: number): Promise<void> {
      const { row, side } = await open(viewer, id);
      const last = row.last_message_id ?? 0;
      const to = upTo !== undefined && isId(upTo) ? Math.min(upTo, last) : last;
      if (to > 0) await markRead(db, row.id, side, to);
    },

    /** Sends a message; refused while the conversation is blocked (409) and past the per-account limit (429). */
    async send(viewer: Viewer, id: number, text: unknown): Promise<MessageView> {
      const { row, side } = await open(viewer, id);
      const body = checked(text);
      if (row.blocked_by) throw new ServiceError('conflict', { body: { key: 'messages.blocked.cannotSend' } });
      await limit(`messages:user:${viewer!.id}`, MESSAGE_RATE);
      const at = now();
      const messageId = await insertMessage(db, { conversationId: row.id, side, senderId: viewer!.id, body, at });
      if (messageId === null) throw new ServiceError('conflict', { body: { key: 'messages.blocked.cannotSend' } });
      await tell({
        kind: 'message',
        conversationId: row.id,
        messageId,
        to: side === 'company' ? { userId: row.candidate_id } : { companyId: row.company_id },
        fromName: side === 'company' ? row.company_name : fullName(row.candidate_name, row.candidate_last_name),
        offerTitle: row.offer_title,
        preview: preview(body),
      });
      return { id: messageId, mine: true, side, body, createdAt: at.toISOString(), author: null };
    },

    /** Blocks the conversation for both sides (once: a second block is a 409). */
    async block(viewer: Viewer, id: number): Promise<void> {
      const { row, side } = await open(viewer, id);
      if (!(await setBlock(db, row.id, side, now()))) throw new ServiceError('conflict', { block: { key: 'messages.blocked.already' } });
    },

    /** Lifts a block; only the side that blocked may (the other hears 409). */
    async unblock(viewer: Viewer, id: number): Promise<void> {
      const { row, side } = await open(viewer, id);
      if (!(await setBlock(db, row.id, null, now(), side)))
        throw new ServiceError('conflict', { block: { key: 'messages.blocked.notYours' } });
    },

    /** The candidate reports the company of a conversation, once. */
    async report(viewer: Viewer, id: number, input: { reason: unknown; details?: unknown }): Promise<void> {
      const { row, side } = await open(viewer, id);
      if (side !== 'candidate') throw new ServiceError('not-found');
      const parsed = reportInput.safeParse({ reason: input.reason, details: input.details ?? '' });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path[0] === 'details' ? 'details' : 'reason';
        throw new ServiceError('invalid-input', {
          [field]: { key: field === 'details' ? 'messages.error.detailsTooLong' : 'messages.report.pickReason' },
        });
      }
      try {
        await insertReport(db, {
          conversationId: row.id,
          candidateId: row.candidate_id,
          companyId: row.company_id,
          reason: parsed.data.reason,
          details: parsed.data.details,
          at: now(),
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ServiceError('conflict', { reason: { key: 'messages.report.already' } });
        throw err;
      }
    },

    /**
     * The conversations of some applications (created on first sight), with the viewer's unread counts:
     * the company's applicant rows and the candidate's application rows. Applications that are not the
     * viewer's are left out.
     */
    async forApplications(viewer: Viewer, applicationIds: number[]): Promise<Map<number, { id: number; unread: number }>> {
      if (!viewer) throw new ServiceError('unauthorized');
      const ids = [...new Set(applicationIds.filter(isId))].slice(0, 500);
      const out = new Map<number, { id: number; unread: number }>();
      if (!ids.length) return out;
      let owner: { companyId: number } | { candidateId: number };
      if (viewer.type === 'hire') {
        const member = await membershipOf(db, viewer.id);
        if (!member) return out;
        owner = { companyId: member.companyId };
      } else owner = { candidateId: viewer.id };
      await ensureApplicationConversations(db, ids, owner);
      for (const r of await applicationConversations(db, ids, owner))
        if (r.application_id !== null) out.set(r.application_id, { id: r.id, unread: Number(r.unread) });
      return out;
    },

    /** The viewer's conversations with messages, newest activity first, CONVERSATIONS_PER_PAGE at a time. */
    async inbox(viewer: Viewer, before: number | null = null) {
      if (!viewer) throw new ServiceError('unauthorized');
      const owner = viewer.type === 'hire' ? { companyId: (await companyOf(viewer)).id } : { candidateId: viewer.id };
      const side: Side = viewer.type === 'hire' ? 'company' : 'candidate';
      const rows = await inboxOf(db, owner, before !== null && isId(before) ? before : null, CONVERSATIONS_PER_PAGE + 1);
      const more = rows.length > CONVERSATIONS_PER_PAGE;
      const items = (more ? rows.slice(0, CONVERSATIONS_PER_PAGE) : rows).map((r) => ({
        id: r.id,
        with: side === 'company' ? fullName(r.candidate_name, r.candidate_last_name) : r.company_name,
        offerTitle: r.offer_title,
        lastAt: toDate(r.last_message_at),
        preview: preview(r.last_body),
        lastMine: r.last_side === side,
        unread: Number(r.unread),
        blocked: r.blocked_by !== null,
      }));
      return { items, nextBefore: more ? rows[CONVERSATIONS_PER_PAGE - 1]!.last_message_id : null };
    },

    /** Unread messages across every conversation of a user, on either side (the header bell). */
    unreadTotal: (userId: number) => (isId(userId) ? unreadTotal(db, userId) : Promise.resolve(0)),

    // Invitations: invitations.ts.
    ...createInvitations(db, { limit, tell, now, checked }),
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
