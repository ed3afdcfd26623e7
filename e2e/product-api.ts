import { expect, type APIRequestContext } from '@playwright/test';
import { freshEmail } from './fixtures';

// The product API as the browser tests use it to set up accounts and offers quickly (the pages themselves
// are tested through the browser elsewhere). `request` may point at any instance (its baseURL).
export const PASSWORD = 'una-clave-larga';

/** A fresh account of the given type, signed up through the API: its email and session token. */
export async function register(request: APIRequestContext, type: 'match' | 'hire', extra: Record<string, string> = {}) {
  const email = freshEmail(`shared-${type}`);
  const res = await request.post(`/api/v3/${type}/register`, {
    data: { name: 'Sol', last_name: 'Vega', email, password: PASSWORD, origin: 'regular', ...extra },
  });
  expect(res.ok()).toBe(true);
  const token = ((await res.json()) as { result: { access_token: string } }).result.access_token;
  return { email, token };
}

/** Publish an offer through the product API as the company with `token`. */
export function publishOffer(request: APIRequestContext, token: string, over: Record<string, string | number>) {
  return request.post('/api/v3/hire/offers', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      area: 'tech',
      role: 'backend',
      seniority: 'senior',
      modality: 'remote-global',
      country: 'peru',
      employment_type: 'full-time',
      skills_required: ['go'],
      skills_nice: [],
      salary_min: 12000,
      salary_max: 16000,
      currency: 'PEN',
      period: 'month',
      description: 'Buscamos una persona backend con Go.',
      publish: true,
      ...over,
    },
  });
}
