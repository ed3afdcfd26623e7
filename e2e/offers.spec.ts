import { expect, test } from '@playwright/test';
import { axeViolations, freshEmail, queryOne, signIn, waitForForm } from './fixtures';

// The offer page and applying (decision 016), on the demo offers of the test server's fresh database.
// Not an offer of the demo company, whose account also signs in below.
const openOffer = () =>
  queryOne<{ slug: string; title: string; id: number }>(
    `select slug, title, id from offers where status = 'published' and valid_through > ? and role = 'backend'
       and company_id not in (select company_id from company_users cu join users u on u.id = cu.user_id where u.email = 'empresa@demo.tandem.example')
     order by id limit 1`,
    new Date().toISOString(),
  );

test('an anonymous visitor reads an offer, signs up from it (origin public offer), comes back and applies in one step', async ({
  page,
}) => {
  const offer = (await openOffer())!;
  await page.goto(`/oferta/${offer.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(offer.title);
  await expect(page.getByTestId('offer-salary')).toContainText(/al mes|al año/);
  await expect(page.getByTestId('offer-verdict')).toContainText(/Por debajo del mercado|Competitivo|Por encima del mercado/);
  // The range says it is gross, and names any adjustment beyond role, seniority and country (decision 025).
  await expect(page.getByTestId('offer-verdict')).toContainText(
    /brutos al mes por este rol y seniority en el país(, ajustado por: [^.]+)?\./,
  );
  await expect(page.getByTestId('offer-verdict').getByTestId('demo-badge')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Descripción' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Compartir' }).getByRole('link', { name: 'LinkedIn' })).toHaveAttribute(
    'href',
    new RegExp(`linkedin\\.com/sharing/share-offsite/\\?url=.*oferta%2F${offer.slug}`),
  );
  expect(await page.getByTestId('similar-offers').locator('.job-card').count()).toBeGreaterThan(0);
  await expect(page.getByTestId('similar-offers').locator(`a[href="/oferta/${offer.slug}"]`)).toHaveCount(0);

  await page.getByRole('link', { name: 'Crear cuenta y postular' }).click();
  await waitForForm(page, 'signup-form');
  const email = freshEmail('apply');
  await page.fill('#signup-form-name', 'Postu');
  await page.fill('#signup-form-last_name', 'Lante');
  await page.fill('#signup-form-email', email);
  await page.fill('#signup-form-password', 'clave-segura-7');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(new RegExp(`/oferta/${offer.slug}$`));
  await page.getByRole('button', { name: 'Postular ahora' }).click();
  await expect(page.getByTestId('application-status')).toContainText('Postulaste el');
  await expect(page.getByTestId('application-status')).toContainText('Enviada');
  const user = await queryOne<{ id: number; origin: string }>('select id, origin from users where email = ?', email);
  expect(user?.origin).toBe('public-offer');
  expect(await queryOne('select status from applications where offer_id = ? and candidate_id = ?', offer.id, user!.id)).toEqual({
    status: 'sent',
  });

  // A second attempt (another tab still showing the button) is told the application exists.
  const again = await page.request.post(`/oferta/${offer.slug}`, { form: {}, headers: { origin: new URL(page.url()).origin } });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain('Ya postulaste a esta oferta');

  // The workspace lists it with its status.
  await page.goto('/match/plataforma');
  const row = page.getByTestId('application-row').filter({ hasText: offer.title });
  await expect(row).toContainText('Enviada');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('a signed-in candidate applies with a plain form post, in English', async ({ page }) => {
    const email = freshEmail('nojs-apply');
    await page.goto('/en/sign-up');
    await page.fill('#signup-form-name', 'No');
    await page.fill('#signup-form-last_name', 'Script');
    await page.fill('#signup-form-email', email);
    await page.fill('#signup-form-password', 'clave-segura-7');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/en\/match\/plataforma$/);
    const offer = (await openOffer())!;
    await page.goto(`/en/oferta/${offer.slug}`);
    await page.getByRole('button', { name: 'Apply now' }).click();
    await expect(page).toHaveURL(new RegExp(`/en/oferta/${offer.slug}\\?applied=1$`));
    // The offer page is one HTML for everyone (decision 002): without JavaScript it cannot show this visitor's
    // own status, but the page the post lands on says it was sent, and the workspace lists it.
    await expect(page.getByTestId('applied-notice')).toContainText('Application sent');
    await page.goto('/en/match/plataforma');
    await expect(page.getByTestId('application-row').filter({ hasText: offer.title })).toContainText('Sent');
  });
});

test('closed and expired offers answer 410 and point to open ones; unknown slugs get the offer-not-found screen', async ({ page }) => {
  const closed = await queryOne<{ slug: string }>("select slug from offers where status = 'closed' order by id limit 1");
  const res = await page.goto(`/oferta/${closed!.slug}`);
  expect(res?.status()).toBe(410);
  await expect(page.getByTestId('offer-state')).toContainText('Esta oferta está cerrada');
  await expect(page.getByRole('button', { name: 'Postular ahora' })).toHaveCount(0);
  expect(await page.getByTestId('similar-offers').locator('.job-card').count()).toBeGreaterThan(0);
  const expired = await queryOne<{ slug: string }>("select slug from offers where status = 'expired' order by id limit 1");
  expect((await page.goto(`/en/oferta/${expired!.slug}`))?.status()).toBe(410);
  await expect(page.getByTestId('offer-state')).toContainText('This offer has expired');
  const missing = await page.goto('/oferta/no-existe-esta-oferta');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oferta no encontrada' })).toBeVisible();
});

test('a company account cannot apply; the calculator and role pages show open offers', async ({ page }) => {
  await signIn(page, '/ingresar', 'empresa@demo.tandem.example', 'tandem-demo-2026');
  await expect(page).toHaveURL(/\/hire\/site$/);
  const offer = (await openOffer())!;
  await page.goto(`/oferta/${offer.slug}`);
  await expect(page.getByText('Las cuentas de empresa no pueden postular')).toBeVisible();
  await page.goto('/herramientas/salario/calculadora/resultado?country=peru&role=backend&seniority=mid');
  await expect(page.getByRole('heading', { name: 'Ofertas comparables abiertas' })).toBeVisible();
  await page.goto('/en/tools/peru/backend');
  await expect(page.getByRole('heading', { name: 'Open Backend Developer offers' })).toBeVisible();
  await expect(page.getByTestId('open-offers').getByRole('link', { name: 'All Backend Developer offers' })).toHaveAttribute(
    'href',
    /\/en\/peru\/trabajos\/backend$/,
  );
});

test('the candidate workspace recommends open offers for the profile, and asks new users to complete it', async ({ page }) => {
  await signIn(page, '/ingresar', 'candidata@demo.tandem.example', 'tandem-demo-2026');
  await expect(page).toHaveURL(/\/match\/plataforma$/);
  const profile = await queryOne<{ role: string }>(
    "select p.role from candidate_profiles p join users u on u.id = p.user_id where u.email = 'candidata@demo.tandem.example'",
  );
  const cards = page.getByTestId('recommended-offers').locator('.job-card');
  expect(await cards.count()).toBeGreaterThan(0);
  const first = await cards.first().locator('a').first().getAttribute('href');
  const slug = first!.split('/').pop()!;
  expect((await queryOne<{ role: string }>('select role from offers where slug = ?', slug))?.role).toBe(profile!.role);
});

test('offer pages pass the accessibility scan, light and dark, in both languages', async ({ page }) => {
  const offer = (await openOffer())!;
  for (const path of [`/oferta/${offer.slug}`, `/en/oferta/${offer.slug}`]) {
    await page.goto(path);
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme), path).toEqual([]);
  }
});
