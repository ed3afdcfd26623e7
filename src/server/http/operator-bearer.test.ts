import type { Hono } from 'hono';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { areaDeps } from '../../testing/area-deps';
import { operatorRoutes } from '../../areas/operators/routes';
import { createApiApp } from '../api/app';
import { createAuthService } from '../accounts/auth-service';
import { createOperatorService } from '../accounts/operators/operator-service';
import { userLoaderOf } from '../accounts/session';
import { createCmsApp } from '../cms/app';
import { parseConfig } from '../config';
import { createLeadAdmin } from '../meetings/lead-admin';
import type { MeetingService } from '../meetings/meeting-service';
import { createHttpApp } from './app';

// The JSON API's bearer tokens are never operator sessions (decision 076): the operator area reads the
// session cookies only, so even the token of a live operator session, sent as a bearer, gets the area's 404.
const SITE = 'https://tandem.example';
const SECRET = 'b'.repeat(40);
const PASSWORD = 'clave-segura-1';

describe.each(testDatabases)('an operator token as a bearer on %s', (_name, open) => {
  let t: TestDb;
  let app: Hono;
  let token = '';
  beforeAll(async () => {
    t = await open();
    const auth = createAuthService(t, SECRET);
    const operators = createOperatorService(t, { secret: SECRET });
    const config = parseConfig({ SITE_URL: SITE });
    const meetings = { admin: createLeadAdmin(t.db) } as unknown as MeetingService;
    const area = operatorRoutes(
      areaDeps({ auth: async () => auth, config, operators: async () => operators, meetings: async () => meetings }),
    );
    ({ app } = createHttpApp({
      inner: async () => new Response('<p>page</p>', { headers: { 'content-type': 'text/html' } }),
      config,
      prod: false,
      build: { id: 'b', timestamp: 0 },
      loadUser: userLoaderOf(async () => auth),
      routes: { operator: { action: area.operator.action }, operatorLeads: { get: area.operatorLeads.get } },
      api: createApiApp({ auth: async () => auth }),
      cms: createCmsApp({ auth: async () => auth }),
    }));
    const first = await auth.register(
      'match',
      { name: 'Op', last_name: 'Era', email: 'opera@example.com', password: PASSWORD },
      { ip: 'setup' },
    );
    await operators.add('opera@example.com');
    const { secret } = (await operators.enrolment(first.user.id))!;
    // The enrolment passes the second step for this very token: it is a live operator session.
    expect(
      await operators.enrol(first.user.id, first.access_token, TOTP.generate({ secret: Secret.fromBase32(secret) }), { ip: 'setup' }),
    ).toHaveLength(10);
    token = first.access_token;
  });
  afterAll(async () => t?.cleanup());

  const as = (how: 'cookie' | 'bearer'): Record<string, string> =>
    how === 'cookie' ? { cookie: `tandem_token=${token}; tandem_type=match` } : { authorization: `Bearer ${token}` };

  it('reaches the area with the session cookie, and gets 404 with the same token as a bearer', async () => {
    const csv = (how: 'cookie' | 'bearer') => app.request('/operador/leads?csv=leads', { headers: as(how) });
    expect((await csv('cookie')).status).toBe(200);
    expect((await csv('bearer')).status).toBe(404);
    const leave = (how: 'cookie' | 'bearer') =>
      app.request('/en/operator', {
        method: 'POST',
        body: 'intent=stay',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, ...as(how) },
      });
    expect((await leave('bearer')).status).toBe(404);
    expect((await leave('cookie')).status).toBe(303);
    // The JSON API and the content backend have no operator door at all.
    for (const path of ['/api/operador', '/api/operator/audit', '/cms/operador', '/cms/operator'])
      expect((await app.request(path, { headers: as('bearer') })).status, path).toBe(404);
  });
});
