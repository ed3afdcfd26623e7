import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { href } from '../src/routes';
import { E2E_SMTP_ORIGIN, E2E_SMTP_PORT } from './env';
import { signIn } from './fixtures';
import { freshSchema, pgAdmin, startInstance, waitForOk, withPostgres, type Instance } from './instance';
import { PASSWORD, publishOffer, register } from './product-api';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

// Several instances on one PostgreSQL (decision 034): two production servers on two ports share one schema
// and must behave as one site; a third, reaching its database through a proxy the test controls, loses the
// database and gets it back, and loses a worker to SIGKILL.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

withPostgres('the several-instances tests', (pgUrl) => {
  test.describe('two instances on one PostgreSQL', () => {
    test.describe.configure({ mode: 'serial', timeout: 120_000 });
    let schema = '';
    const instances: Instance[] = [];
    const contexts: APIRequestContext[] = [];
    let a: APIRequestContext;
    let b: APIRequestContext;

    test.beforeAll(async () => {
      test.setTimeout(600_000);
      const fresh = await freshSchema(pgUrl, 'twoinst');
      schema = fresh.schema;
      // RATE_LIMIT_SCALE 1: the real limits, counted in the database both instances share. Uploads folders
      // of their own (the old local store, now only the migration's source): a picture can reach the other
      // instance only through the shared store.
      const env = (name: string) => ({
        DATABASE_URL: fresh.url,
        UPLOADS_DIR: `data/${schema}-${name}-uploads`,
        RATE_LIMIT_SCALE: '1',
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      });
      // One after the other: the first migrates and seeds, the second finds it done.
      instances.push(await startInstance(env('a')));
      instances.push(await startInstance(env('b')));
      for (const i of instances) contexts.push(await playwrightRequest.newContext({ baseURL: i.origin }));
      [a, b] = contexts as [APIRequestContext, APIRequestContext];
    });

    test.afterAll(async () => {
      for (const c of contexts) await c.dispose();
      await Promise.all(instances.map((i) => i.stop()));
      if (schema) await pgAdmin(pgUrl, (c) => c.query(`drop schema if exists ${schema} cascade`));
    });

    test('a session started on one instance works on the other', async () => {
      const { email, token } = await register(a, 'match');
      const me = await b.get('/api/v3/match/auth/me', { headers: { authorization: `Bearer ${token}` } });
      expect(me.status()).toBe(200);
      expect(((await me.json()) as { result: { email: string } }).result.email).toBe(email);
      // The session cookie too: a candidate's private page on the other instance, not the sign-in redirect.
      const page = await b.get('/match/plataforma', { headers: { cookie: `tandem_token=${token}; tandem_type=match` }, maxRedirects: 0 });
      expect(page.status()).toBe(200);
    });

    test('a rate limit counts the attempts made on both instances', async () => {
      const { email } = await register(a, 'match');
      const statuses: number[] = [];
      // loginPerEmail allows 10 wrong passwords: alternating instances, the 11th is refused wherever it lands.
      for (let i = 0; i < 11; i++) {
        const res = await (i % 2 ? b : a).post('/api/v3/match/auth/login', { data: { email, password: 'not-the-password' } });
        statuses.push(res.status());
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses[10]).toBe(429);
    });

    test('an offer published on one instance reaches the cached search page of the other, and closed there, is gone from the first', async () => {
      const company = await register(a, 'hire', { company_name: `Dos Instancias ${unique()}` });
      const title = `Backend multiinstancia ${unique()}`;
      const search = `/trabajos?q=${encodeURIComponent(title)}`;
      // The title as a result card shows it (the query itself is on the page too, in the search box).
      const listed = (html: string) => html.includes('class="card job-card"') && html.includes(`>${title}</a>`);
      // The other instance caches the search page before the offer exists.
      const before = await b.get(search);
      expect(before.status()).toBe(200);
      expect(listed(await before.text())).toBe(false);
      expect((await b.get(search)).headers()['x-cache']).toBe('HIT');
      const created = await publishOffer(a, company.token, { title });
      expect(created.status()).toBe(201);
      const published = Date.now();
      // The purge notice crosses through PostgreSQL; how fast is a figure this test prints, not an
      // assertion: a loaded machine must not fail a correct product.
      await expect.poll(async () => listed(await (await b.get(search)).text()), { timeout: 20_000, intervals: [100] }).toBe(true);
      console.log(`[instances] the offer was on the other instance's search page ${Date.now() - published} ms after publishing`);

      // Closed on the other instance, the offer is no longer served as open by the first one, whose cached
      // offer page and search page are forgotten.
      const { result } = (await created.json()) as { result: { id: number; slug: string } };
      const offerPage = href('offer', 'es', { slug: result.slug });
      expect((await a.get(offerPage)).status()).toBe(200);
      expect((await a.get(offerPage)).headers()['x-cache']).toBe('HIT');
      const closed = await b.post(`/api/v3/hire/offers/${result.id}/close`, { headers: { authorization: `Bearer ${company.token}` } });
      expect(closed.status()).toBe(200);
      await expect.poll(async () => (await a.get(offerPage)).status(), { timeout: 20_000, intervals: [100] }).toBe(410);
      expect(listed(await (await a.get(search)).text())).toBe(false);
    });

    test('a picture uploaded on one instance is served by the other', async ({ page }) => {
      const company = await register(a, 'hire', { company_name: `Logo Compartido ${unique()}` });
      await signIn(page, `${instances[0]!.origin}/ingresar?redirect=/hire/site`, company.email, PASSWORD);
      await page.waitForURL(/\/hire\/site/);
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0f766e' } })
        .png()
        .toBuffer();
      await page.locator('#company-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
      await page.getByRole('button', { name: 'Guardar empresa' }).click();
      await expect(page).toHaveURL(/saved=1/);
      const row = await pgAdmin(pgUrl, (c) =>
        c.query<{ logo_path: string }>(
          `select c.logo_path from ${schema}.companies c join ${schema}.company_users cu on cu.company_id = c.id
           join ${schema}.users u on u.id = cu.user_id where u.email = $1`,
          [company.email],
        ),
      );
      const path = row.rows[0]?.logo_path ?? '';
      expect(path).toMatch(/^\/uploads\/logos\/[\w-]+\.webp$/);
      const [fromA, fromB] = [await a.get(path), await b.get(path)];
      expect(fromA.status()).toBe(200);
      expect(fromB.status()).toBe(200);
      expect(fromB.headers()['content-type']).toBe('image/webp');
      expect(Buffer.compare(await fromB.body(), await fromA.body())).toBe(0);
    });

    test('a message in the outbox is delivered once while both instances deliver', async () => {
      const tag = `once-${unique()}`;
      const subjects = Array.from({ length: 8 }, (_, i) => `${tag} #${i}`);
      await pgAdmin(pgUrl, async (c) => {
        for (const subject of subjects)
          await c.query(
            `insert into ${schema}.email_outbox (to_email, subject, text_body, kind, locale) values ($1, $2, $3, 'test', 'es')`,
            [`${tag}@example.com`, subject, 'Una vez.'],
          );
      });
      // A sign-up on each instance at once queues its own message and starts a delivery run in both.
      await Promise.all([register(a, 'match'), register(b, 'match')]);
      const received = async () =>
        ((await (await fetch(`${E2E_SMTP_ORIGIN}/messages`)).json()) as { subject: string }[]).filter((m) => m.subject.startsWith(tag));
      await expect.poll(async () => (await received()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(subjects.length);
      // Time for a second delivery of any of them to arrive too.
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await received()).map((m) => m.subject).sort()).toEqual([...subjects].sort());
      const sent = await pgAdmin(pgUrl, (c) =>
        c.query<{ n: string }>(`select count(*) as n from ${schema}.email_outbox where subject like $1 and status = 'sent'`, [`${tag}%`]),
      );
      expect(Number(sent.rows[0]!.n)).toBe(subjects.length);
    });
  });

  test.describe('faults', () => {
    test.describe.configure({ mode: 'serial', timeout: 180_000 });
    let schema = '';
    let proxy: TcpProxy | undefined;
    let server: Instance | undefined;
    let api: APIRequestContext;

    test.beforeAll(async () => {
      test.setTimeout(600_000);
      const target = new URL(pgUrl);
      proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
      const fresh = await freshSchema(pgUrl, 'faults');
      schema = fresh.schema;
      const url = new URL(fresh.url);
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      // A short page-cache lifetime: the outage outlives it, and the pages cached before it must still be served.
      server = await startInstance({ DATABASE_URL: url.toString(), WORKERS: '2', RATE_LIMIT_SCALE: '50', PAGE_CACHE_TTL_MS: '1500' });
      api = await playwrightRequest.newContext({ baseURL: server.origin });
      candidate = await register(api, 'match');
    });
    let candidate: { email: string; token: string };

    // eslint-disable-next-line no-empty-pattern
    test.afterEach(async ({}, testInfo) => {
      if (testInfo.status !== testInfo.expectedStatus && server)
        console.log(`[faults] the instance printed:\n${server.log().slice(-6000)}`);
    });

    test.afterAll(async () => {
      await api?.dispose();
      await server?.stop();
      await proxy?.close();
      if (schema) await pgAdmin(pgUrl, (c) => c.query(`drop schema if exists ${schema} cascade`));
    });

    /** An uncached page that reads the database (a search nobody made before). */
    const freshSearch = (locale: 'es' | 'en' = 'es') => `${locale === 'en' ? '/en' : ''}/trabajos?q=${unique()}`;

    /** A page as a new connection asks for it: the cluster hands each connection to a worker in turn. */
    const fresh = async (path: string, headers: Record<string, string> = {}) => {
      const ctx = await playwrightRequest.newContext({ baseURL: server!.origin });
      try {
        const started = Date.now();
        const res = await ctx.get(path, { headers: { connection: 'close', ...headers }, maxRedirects: 0, timeout: 30_000 });
        return { status: res.status(), text: await res.text(), headers: res.headers(), ms: Date.now() - started };
      } finally {
        await ctx.dispose();
      }
    };
    /** A public page cached by both workers before the outage. */
    const CACHED = '/herramientas/peru';
    async function warmCache() {
      // The database is up first: on a loaded machine (the seed's aggregates rebuild beside other suites) the
      // health probe may have marked it down for a moment, which it then undoes by itself.
      const ready = async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await fresh('/readyz')).status);
        return statuses;
      };
      await expect.poll(ready, { timeout: 60_000 }).toEqual([200, 200, 200, 200]);
      for (let i = 0; i < 6; i++) expect((await fresh(CACHED)).status).toBe(200);
    }

    async function expectUnavailable() {
      const ready = await api.get('/readyz');
      expect(ready.status()).toBe(503);
      // Once the outage is known, nothing waits for the database (the time is printed, not asserted).
      const timings: number[] = [];
      // A signed-in workspace: the 503 screen, not the sign-in page (its session cannot be checked now).
      const workspace = await fresh(href('matchPlatform', 'es'), { cookie: `tandem_token=${candidate.token}; tandem_type=match` });
      timings.push(workspace.ms);
      expect(workspace.status).toBe(503);
      expect(workspace.text).toContain('Volvemos en un momento');
      // A page cached before the outage is still served after its lifetime, by every worker.
      await new Promise((r) => setTimeout(r, 1600));
      for (let i = 0; i < 4; i++) {
        const page = await fresh(CACHED);
        timings.push(page.ms);
        expect(page.status, 'a cached page during the outage').toBe(200);
        expect(page.text).toContain('</html>');
      }
      console.log(`[faults] answers during the outage took ${timings.join(', ')} ms`);
      for (const [locale, heading] of [
        ['es', 'Volvemos en un momento'],
        ['en', 'Back in a moment'],
      ] as const) {
        const res = await api.get(freshSearch(locale), { timeout: 30_000 });
        expect(res.status()).toBe(503);
        expect(res.headers()['retry-after']).toMatch(/^\d+$/);
        expect(res.headers()['cache-control']).toContain('no-store');
        expect(await res.text()).toContain(heading);
      }
      const me = await api.get('/api/v3/match/auth/me', { headers: { authorization: 'Bearer x.y.z', lang: 'en' }, timeout: 30_000 });
      expect([401, 503]).toContain(me.status());
      const signInPost = await api.post('/api/v3/match/auth/login', {
        data: { email: 'x@example.com', password: 'whatever-long' },
        timeout: 30_000,
      });
      expect(signInPost.status()).toBe(503);
      expect(((await signInPost.json()) as { success: boolean }).success).toBe(false);
    }

    async function expectRecovered() {
      await waitForOk(`${server!.origin}/readyz`, 60_000);
      // Each worker learns it by itself (its probe runs every half second): soon every one answers.
      const round = async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await fresh(freshSearch())).status);
        return statuses;
      };
      await expect.poll(round, { timeout: 10_000 }).toEqual([200, 200, 200, 200]);
      expect(server!.proc.exitCode, server!.log().slice(-2000)).toBeNull();
      expect(server!.log()).not.toMatch(/stopping/);
    }

    test('with the database stopped, pages answer the 503 screen, /readyz is not ready, and it all recovers by itself', async () => {
      await warmCache();
      expect((await api.get(freshSearch())).status()).toBe(200);
      await proxy!.refuse();
      await expectUnavailable();
      await proxy!.restore();
      await expectRecovered();
    });

    test('with the database not answering, pages answer the 503 screen instead of hanging, and it all recovers', async () => {
      await warmCache();
      proxy!.hang();
      await expectUnavailable();
      await proxy!.restore();
      await expectRecovered();
    });

    test('a worker killed with SIGKILL is replaced, and no acknowledged write is lost', async () => {
      const before = server!.workerPids();
      expect(before).toHaveLength(2);
      const acknowledged: string[] = [];
      let killed = false;
      const write = async (n: number) => {
        const email = `sigkill-${unique()}-${n}@example.com`;
        try {
          const res = await api.post('/api/v3/match/register', {
            data: { name: 'Kill', last_name: 'Test', email, password: PASSWORD, origin: 'regular' },
            timeout: 30_000,
          });
          if (res.status() === 201) acknowledged.push(email);
        } catch {
          // the killed worker's connections: not acknowledged, so not counted
        }
      };
      for (let round = 0; round < 10; round++) {
        if (round === 3) {
          process.kill(before[0]!, 'SIGKILL');
          killed = true;
        }
        await Promise.all([0, 1, 2, 3].map((k) => write(round * 4 + k)));
      }
      expect(killed).toBe(true);
      await expect
        .poll(() => server!.log(), { timeout: 10_000 })
        .toMatch(new RegExp(`worker ${before[0]} died \\(SIGKILL\\); starting another`));
      await expect.poll(() => server!.workerPids().filter((p) => !before.includes(p)).length, { timeout: 60_000 }).toBe(1);
      expect(acknowledged.length).toBeGreaterThan(20);
      const stored = await pgAdmin(pgUrl, (c) =>
        c.query<{ email: string }>(`select email from ${schema}.users where email = any($1)`, [acknowledged]),
      );
      expect(stored.rows.map((r) => r.email).sort()).toEqual([...acknowledged].sort());
      // And the instance goes on taking writes on both workers.
      for (let i = 0; i < 4; i++) await write(1000 + i);
      expect(acknowledged.length).toBeGreaterThan(24);
    });
  });
});
