import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addOffer } from '../../testing/marketplace';
import { createAuthService } from '../accounts/auth-service';
import { createRateLimiter } from '../limits/rate-limit';
import { createMessagingService } from '../messages/messaging-service';
import { MESSAGE_RATE } from '../../domain/messaging';
import { createApiApp } from './app';

const SECRET = 's'.repeat(40);

describe.each(testDatabases)('conversations API on %s', (_name, open) => {
  let t: TestDb;
  let app: Hono;
  const tokens: Record<'acme' | 'other' | 'ana' | 'bob', string> = { acme: '', other: '', ana: '', bob: '' };
  let conv = 0;
  let anaSlug = '';

  beforeAll(async () => {
    t = await open();
    const auth = createAuthService(t, SECRET);
    const messages = createMessagingService(t, { limiter: async () => createRateLimiter(t) });
    app = new Hono().route('/api', createApiApp({ auth: async () => auth, messages: async () => messages }));
    const reg = async (type: 'match' | 'hire', email: string, extra = {}) =>
      auth.register(type, { name: 'Test', last_name: 'User', email, password: 'una-clave-larga', ...extra }, { ip: 'test' });
    const acme = await reg('hire', 'acme@example.com', { company_name: 'Acme' });
    tokens.acme = acme.access_token;
    tokens.other = (await reg('hire', 'otra@example.com', { company_name: 'Otra' })).access_token;
    const ana = await reg('match', 'ana@example.com');
    tokens.ana = ana.access_token;
    anaSlug = ana.user.profile_slug!;
    tokens.bob = (await reg('match', 'bob@example.com')).access_token;
    const company = await t.db
      .selectFrom('company_users')
      .select('company_id')
      .where('user_id', '=', acme.user.id)
      .executeTakeFirstOrThrow();
    const offer = await addOffer(t.db, company.company_id);
    const app_ = await t.db
      .insertInto('applications')
      .values({ offer_id: offer.id, candidate_id: ana.user.id, created_at: new Date(), updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    conv = (await messages.forApplications({ id: ana.user.id, type: 'match' }, [app_.id])).get(app_.id)!.id;
  });
  afterAll(async () => t?.cleanup());

  const call = (method: string, path: string, who?: keyof typeof tokens, body?: unknown, lang = 'es') =>
    app.request(`/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', lang, ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('sends, polls after an id, marks read and reports "seen" and the unread total', async () => {
    const sent = await call('POST', `/v3/conversations/${conv}/messages`, 'acme', { body: ' Hola <b>Ana</b> ' });
    expect(sent.status).toBe(201);
    const m = (await sent.json()).result;
    expect(m).toMatchObject({ body: 'Hola <b>Ana</b>', mine: true });
    expect((await (await call('GET', '/v3/conversations/unread', 'ana')).json()).result).toEqual({ total: 1 });
    const polled = await (await call('GET', `/v3/conversations/${conv}/messages?after=0`, 'ana')).json();
    expect(polled.result).toMatchObject({ messages: [{ id: m.id, mine: false }], blockedBy: null });
    expect((await call('POST', `/v3/conversations/${conv}/read`, 'ana', { up_to: m.id })).status).toBe(200);
    expect((await (await call('GET', '/v3/conversations/unread', 'ana')).json()).result).toEqual({ total: 0 });
    const seen = await (await call('GET', `/v3/conversations/${conv}/messages?after=${m.id}`, 'acme')).json();
    expect(seen.result).toEqual({ messages: [], theirReadId: m.id, blockedBy: null });
    const inbox = await (await call('GET', '/v3/conversations', 'acme')).json();
    expect(inbox.result.items).toHaveLength(1);
  });

  it('answers 404 to other companies and candidates and to unknown ids, 401 without a session', async () => {
    for (const who of ['other', 'bob'] as const) {
      expect((await call('GET', `/v3/conversations/${conv}/messages`, who)).status).toBe(404);
      expect((await call('POST', `/v3/conversations/${conv}/messages`, who, { body: 'hola' })).status).toBe(404);
      expect((await call('POST', `/v3/conversations/${conv}/read`, who, {})).status).toBe(404);
      expect((await call('POST', `/v3/conversations/${conv}/block`, who)).status).toBe(404);
    }
    expect((await call('GET', '/v3/conversations/999999/messages', 'acme')).status).toBe(404);
    expect((await call('GET', '/v3/conversations/abc/messages', 'acme')).status).toBe(404);
    expect((await call('GET', `/v3/conversations/${conv}/messages`)).status).toBe(401);
  });

  it('names an empty or long text in the request language', async () => {
    const r = await call('POST', `/v3/conversations/${conv}/messages`, 'acme', { body: '  ' }, 'en');
    expect(r.status).toBe(422);
    expect((await r.json()).errors).toEqual({ body: 'Write a message before sending it.' });
  });

  it('invites a public profile only; a private one is 404', async () => {
    expect((await call('POST', '/v3/invitations', 'other', { candidate: anaSlug, body: 'Hola' })).status).toBe(404);
    await t.db
      .updateTable('candidate_profiles')
      .set({ is_public: 1 })
      .where('user_id', '=', (await t.db.selectFrom('users').select('id').where('profile_slug', '=', anaSlug).executeTakeFirstOrThrow()).id)
      .execute();
    const r = await call('POST', '/v3/invitations', 'other', { candidate: anaSlug, body: 'Hola' });
    expect(r.status).toBe(201);
    const { id } = (await r.json()).result;
    expect((await call('POST', `/v3/invitations/${id}/accept`, 'bob')).status).toBe(404);
    const list = await (await call('GET', '/v3/invitations', 'ana')).json();
    expect(list.result.map((i: { id: number }) => i.id)).toEqual([id]);
    const accepted = await (await call('POST', `/v3/invitations/${id}/accept`, 'ana')).json();
    expect(accepted.result.conversationId).toBeGreaterThan(0);
  });

  it('answers 429 with Retry-After past the per-account message limit', async () => {
    for (let i = 0; i < MESSAGE_RATE.max; i++) await call('POST', `/v3/conversations/${conv}/messages`, 'ana', { body: `m${i}` });
    const r = await call('POST', `/v3/conversations/${conv}/messages`, 'ana', { body: 'uno más' });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  });
});
