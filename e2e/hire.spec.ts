import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations, chooseOption, freshEmail, pickSkills, queryOne, signIn, waitForForm, waitForHydration } from './fixtures';

// The company side (decision 015): publishing, the workspace, applicants and their pipeline, and who may see what.
const word = () => `Zorblax${Math.random().toString(36).slice(2, 7)}`;

async function fillOffer(page: Page, title: string, over: { min?: string; max?: string; js?: boolean } = {}) {
  await page.fill('#offer-title', title);
  await page.selectOption('#offer-area', 'tech');
  await choose(page, 'role', 'backend', 'Desarrollador/a Backend', over.js ?? true);
  await page.selectOption('#offer-seniority', 'senior');
  await page.selectOption('#offer-modality', 'remote-global');
  await choose(page, 'country', 'peru', 'Perú', over.js ?? true);
  await page.locator('input[name=allowed_countries][value=peru]').check();
  await page.locator('input[name=allowed_countries][value=chile]').check();
  await page.fill('#offer-salary_min', over.min ?? '12000');
  await page.fill('#offer-salary_max', over.max ?? '16000');
  await page.selectOption('#offer-currency', 'PEN');
  await pickSkill(page, 'skills_required', 'Go', over.js ?? true);
  await page.fill(
    '#offer-description',
    '## Qué harás\n\n- Diseñar APIs en **Go**\n- Operar servicios en la nube\n\n<script>alert(1)</script>',
  );
}

/** A long choice: the searchable combobox once it has taken over, else (no JavaScript) the native select. */
async function choose(page: Page, name: string, value: string, label: string, js: boolean) {
  if (js) await chooseOption(page, `offer-${name}`, name, label, value);
  else await page.selectOption(`#offer-${name}`, value);
}

/** Choose a skill: in the searchable picker once it has loaded, else (no JavaScript) its checkbox. */
async function pickSkill(page: Page, name: string, label: string, js: boolean) {
  if (js) await pickSkills(page, `#offer-${name}`, [label]);
  else await page.locator(`#offer-${name}`).getByRole('checkbox', { name: label, exact: true }).check();
}

async function signUpCompany(page: Page, company: string) {
  await waitForForm(page, 'hire-signup-form');
  await page.fill('#hire-signup-form-name', 'Eva');
  await page.fill('#hire-signup-form-last_name', 'Ruiz');
  await page.fill('#hire-signup-form-company_name', company);
  await page.fill('#hire-signup-form-email', freshEmail('company'));
  await page.fill('#hire-signup-form-password', 'clave-segura-7');
  await page.locator('#hire-signup-form button[type=submit]').click();
}

async function newCandidate(browser: Browser) {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  await page.goto('/registro');
  await waitForForm(page, 'signup-form');
  await page.fill('#signup-form-name', 'Cande');
  await page.fill('#signup-form-last_name', 'Lara');
  await page.fill('#signup-form-email', freshEmail('cand'));
  await page.fill('#signup-form-password', 'clave-segura-7');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/match\/plataforma$/);
  return { context, page };
}

test('a visitor writes an offer, signs up on the way without losing it, publishes; a candidate applies; the company moves the application; others cannot touch it', async ({
  page,
  browser,
}) => {
  const title = `Backend Go ${word()}`;
  await page.goto('/hire/crear-oferta');
  await expect(page.getByTestId('market-check')).toContainText('Elige rol, país y seniority');
  await fillOffer(page, title);
  await page.getByRole('button', { name: 'Vista previa' }).click();
  await expect(page.getByTestId('offer-preview').locator('strong')).toHaveText('Go');
  await expect(page.getByTestId('offer-preview')).toContainText('<script>alert(1)</script>');
  await expect(page.getByTestId('market-verdict')).toHaveText(/Por debajo del mercado|Competitivo|Por encima del mercado/);
  await expect(page.locator('#offer-title')).toHaveValue(title);

  await page.getByRole('button', { name: 'Publicar oferta gratis' }).click();
  await expect(page).toHaveURL(/\/hire\/empezar-ahora\?redirect=%2Fhire%2Fcrear-oferta&draft=1$/);
  await expect(page.getByText('Crea tu cuenta de empresa para publicar la oferta que escribiste')).toBeVisible();
  await signUpCompany(page, `Andes ${word()}`);
  await expect(page).toHaveURL(/\/hire\/crear-oferta$/);
  await expect(page.getByTestId('draft-restored')).toBeVisible();
  await expect(page.locator('#offer-title')).toHaveValue(title);
  // The restored draft keeps its skill, shown as a chip of the picker that can remove it.
  await expect(page.locator('#offer-skills_required').getByRole('button', { name: 'Quitar Go' })).toBeVisible();
  await expect(page.locator('#offer-skills_required').getByRole('status')).toHaveText('Elegidas: 1');
  await expect(page.locator('#offer-skills_required .chip-removable', { hasText: 'Go' })).toBeVisible();
  await expect(page.locator('#offer-skills_required input[type=hidden][value=go]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Publicar oferta gratis' }).click();
  await expect(page).toHaveURL(/\/hire\/site\?published=/);
  await expect(page.getByTestId('site-notice')).toContainText('Oferta publicada');
  const row = page.getByTestId('company-offer').filter({ hasText: title });
  await expect(row).toContainText('Abierta');
  const offer = (await queryOne<{ id: number; slug: string }>('select id, slug from offers where title = ?', title))!;

  // In the search and on its page, with JobPosting data for a worldwide remote offer.
  await page.goto(`/trabajos?q=${encodeURIComponent(title.split(' ').pop()!)}`);
  await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', `/oferta/${offer.slug}`);
  await page.goto(`/oferta/${offer.slug}`);
  await expect(page.getByText('Esta es una oferta de tu empresa')).toBeVisible();
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld).toMatchObject({
    '@type': 'JobPosting',
    title,
    jobLocationType: 'TELECOMMUTE',
    applicantLocationRequirements: [{ name: 'Chile' }, { name: 'Peru' }],
    baseSalary: { currency: 'PEN', value: { minValue: 12000, maxValue: 16000, unitText: 'MONTH' } },
  });

  // A candidate applies.
  const cand = await newCandidate(browser);
  await cand.page.goto(`/oferta/${offer.slug}`);
  await cand.page.getByRole('button', { name: 'Postular ahora' }).click();
  await expect(cand.page.getByTestId('application-status')).toContainText('Enviada');

  // The company moves the application along the pipeline.
  await page.goto('/hire/site');
  const withApplicant = page.getByTestId('company-offer').filter({ hasText: title });
  // With an applicant, the row's one primary action leads to them and the count is a figure, not "Postulantes: 1".
  await expect(withApplicant.getByTestId('applicant-count').locator('.count')).toHaveText('1');
  await expect(withApplicant.getByTestId('applicant-count').locator('.count')).not.toHaveClass(/count-zero/);
  await expect(withApplicant.getByTestId('primary-action')).toHaveText('Ver postulantes');
  await expect(withApplicant.getByTestId('primary-action')).toHaveAccessibleName(`Ver postulantes: ${title}`);
  await withApplicant.getByTestId('primary-action').click();
  await expect(page).toHaveURL(new RegExp(`/hire/site/oferta/${offer.id}$`));
  await page.getByTestId('applicant').filter({ hasText: 'Cande Lara' }).getByTestId('applicant-open').click();
  await page.getByLabel('Estado', { exact: true }).selectOption('technical-interview');
  await page.getByTestId('move-submit').click();
  await expect(page.getByTestId('tracker-notice')).toContainText('Estado actualizado');
  await expect(page.getByLabel('Estado', { exact: true })).toHaveValue('technical-interview');

  // The candidate sees the new status.
  await cand.page.goto('/match/plataforma');
  await expect(cand.page.getByTestId('application-row').filter({ hasText: title })).toContainText('Entrevista técnica');
  await cand.context.close();

  // Another company sees nothing of it and cannot change it, on the page or through the API.
  const otherContext = await browser.newContext({ locale: 'es-ES' });
  const other = await otherContext.newPage();
  await other.goto('/hire/empezar-ahora');
  await signUpCompany(other, `Otra ${word()}`);
  await expect(other).toHaveURL(/\/hire\/site$/);
  await expect(other.getByTestId('company-offer')).toHaveCount(0);
  // Another company's offer answers like an unknown id, so ids of other companies do not leak.
  expect((await other.goto(`/hire/crear-oferta?oferta=${offer.id}`))?.status()).toBe(404);
  const origin = new URL(other.url()).origin;
  expect((await other.request.get(`/api/v3/hire/offers/${offer.id}`, { headers: { origin } })).status()).toBe(404);
  expect((await other.request.post(`/api/v3/hire/offers/${offer.id}/close`, { headers: { origin } })).status()).toBe(404);
  expect(
    (
      await other.request.post('/hire/site', {
        form: { intent: 'offer-action', offer: String(offer.id), action: 'close' },
        headers: { origin },
      })
    ).status(),
  ).toBe(404);
  await otherContext.close();
  expect(await queryOne('select status from offers where id = ?', offer.id)).toEqual({ status: 'published' });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('a company publishes with plain form posts, fixes a wrong range without losing anything, then pauses, renews and closes', async ({
    page,
  }) => {
    await page.goto('/en/hire/empezar-ahora');
    await page.fill('#hire-signup-form-name', 'Noah');
    await page.fill('#hire-signup-form-last_name', 'Script');
    await page.fill('#hire-signup-form-company_name', `Plain ${word()}`);
    await page.fill('#hire-signup-form-email', freshEmail('nojs-company'));
    await page.fill('#hire-signup-form-password', 'clave-segura-7');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/en\/hire\/site$/);
    await page.goto('/en/hire/create-offer');
    const title = `Go backend ${word()}`;
    await fillOffer(page, title, { min: '16000', max: '9000', js: false });
    await page.getByRole('button', { name: 'Publish offer for free' }).click();
    await expect(page.locator('#offer-salary_max-error')).toHaveText('The maximum must be at least the minimum.');
    await expect(page.locator('#offer-title')).toHaveValue(title);
    await expect(page.locator('#offer-description')).toHaveValue(/Diseñar APIs/);
    await page.fill('#offer-salary_max', '18000');
    await page.getByRole('button', { name: 'Publish offer for free' }).click();
    await expect(page).toHaveURL(/\/en\/hire\/site\?published=/);
    const row = () => page.getByTestId('company-offer').filter({ hasText: title });
    // Every state change but the primary action sits in the row's <details> menu, which opens without scripts.
    const act = async (name: string) => {
      await expect(row().getByRole('button', { name: `${name}: ${title}` })).toBeHidden();
      await row()
        .locator('summary', { hasText: `More actions: ${title}` })
        .click();
      await row()
        .getByRole('button', { name: `${name}: ${title}` })
        .click();
    };
    await expect(row().getByTestId('primary-action')).toHaveAccessibleName(`Edit: ${title}`);
    await act('Pause');
    await expect(row()).toContainText('Paused');
    await act('Resume');
    await expect(row()).toContainText('Open');
    await act('Close');
    // Closing asks first (a confirmation step without JavaScript).
    await expect(page.getByTestId('close-confirm')).toContainText(title);
    await expect(row()).toContainText('Open');
    await page.getByTestId('close-confirm-submit').click();
    await expect(row()).toContainText('Closed');
    await expect(page.getByTestId('site-notice')).toHaveText('Offer closed.');
    await act('Renew 60 days');
    await expect(row()).toContainText('Open');
  });
});

test('the workspace: a real tablist, one primary action per row with the rest in a menu, the logo, the pager, a phone', async ({
  page,
}) => {
  const company = `Quipu ${word()}`;
  await page.goto('/hire/empezar-ahora');
  await signUpCompany(page, company);
  await expect(page).toHaveURL(/\/hire\/site$/);
  // The header carries the company's logo, here its generated mark (shapes, no letters).
  await expect(page.locator('.workspace-head svg.company-mark')).toBeVisible();
  await expect(page.locator('.workspace-head svg.company-mark')).toHaveText('');
  await page.goto('/hire/crear-oferta');
  const title = `Plataforma ${word()}`;
  await fillOffer(page, title);
  await page.getByRole('button', { name: 'Publicar oferta gratis' }).click();
  await expect(page).toHaveURL(/\/hire\/site\?published=/);
  await waitForHydration(page);

  // Tabs: links with the tab roles; the selected one controls the panel that labels itself by it.
  const tablist = page.getByRole('tablist', { name: 'Secciones del panel' });
  const offersTab = tablist.getByRole('tab', { name: /Mis ofertas/ });
  const candidatesTab = tablist.getByRole('tab', { name: 'Buscar candidatos' });
  await expect(tablist.getByRole('tab')).toHaveCount(2);
  await expect(offersTab).toHaveAttribute('aria-selected', 'true');
  await expect(offersTab).toHaveAttribute('aria-controls', 'panel-offers');
  await expect(candidatesTab).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('id', 'panel-offers');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'tab-offers');
  // Only the selected tab is in the tab order; arrows move between tabs, Enter follows one.
  await expect(candidatesTab).toHaveAttribute('tabindex', '-1');
  await offersTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(candidatesTab).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(offersTab).toBeFocused();

  // One primary action per row; the applicant count is a quiet figure; closing is in the menu, not on the row.
  const row = page.getByTestId('company-offer').filter({ hasText: title });
  await expect(row.getByTestId('primary-action')).toHaveCount(1);
  await expect(row.getByTestId('primary-action')).toHaveText('Editar');
  await expect(row.getByTestId('primary-action')).toHaveAccessibleName(`Editar: ${title}`);
  await expect(row.getByTestId('applicant-count').locator('.count')).toHaveText('0');
  await expect(row.getByTestId('applicant-count').locator('.count')).toHaveClass(/count-zero/);
  await expect(row).not.toContainText('Postulantes:');
  const close = row.getByRole('button', { name: `Cerrar: ${title}` });
  await expect(close).toBeHidden();
  const toggle = row.locator('summary');
  // The menus' keys come with a chunk loaded after hydration.
  await expect(page.locator('#offers-list[data-menu-keys="ready"]')).toHaveCount(1);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('link', { name: `Ver página pública: ${title}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Pausar: ${title}` })).toBeVisible();
  await expect(close).toBeVisible();
  // Escape closes the menu and gives the focus back to its toggle.
  await page.keyboard.press('Escape');
  await expect(close).toBeHidden();
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme), 'menu open').toEqual([]);
  await close.click();
  // Closing asks first; the confirmation names the offer and passes the scan too.
  await expect(page.getByTestId('close-confirm')).toContainText(title);
  for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme), 'close confirmation').toEqual([]);
  await page.getByTestId('close-confirm-submit').click();
  await expect(page.getByTestId('site-notice')).toHaveText('Oferta cerrada.');
  await expect(page.getByTestId('company-offer').filter({ hasText: title })).toContainText('Cerrada');

  // The logo picker speaks Spanish and names the chosen file.
  await expect(page.locator('.file-pick-button')).toHaveText('Elegir archivo');
  await page.setInputFiles('#company-logo', { name: 'logo-quipu.png', mimeType: 'image/png', buffer: Buffer.from('x') });
  await expect(page.getByTestId('file-name')).toHaveText('logo-quipu.png');

  // The candidates' pager (decision 054): a navigation landmark; where the page is among all profiles, the
  // first page and the next ones by their real count; no page numbers it could not reach.
  await candidatesTab.click();
  await expect(page).toHaveURL(/\?vista=candidatos$/);
  await expect(candidatesTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'tab-candidates');
  const pager = page.getByRole('navigation', { name: 'Páginas de candidatos' });
  await expect(pager.locator('[aria-current="page"]')).toHaveText(/^1–20 de [\d.]+$/);
  await expect(pager.locator('a[rel="first"]')).toHaveCount(0);
  await expect(pager.locator('a[rel="next"]')).toHaveText('Siguientes 20');
  await pager.locator('a[rel="next"]').click();
  await expect(page).toHaveURL(/vista=candidatos&cursor=[\w-]+$/);
  await expect(pager.locator('[aria-current="page"]')).toHaveText(/^21–40 de [\d.]+$/);
  await expect(pager.locator('li')).toHaveCount(3);
  await expect(pager.locator('a[rel="first"]')).toHaveText('Primera página');
  await expect(pager.locator('a[rel="next"]')).toHaveText('Siguientes 20');
  const [status, next] = [await pager.locator('[aria-current="page"]').boundingBox(), await pager.locator('a[rel="next"]').boundingBox()];
  expect(status!.x + status!.width).toBeLessThan(next!.x);
  const second = new URL(page.url()).search;
  // A made-up cursor is the first page, not an error.
  await page.goto('/hire/site?vista=candidatos&cursor=inventado');
  await expect(pager.locator('[aria-current="page"]')).toHaveText(/^1–20 de [\d.]+$/);

  // Phones: nothing scrolls sideways, at 390 px and 320 px, in both languages.
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    for (const path of ['/hire/site', `/hire/site${second}`, '/en/hire/site', `/en/hire/site${second}`]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
});

test('the offer form and the workspace pass the accessibility scan, light and dark, in both languages', async ({ page }) => {
  await signIn(page, '/ingresar', 'empresa@demo.tandem.example', 'tandem-demo-2026');
  await expect(page).toHaveURL(/\/hire\/site$/);
  for (const path of ['/hire/crear-oferta', '/en/hire/create-offer', '/hire/site', '/en/hire/site?vista=candidatos']) {
    await page.goto(path);
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme), path).toEqual([]);
  }
});
