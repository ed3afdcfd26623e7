import 'server-only';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { parseId } from '../../domain/ids';
import { REPORT_REASONS } from '../../domain/messaging';
import type { AuthService } from '../accounts/auth-service';
import type { Viewer } from '../accounts/session';
import type { MessagingService } from '../messages/messaging-service';
import { fail, fieldErrors, ok } from '../http/respond';

// Conversations and invitations in the product API (decision 043), for both account types: a
// conversation's messages after an id (the page's island polls it), sending, marking read, blocking,
// reporting; invitations sent, listed and answered; the unread total. Same auth as the rest of /api;
// a conversation that is not the caller's answers 404 like an unknown one; limits answer 429 with
// Retry-After (the API's error handler).
type Deps = {
  auth: () => Promise<AuthService>;
  messages: () => Promise<MessagingService>;
  tokenOf: (c: Context) => string | null;
  readJson: (c: Context) => Promise<{ ok: true; value: unknown } | { ok: false }>;
};

const sendBody = z.object({ body: z.string().max(50_000) });
const readBody = z.object({ up_to: z.number().int().min(1).max(2_147_483_647).optional() });
const reportBody = z.object({ reason: z.enum(REPORT_REASONS), details: z.string().max(5_000).optional() });
const inviteBody = z.object({
  candidate: z.string().min(1).max(120),
  body: z.string().max(50_000),
  offer_id: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
});
const afterQuery = z.object({ after: z.coerce.number().int().min(0).max(2_147_483_647).optional() });
const beforeQuery = z.object({ before: z.coerce.number().int().min(1).max(2_147_483_647).optional() });

export function registerMessagesRoutes(api: Hono, { auth, messages, tokenOf, readJson }: Deps) {
  const viewer = async (c: Context): Promise<Viewer> => {
    const user = await (await auth()).me(null, tokenOf(c));
    return { id: user.id, type: user.account_type };
  };
  const noStore = (c: Context) => c.header('cache-control', 'private, no-store');
  const body = async <S extends z.ZodType>(c: Context, schema: S): Promise<{ value: z.infer<S> } | { error: Response }> => {
    const b = await readJson(c);
    if (!b.ok) return { error: fail(c, 400, 'api.invalidJson') };
    const parsed = schema.safeParse(b.value ?? {});
    if (!parsed.success) return { error: fail(c, 422, 'api.invalidInput', fieldErrors(c, parsed.error)) };
    return { value: parsed.data };
  };
  /** The conversation id of the path and the caller; an id that is not one answers 404 (after auth). */
  const target = async (c: Context) => ({ v: await viewer(c), id: parseId(c.req.param('id')) });

  api.get('/v3/conversations', async (c) => {
    const v = await viewer(c);
    const q = beforeQuery.safeParse(c.req.query());
    if (!q.success) return fail(c, 422, 'api.invalidInput', fieldErrors(c, q.error));
    noStore(c);
    return ok(c, await (await messages()).inbox(v, q.data.before ?? null));
  });
  api.get('/v3/conversations/unread', async (c) => {
    const v = await viewer(c);
    noStore(c);
    return ok(c, { total: await (await messages()).unreadTotal(v!.id) });
  });
  api.get('/v3/conversations/:id/messages', async (c) => {
    const { v, id } = await target(c);
    if (id === null) return fail(c, 404, 'api.notFound');
    const q = afterQuery.safeParse(c.req.query());
    if (!q.success) return fail(c, 422, 'api.invalidInput', fieldErrors(c, q.error));
    noStore(c);
    return ok(c, await (await messages()).poll(v, id, q.data.after ?? 0));
  });
  api.post('/v3/conversations/:id/messages', async (c) => {
    const { v, id } = await target(c);
    if (id === null) return fail(c, 404, 'api.notFound');
    const b = await body(c, sendBody);
    if ('error' in b) return b.error;
    return ok(c, await (await messages()).send(v, id, b.value.body), 201);
  });
  api.post('/v3/conversations/:id/read', async (c) => {
    const { v, id } = await target(c);
    if (id === null) return fail(c, 404, 'api.notFound');
    const b = await body(c, readBody);
    if ('error' in b) return b.error;
    await (await messages()).markRead(v, id, b.value.up_to);
    return ok(c, { read: true });
  });
  api.post('/v3/conversations/:id/block', async (c) => {
    const { v, id } = await target(c);
    if (id === null) return fail(c, 404, 'api.notFound');
    await (await messages()).block(v, id);
    return ok(c, { blocked: true });
  });
  api.post('/v3/conversations/:id/unblock', async (c) => {
    const { v, id } = await target(c);
    if (id === null) return fail(c, 404, 'api.notFound');
    await (await messages()).unblock(v, id);
    return ok(c, { blocked: false });
  });
  api.post('/v3/conversations/:id/report', async (c) => {
    const { v, id } = await target(c);
    if (id === null) return fail(c, 404, 'api.notFound');
    const b = await body(c, reportBody);
    if ('error' in b) return b.error;
    await (await messages()).report(v, id, { reason: b.value.reason, details: b.value.details ?? '' });
    return ok(c, { reported: true }, 201);
  });

  api.get('/v3/invitations', async (c) => {
    const v = await viewer(c);
    noStore(c);
    return ok(c, await (await messages()).invitations(v));
  });
  api.post('/v3/invitations', async (c) => {
    const v = await viewer(c);
    const b = await body(c, inviteBody);
    if ('error' in b) return b.error;
    return ok(
      c,
      await (await messages()).invite(v, { candidateSlug: b.value.candidate, text: b.value.body, offerId: b.value.offer_id ?? null }),
      201,
    );
  });
  api.post('/v3/invitations/:id/:answer', async (c) => {
    const { v, id } = await target(c);
    const answer = c.req.param('answer');
    if (id === null || (answer !== 'accept' && answer !== 'decline')) return fail(c, 404, 'api.notFound');
    return ok(c, await (await messages()).answer(v, id, answer === 'accept'));
  });
}
