import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  axeViolations,
  DEMO_COMPANY,
  freshEmail,
  openApplicantConversation,
  queryOne,
  signIn,
  waitForForm,
  waitForHydration,
} from './fixtures';

// Conversations (decision 043): the company writes from an applicant row; the candidate sees the unread
// count on their application, reads (the company sees "Visto"), answers without JavaScript and with it, in
// Spanish and in English. Both pages pass axe in light and dark and fit a phone.
const companyOffer = () =>
  queryOne<{ slug: string; id: number; title: string }>(
    `select o.slug, o.id, o.title from offers o join company_users cu on cu.company_id = o.company_id join users u on u.id = cu.user_id
      where u.email = ? and o.status = 'published' and o.valid_through > ? order by o.id limit 1`,
    DEMO_COMPANY.email,
    new Date().toISOString(),
  );

/** A new candidate signs up (in a context of its own) and applies to the offer. */
async function candidateApplies(browser: Browser, offerSlug: string, name: string, last: string, emailTag: string) {
  const candidate = await browser.newContext({ locale: 'es-ES' });
  const cand = await candidate.newPage();
  await cand.goto('/registro');
  await waitForForm(cand, 'signup-form');
  await cand.fill('#signup-form-name', name);
  await cand.fill('#signup-form-last_name', last);
  await cand.fill('#signup-form-email', freshEmail(emailTag));
  await cand.fill('#signup-form-password', 'clave-segura-7');
  await cand.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(cand).toHaveURL(/\/match\/plataforma$/);
  await cand.goto(`/oferta/${offerSlug}`);
  await cand.getByRole('button', { name: 'Postular ahora' }).click();
  await expect(cand.getByTestId('application-status')).toContainText('Postulaste el');
  return { candidate, cand };
}

async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  const send = await page.getByTestId('send-message').boundingBox();
  expect(send!.height).toBeGreaterThanOrEqual(44);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a company writes from the applicant row; the candidate sees it unread, reads, answers without and with JavaScript', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const offer = (await companyOffer())!;
  const last = `Conversa${Date.now().toString(36)}`;

  // A candidate signs up and applies.
  const { candidate, cand } = await candidateApplies(browser, offer.slug, 'Mara', last, 'messages');

  // The company opens the applicant's conversation from the row and writes (with JavaScript: no reload).
  const { company, co } = await openApplicantConversation(browser, offer.id, last);
  const id = /\/(\d+)$/.exec(new URL(co.url()).pathname)![1]!;
  await waitForHydration(co);
  await expect(co.locator('#message-form[data-live]')).toBeVisible();
  await co.fill('#message-body', 'Hola Mara, ¿hablamos?\nDetalles: https://example.com/puesto <b>hola</b>');
  await co.getByTestId('send-message').click();
  await expect(co.getByTestId('message')).toHaveCount(1);
  await expect(co.locator('#message-body')).toHaveValue('');
  const link = co.getByTestId('message').getByRole('link', { name: 'https://example.com/puesto' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(co.getByTestId('message')).toContainText('<b>hola</b>');
  await expect(co.getByTestId('seen')).toHaveCount(0);

  // The candidate sees one unread message on the application row, reads it, and the count goes.
  await cand.goto('/match/plataforma');
  const row = cand.getByTestId('application-row').filter({ hasText: offer.title });
  await expect(row.getByTestId('unread')).toHaveText('1 sin leer');
  await row.getByTestId('application-messages').click();
  await expect(cand).toHaveURL(new RegExp(`/match/plataforma/mensajes/${id}$`));
  await expect(cand.getByTestId('message')).toContainText('Hola Mara, ¿hablamos?');
  await cand.goto('/match/plataforma');
  await expect(row.getByTestId('unread')).toHaveCount(0);
  // The company's page learns it was read (polling, ~10 s).
  await expect(co.getByTestId('seen')).toHaveText('Visto', { timeout: 25_000 });

  // Without JavaScript: a plain post and back; an empty message keeps the form with the reason.
  const plain = await browser.newContext({ locale: 'es-ES', javaScriptEnabled: false, storageState: await candidate.storageState() });
  const nj = await plain.newPage();
  await nj.goto(`/match/plataforma/mensajes/${id}`);
  await nj.fill('#message-body', '   ');
  await nj.getByTestId('send-message').click();
  await expect(nj.locator('#message-body-error')).toHaveText('Escribe un mensaje antes de enviarlo.');
  await nj.fill('#message-body', 'Sí, claro.\nMañana puedo.');
  await nj.getByTestId('send-message').click();
  await expect(nj).toHaveURL(new RegExp(`/match/plataforma/mensajes/${id}#message-form$`));
  await expect(nj.getByTestId('message')).toHaveCount(2);
  await expect(nj.getByTestId('message').last()).toContainText('Sí, claro.');
  await plain.close();
  // The company's open page gets it without reloading.
  await expect(co.getByTestId('message')).toHaveCount(2, { timeout: 25_000 });

  // In English, with JavaScript: the reply appears at once; the company reads it and the candidate sees "Seen".
  await cand.goto(`/en/match/plataforma/messages/${id}`);
  await waitForHydration(cand);
  await expect(cand.getByRole('heading', { level: 1 })).toContainText('Conversation with');
  await expect(cand.locator('#message-form[data-live]')).toBeVisible();
  await cand.fill('#message-body', 'Thanks, talk soon!');
  await cand.getByRole('button', { name: 'Send' }).click();
  await expect(cand.getByTestId('message')).toHaveCount(3);
  await expect(co.getByTestId('message')).toHaveCount(3, { timeout: 25_000 });
  await expect(cand.getByTestId('seen')).toHaveText('Seen', { timeout: 25_000 });

  for (const page of [co, cand]) {
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme)).toEqual([]);
    await fitsPhone(page);
  }
  // The inboxes list the conversation.
  await co.goto('/en/hire/site/messages');
  await expect(co.getByTestId('inbox-item').filter({ hasText: last })).toHaveCount(1);
  for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(co, scheme)).toEqual([]);
  await company.close();
  await candidate.close();
});

test('a company invites a public profile from its candidate browser; the candidate accepts and they talk; the invite form then links the conversation', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const last = `Invita${Date.now().toString(36)}`;
  const candidate = await browser.newContext({ locale: 'es-ES' });
  const cand = await candidate.newPage();
  await cand.goto('/registro');
  await waitForForm(cand, 'signup-form');
  await cand.fill('#signup-form-name', 'Rita');
  await cand.fill('#signup-form-last_name', last);
  await cand.fill('#signup-form-email', freshEmail('invited'));
  await cand.fill('#signup-form-password', 'clave-segura-7');
  await cand.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(cand).toHaveURL(/\/match\/plataforma$/);
  const slug = (await queryOne<{ slug: string }>('select profile_slug as slug from users where last_name = ?', last))!.slug;
  await cand.goto(`/ly/${slug}`);
  await waitForHydration(cand);
  await cand.getByLabel('Perfil público (visible para empresas y en tu enlace)').check();
  await cand.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(cand).toHaveURL(new RegExp(`/ly/${slug}\\?saved=1$`));

  const company = await browser.newContext({ locale: 'es-ES' });
  const co = await company.newPage();
  await signIn(co, '/ingresar', DEMO_COMPANY.email, DEMO_COMPANY.password);
  await co.waitForURL((u) => !u.pathname.startsWith('/ingresar'));
  // From the browser's row (the newest profiles are not on its first page: open the profile's invite form directly
  // when the row is not there).
  await co.goto('/hire/site?vista=candidatos');
  await expect(co.getByTestId('invite-link').first()).toHaveAttribute('href', /^\/ly\/[a-z0-9-]+#invite$/);
  await co.goto(`/ly/${slug}#invite`);
  const form = co.getByTestId('invite-form');
  for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(co, scheme)).toEqual([]);
  await form.locator('#invite-body').fill('Hola Rita, nos encantó tu perfil. ¿Hablamos?');
  await form.getByTestId('send-invite').click();
  await expect(co.getByTestId('invite-sent')).toBeVisible();
  await expect(co.getByText('Ya invitaste a esta persona y todavía no respondió.')).toHaveCount(0);

  await cand.goto('/match/plataforma');
  const inv = cand.getByTestId('invitation');
  await expect(inv).toContainText('Hola Rita, nos encantó tu perfil.');
  for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(cand, scheme)).toEqual([]);
  await inv.getByTestId('accept-invitation').click();
  await expect(cand).toHaveURL(/\/match\/plataforma\/mensajes\/\d+$/);
  await expect(cand.getByTestId('message')).toContainText('Hola Rita');

  await co.goto(`/ly/${slug}`);
  await co.getByRole('link', { name: 'Abrir la conversación' }).click();
  await expect(co).toHaveURL(cand.url().replace('/match/plataforma/mensajes/', '/hire/site/mensajes/'));
  await company.close();
  await candidate.close();
});

// A refused post without JavaScript answers the thread with the message prefilled. React puts a server-rendered
// <textarea> back to its default text when it hydrates it, so what was typed into that field before the page's
// script ran must survive both the hydration and the swap to the live thread (which reads the field).
test('text typed into a refused message before the page hydrates is kept by the live thread', async ({ browser }) => {
  test.setTimeout(120_000);
  const offer = (await companyOffer())!;
  const last = `Borrador${Date.now().toString(36)}`;
  const { candidate } = await candidateApplies(browser, offer.slug, 'Lía', last, 'draft');
  await candidate.close();
  const { company, co } = await openApplicantConversation(browser, offer.id, last);

  // From here on the page's scripts wait: the form posts as it does without JavaScript.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await co.route('**/assets/**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await co.reload();
  const field = co.locator('#message-body');
  const tooLong = 'x'.repeat(5001);
  await field.fill(tooLong);
  await co.getByTestId('send-message').click();
  await expect(co.locator('#message-body-error')).toBeVisible();
  await expect(field).toHaveValue(tooLong);
  await field.fill('Hola Lía, escrito antes de que cargue la página.');
  release();
  await expect(co.locator('#message-form[data-live]')).toBeVisible({ timeout: 15_000 });
  await expect(field).toHaveValue('Hola Lía, escrito antes de que cargue la página.');
  await co.unroute('**/assets/**/*.js');
  await co.getByTestId('send-message').click();
  await expect(co.getByTestId('message')).toHaveCount(1);
  await expect(co.getByTestId('message')).toContainText('escrito antes de que cargue la página');
  await company.close();
});
