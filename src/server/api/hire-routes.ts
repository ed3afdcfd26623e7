import 'server-only';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { getT } from '../../i18n/translate';
import { parseId } from '../../domain/ids';
import { parseOfferInput } from '../../domain/offer-input';
import { countries, englishLevels, modalities, roles, seniorities } from '../../domain/catalog';
import type { AuthService } from '../accounts/auth-service';
import type { HiringService, OfferAction } from '../offers/hiring-service';
import type { Viewer } from '../accounts/session';
import { fieldMessages } from '../http/form-fields';
import { fail, fieldErrors, langOf, ok } from '../http/respond';

// The company side of the product API (decision 015), thin adapters over the hiring service: offers CRUD and
// their actions, applicants and pipeline moves, the candidate browser. Same auth (bearer token, or the
// session cookie from this site's pages), validation and error shapes as the rest of /api; the service's
// refusals (401, 403, 404, 409) pass through the API's error handler.
type Deps = {
  auth: () => Promise<AuthService>;
  hiring: () => Promise<HiringService>;
  tokenOf: (c: Context) => string | null;
  readJson: (c: Context) => Promise<{ ok: true; value: unknown } | { ok: false }>;
};

const ACTIONS = ['publish', 'pause', 'resume', 'close', 'renew'] as const;
const candidateQuery = z.object({
  area: z.string().max(40).optional(),
  role: z.string().max(40).optional(),
  skill: z.string().max(40).optional(),
  seniority: z.string().max(8).optional(),
  country: z.string().max(24).optional(),
  english: z.string().max(16).optional(),
  // Keyset pages (decision 054): the `next_cursor` of the page before, opaque; a bad one gives the first page.
  cursor: z.string().max(400).optional(),
  // Numbered pages are gone: only the first is still asked for by number, so an old client never loops on it.
  page: z.literal('1').optional(),
});
const cursorQuery = z.object({ cursor: z.string().max(400).optional() });
/** An id of a catalogue list, or nothing ('' is "not chosen yet"). */
const oneOf = (list: readonly { id: string }[]) =>
  z
    .string()
    .max(40)
    .refine((v) => v === '' || list.some((x) => x.id === v))
    .optional();
/** An amount as typed in the form ("12.000", "12000"), whole units. */
const amount = z
  .string()
  .max(20)
  .regex(/^[\d.,\s]*$/)
  .transform((v) => (v.replace(/[.,\s]/g, '') ? Number(v.replace(/[.,\s]/g, '')) : undefined))
  .refine((v) => v === undefined || (Number.isSafeInteger(v) && v > 0))
  .optional();
// The live market check of the offer form (decision 088): what the form holds, each field optional.
const marketQuery = z.object({
  role: oneOf(roles),
  seniority: oneOf(seniorities),
  country: oneOf(countries),
  english: oneOf(englishLevels),
  modality: oneOf(modalities),
  salary_min: amount,
  salary_max: amount,
  currency: z
    .string()
    .regex(/^([A-Z]{3}|LOCAL)?$/)
    .optional(),
  period: z.enum(['month', 'year', '']).optional(),
});

export function registerHireRoutes(api: Hono, { auth, hiring, tokenOf, readJson }: Deps) {
  const viewer = async (c: Context): Promise<Viewer> => {
    const user = await (await auth()).me(null, tokenOf(c));
    return { id: user.id, type: user.account_type };
  };
  /** A path id: a positive 32-bit integer in plain digits, or null (the route answers 404). */
  const idOf = (c: Context, name = 'id') => parseId(c.req.param(name));
  /** The offer in the body, validated by the same rules as the web form; field messages in the `lang` language. */
  const offerBody = async (c: Context) => {
    const body = await readJson(c);
    if (!body.ok || !body.value || typeof body.value !== 'object' || Array.isArray(body.value))
      return { error: fail(c, 400, 'api.invalidJson') } as const;
    const raw = body.value as Record<string, unknown>;
    const flat = Object.fromEntries(
      Object.entries(raw).filter(
        ([, v]) => typeof v === 'string' || typeof v === 'number' || (Array.isArray(v) && v.every((x) => typeof x === 'string')),
      ),
    ) as Record<string, string | number | string[]>;
    const parsed = parseOfferInput(flat);
    if (!parsed.ok) return { error: fail(c, 422, 'api.invalidInput', fieldMessages(getT(langOf(c)), parsed.errors)) } as const;
    return { value: parsed.value, publish: raw.publish === true } as const;
  };
  const noStore = (c: Context) => c.header('cache-control', 'private, no-store');

  api.get('/v3/hire/offers', async (c) => {
    const v = await viewer(c);
    const q = cursorQuery.safeParse(c.req.query());
    if (!q.success) return fail(c, 422, 'api.invalidInput', fieldErrors(c, q.error));
    const page = await (await hiring()).offers(v, q.data.cursor);
    noStore(c);
    // The body stays the list it always was; the total and the next page's cursor travel in headers.
    c.header('x-total-count', String(page.total));
    if (page.next) c.header('x-next-cursor', page.next);
    return ok(c, page.offers);
  });
  api.post('/v3/hire/offers', async (c) => {
    const v = await viewer(c);
    const b = await offerBody(c);
    if ('error' in b) return b.error!;
    return ok(c, await (await hiring()).save(v, b.value, { publish: b.publish }), 201);
  });
  api.get('/v3/hire/offers/:id', async (c) => {
    const offerId = idOf(c);
    const v = await viewer(c);
    if (offerId === null) return fail(c, 404, 'api.notFound');
    noStore(c);
    return ok(c, await (await hiring()).offerInput(v, offerId));
  });
  api.patch('/v3/hire/offers/:id', async (c) => {
    const offerId = idOf(c);
    const v = await viewer(c);
    if (offerId === null) return fail(c, 404, 'api.notFound');
    const b = await offerBody(c);
    if ('error' in b) return b.error!;
    return ok(c, await (await hiring()).save(v, b.value, { id: offerId, publish: b.publish }));
  });
  api.post('/v3/hire/offers/:id/:action', async (c) => {
    const offerId = idOf(c);
    const action = c.req.param('action') as OfferAction;
    const v = await viewer(c);
    if (offerId === null || !ACTIONS.includes(action)) return fail(c, 404, 'api.notFound');
    return ok(c, await (await hiring()).act(v, offerId, action));
  });
  api.get('/v3/hire/offers/:id/applicants', async (c) => {
    const offerId = idOf(c);
    const v = await viewer(c);
    if (offerId === null) return fail(c, 404, 'api.notFound');
    const q = cursorQuery.safeParse(c.req.query());
    if (!q.success) return fail(c, 422, 'api.invalidInput', fieldErrors(c, q.error));
    const { offer, applicants, byStatus, total, next } = await (await hiring()).applicants(v, offerId, q.data.cursor);
    noStore(c);
    return ok(c, { offer, applicants, total, by_status: byStatus, next_cursor: next });
  });
  api.patch('/v3/hire/applications/:id', async (c) => {
    const appId = idOf(c);
    const v = await viewer(c);
    if (appId === null) return fail(c, 404, 'api.notFound');
    const body = await readJson(c);
    if (!body.ok) return fail(c, 400, 'api.invalidJson');
    const parsed = z.object({ status: z.string().max(40) }).safeParse(body.value);
    if (!parsed.success) return fail(c, 422, 'api.invalidInput', fieldErrors(c, parsed.error));
    return ok(c, await (await hiring()).moveApplication(v, appId, parsed.data.status));
  });
  // Bad input answers 400 with the fields named, in the request's language; no cookie-less caller gets past 401.
  api.get('/v3/hire/market', async (c) => {
    const v = await viewer(c);
    const parsed = marketQuery.safeParse(c.req.query());
    if (!parsed.success) return fail(c, 400, 'api.invalidInput', fieldErrors(c, parsed.error));
    const q = parsed.data;
    const market = await (
      await hiring()
    ).liveMarket(v, {
      role: q.role || undefined,
      seniority: (q.seniority || undefined) as 'junior' | 'mid' | 'senior' | undefined,
      country: q.country || undefined,
      english: q.english || undefined,
      modality: q.modality || undefined,
      salaryMin: q.salary_min,
      salaryMax: q.salary_max,
      currency: q.currency || undefined,
      period: q.period === 'year' ? 'year' : 'month',
    });
    noStore(c);
    return ok(c, { market });
  });
  api.get('/v3/hire/candidates', async (c) => {
    const v = await viewer(c);
    const parsed = candidateQuery.safeParse(c.req.query());
    if (!parsed.success) return fail(c, 422, 'api.invalidInput', fieldErrors(c, parsed.error));
    const { cursor, page: _first, ...filter } = parsed.data;
    const { total, items, next } = await (await hiring()).candidates(v, filter, cursor);
    noStore(c);
    return ok(c, { total, items, next_cursor: next });
  });
}
