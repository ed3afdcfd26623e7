import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Locale } from '../src/i18n/locales';
import { href } from '../src/routes';
import { axeViolations, freshEmail, newPage, queryOne, signIn, waitForForm } from './fixtures';

// The applicant tracker (decision 048), in both languages: two candidates apply; the company, on a phone,
// writes a note and a rating, moves both with a bulk move after its confirmation; on a wide screen the board
// shows stages side by side and a card moves from the keyboard; the company rejects one with the template
// in the candidate's language, and the candidate sees "not selected" and the message. Axe, light and dark.
const COMPANY = { email: 'empresa@demo.tandem.example', password: 'tandem-demo-2026' };

const L = {
  es: {
    createAccount: 'Crear cuenta',
    apply: 'Postular ahora',
    select: (n: string) => `Seleccionar a ${n}`,
    newStage: 'Nueva etapa',
    moved: 'Postulantes movidos: 2.',
    notSelected: 'No seleccionado',
    template: (n: string) => `Hola, ${n}:`,
    companyMessage: 'Mensaje de la empresa',
    history: 'movió a Entrevista inicial',
  },
  en: {
    createAccount: 'Create account',
    apply: 'Apply now',
    select: (n: string) => `Select ${n}`,
    newStage: 'New stage',
    moved: 'Applicants moved: 2.',
    notSelected: 'Not selected',
    template: (n: string) => `Hello ${n},`,
    companyMessage: 'Message from the company',
    history: 'moved to Initial interview',
  },
} as const;

const companyOffer = () =>
  queryOne<{ slug: string; id: number; title: string }>(
    `select o.slug, o.id, o.title from offers o join company_users cu on cu.company_id = o.company_id join users u on u.id = cu.user_id
      where u.email = ? and o.status = 'published' and o.valid_through > ? order by o.id limit 1`,
    COMPANY.email,
    new Date().toISOString(),
  );

async function candidateApplies(browser: Browser, locale: Locale, name: string, last: string, slug: string): Promise<Page> {
  const cand = await newPage(browser, locale);
  await cand.goto(href('signUp', locale));
  await waitForForm(cand, 'signup-form');
  await cand.fill('#signup-form-name', name);
  await cand.fill('#signup-form-last_name', last);
  await cand.fill('#signup-form-email', freshEmail(`tracker-${locale}`));
  await cand.fill('#signup-form-password', 'clave-segura-7');
  await cand.getByRole('button', { name: L[locale].createAccount }).click();
  await cand.waitForURL((u) => !u.pathname.startsWith(href('signUp', locale)));
  await cand.goto(href('offer', locale, { slug }));
  await cand.getByRole('button', { name: L[locale].apply }).click();
  await expect(cand.getByTestId('application-status')).toBeVisible();
  return cand;
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const locale of ['es', 'en'] as const) {
  test(`a company tracks applicants: note, rating, bulk move, board, rejection with the template (${locale})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const l = L[locale];
    const offer = (await companyOffer())!;
    const tag = `${locale}${Date.now().toString(36)}`;
    const [first, second] = [`Trackuno${tag}`, `Trackdos${tag}`];
    const cand = await candidateApplies(browser, locale, 'Lía', first, offer.slug);
    await candidateApplies(browser, locale, 'Teo', second, offer.slug);
    const name1 = `Lía ${first}`;
    const name2 = `Teo ${second}`;

    // The company on a phone: the list, nothing scrolls sideways.
    const co = await newPage(browser, locale);
    await co.setViewportSize({ width: 390, height: 844 });
    await signIn(co, href('login', locale), COMPANY.email, COMPANY.password);
    await co.waitForURL((u) => !u.pathname.startsWith(href('login', locale)));
    const applicants = href('hireApplicants', locale, { id: String(offer.id) });
    await co.goto(applicants);
    await expect(co.getByTestId('applicant').filter({ hasText: name1 })).toBeVisible();
    expect(await noSideScroll(co)).toBe(0);

    // A note and a rating on the first one's page.
    await co.getByTestId('applicant').filter({ hasText: name1 }).getByTestId('applicant-open').click();
    await expect(co).toHaveURL(/\/hire\/site\/(candidatura|application)\/\d+$/);
    const applicationUrl = new URL(co.url()).pathname;
    await co.fill('#note', `Buena comunicación ${tag}`);
    await co.getByTestId('note-submit').click();
    await expect(co.getByTestId('note').first()).toContainText(`Buena comunicación ${tag}`);
    await co.locator('input[name="rating"][value="4"]').check();
    await co.getByTestId('rating-submit').click();
    await expect(co.getByTestId('rating-average')).toContainText('4');
    expect(await noSideScroll(co)).toBe(0);
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(co, scheme)).toEqual([]);

    // Bulk move of both after a confirmation.
    await co.goto(applicants);
    await co.getByLabel(l.select(name1)).check();
    await co.getByLabel(l.select(name2)).check();
    await co.getByLabel(l.newStage).selectOption('initial-interview');
    await co.getByTestId('bulk-submit').click();
    const confirm = co.getByTestId('bulk-confirm');
    await expect(confirm).toContainText(name1);
    await expect(confirm).toContainText(name2);
    await confirm.getByTestId('bulk-confirm-submit').click();
    await expect(co.getByTestId('tracker-notice')).toHaveText(l.moved);
    await expect(co.getByTestId('applicant').filter({ hasText: name1 })).toHaveAttribute('data-status', 'initial-interview');
    await expect(co.getByTestId('applicant').filter({ hasText: name2 })).toHaveAttribute('data-status', 'initial-interview');
    expect(await noSideScroll(co)).toBe(0);

    // A wide screen: the board's columns side by side; a card moves to the next stage from the keyboard.
    await co.setViewportSize({ width: 1280, height: 900 });
    const columns = co.getByTestId('board-column');
    const [a, b] = [await columns.nth(0).boundingBox(), await columns.nth(1).boundingBox()];
    expect(a!.y).toBe(b!.y);
    expect(b!.x).toBeGreaterThan(a!.x);
    const next = co.getByTestId('applicant').filter({ hasText: name2 }).getByTestId('move-next');
    await next.focus();
    await expect(next).toBeFocused();
    await co.keyboard.press('Enter');
    await expect(co.getByTestId('tracker-notice')).toBeVisible();
    await expect(co.locator('[data-testid="board-column"][data-status="technical-interview"]')).toContainText(name2);
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(co, scheme)).toEqual([]);

    // The rejection: the template in the candidate's language, sent as it is.
    await co.goto(applicationUrl);
    await expect(co.getByTestId('history-event').filter({ hasText: l.history })).toHaveCount(1);
    await expect(co.locator('#message')).toHaveValue(new RegExp(`^${l.template(name1.split(' ')[0]!)}`));
    await co.locator('#reason').selectOption('skills');
    await co.getByTestId('reject-submit').click();
    await expect(co.getByTestId('tracker-notice')).toBeVisible();
    await expect(co.getByTestId('rejection')).toBeVisible();

    // The candidate: "not selected" and the message, never the reason.
    await cand.goto(href('matchPlatform', locale));
    const row = cand.getByTestId('application-row').filter({ hasText: offer.title });
    await expect(row).toContainText(l.notSelected);
    await row.getByText(l.companyMessage).click();
    await expect(row.getByTestId('application-message')).toContainText(l.template('Lía'));
    await co.context().close();
    await cand.context().close();
  });
}
