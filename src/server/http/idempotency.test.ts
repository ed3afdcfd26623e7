import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { idempotency, sweepIdempotencyKeys } from './idempotency';

describe.each(testDatabases)('Idempotency-Key on %s', (_name, open) => {
  let t: TestDb;
  let app: Hono;
  let writes = 0;
  let gate: Promise<void> = Promise.resolve();
  beforeAll(async () => {
    t = await open();
    app = new Hono();
    app.use(
      idempotency({
        db: async () => t.db,
        scopeOf: (c) => c.req.header('authorization') ?? 'anonymous',
        refuse: (c, status) => c.json({ refused: status }, status),
      }),
    );
    app.post('/offers', async (c) => {
      await gate;
      writes++;
      return c.json({ id: writes, title: (await c.req.json<{ title: string }>()).title }, 201);
    });
    app.post('/fails', () => {
      writes++;
      throw new Error('boom');
    });
    app.onError((_err, c) => c.json({ error: true }, 500));
  });
  afterAll(async () => t?.cleanup());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('answers a retry with the first answer, and writes once', async () => {
    const before = writes;
    const first = await post('/offers', { title: 'Go' }, { 'idempotency-key': 'k-1' });
    const again = await post('/offers', { title: 'Go' }, { 'idempotency-key': 'k-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(writes - before).toBe(1);
    // Without a key, or with another one, it is a new write.
    await post('/offers', { title: 'Go' });
    await post('/offers', { title: 'Go' }, { 'idempotency-key': 'k-2' });
    expect(writes - before).toBe(3);
  });

  it('keeps each caller’s keys apart', async () => {
    const before = writes;
    await post('/offers', { title: 'A' }, { 'idempotency-key': 'shared', authorization: 'Bearer a' });
    const other = await post('/offers', { title: 'A' }, { 'idempotency-key': 'shared', authorization: 'Bearer b' });
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(writes - before).toBe(2);
  });

  it('refuses the same key on another request (422), a malformed key (400), and a retry while the first runs (409)', async () => {
    await post('/offers', { title: 'Uno' }, { 'idempotency-key': 'k-3' });
    expect((await post('/offers', { title: 'Otro' }, { 'idempotency-key': 'k-3' })).status).toBe(422);
    expect((await post('/offers', { title: 'x' }, { 'idempotency-key': 'a b' })).status).toBe(400);
    expect((await post('/offers', { title: 'x' }, { 'idempotency-key': 'x'.repeat(256) })).status).toBe(400);
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    const slow = post('/offers', { title: 'Lento' }, { 'idempotency-key': 'k-4' });
    await new Promise((r) => setTimeout(r, 50));
    const racing = await post('/offers', { title: 'Lento' }, { 'idempotency-key': 'k-4' });
    expect(racing.status).toBe(409);
    expect(racing.headers.get('retry-after')).toBe('1');
    open();
    gate = Promise.resolve();
    expect((await slow).status).toBe(201);
  });

  it('does not keep a server error: the retry runs again', async () => {
    const before = writes;
    expect((await post('/fails', {}, { 'idempotency-key': 'k-5' })).status).toBe(500);
    expect((await post('/fails', {}, { 'idempotency-key': 'k-5' })).status).toBe(500);
    expect(writes - before).toBe(2);
  });

  it('forgets answers past their day', async () => {
    await post('/offers', { title: 'Viejo' }, { 'idempotency-key': 'k-6' });
    expect(await sweepIdempotencyKeys(t.db, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    const again = await post('/offers', { title: 'Viejo' }, { 'idempotency-key': 'k-6' });
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });
});
