import { expect, test, type Browser, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { axeViolations, chooseOption, freshEmail, openSessionMenu, pickSkills, queryOne, signIn, waitForForm } from './fixtures';

/** A real PNG of the given size (solid colour), built in memory. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x7c)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function signUpCandidate(page: Page, name: string) {
  const email = freshEmail(name.toLowerCase());
  await page.goto('/registro');
  await waitForForm(page, 'signup-form');
  await page.fill('#signup-form-name', name);
  await page.fill('#signup-form-last_name', 'Perfil');
  await page.fill('#signup-form-email', email);
  await page.fill('#signup-form-password', 'clave-segura-9');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/match\/plataforma$/);
  const row = await queryOne<{ profile_slug: string }>('select profile_slug from users where email = ?', email);
  return { email, slug: row!.profile_slug };
}

async function newPage(browser: Browser, opts: Parameters<Browser['newContext']>[0] = {}) {
  const ctx = await browser.newContext({ locale: 'es-ES', ...opts });
  return ctx.newPage();
}

test('the owner edits their profile and picture; it becomes public; others see it but cannot change it', async ({ page, browser }) => {
  const { slug } = await signUpCandidate(page, 'Renata');
  await openSessionMenu(page);
  await page.getByRole('menuitem', { name: 'Mi perfil' }).click();
  await expect(page).toHaveURL(new RegExp(`/ly/${slug}$`));
  await expect(page.getByText('Tu perfil es privado: solo tú lo ves.')).toBeVisible();

  await page.fill('#profile-headline', 'Frontend con 5 años en fintech');
  await chooseOption(page, 'profile-country', 'country', 'Perú', 'peru');
  await chooseOption(page, 'profile-role', 'role', 'Desarrollador/a Frontend', 'frontend');
  await page.selectOption('#profile-seniority', 'senior');
  await page.fill('#profile-years', '6');
  await page.selectOption('#profile-english', 'advanced');
  await page.fill('#profile-salary', '3200');
  await pickSkills(page, '#profile-form', ['React', 'TypeScript']);
  await page.getByLabel('Perfil público (visible para empresas y en tu enlace)').check();
  await page.setInputFiles('#profile-picture', { name: 'foto.png', mimeType: 'image/png', buffer: png(640, 480) });
  await page.getByRole('button', { name: 'Guardar cambios' }).click();

  await expect(page).toHaveURL(new RegExp(`/ly/${slug}\\?saved=1$`));
  await expect(page.getByRole('status').filter({ hasText: 'Guardamos tu perfil.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renata Perfil');
  await expect(page.locator('.profile-headline')).toHaveText('Frontend con 5 años en fintech');
  await expect(page.locator('.profile-card .chips')).toContainText('React');
  const src = await page.locator('img.profile-picture').getAttribute('src');
  expect(src).toMatch(/^\/uploads\/avatars\/\d+-[0-9a-f]{16}\.webp$/);
  const img = await page.request.get(src!);
  expect(img.status()).toBe(200);
  expect(img.headers()['content-type']).toBe('image/webp');
  expect(img.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  // Anonymous visitors see the public profile, without the editor or the salary expectation.
  const anon = await newPage(browser, { javaScriptEnabled: false });
  await anon.goto(`/en/ly/${slug}`);
  await expect(anon.getByRole('heading', { level: 1 })).toHaveText('Renata Perfil');
  await expect(anon.locator('#profile-form')).toHaveCount(0);
  await expect(anon.getByText(/3,200|3200/)).toHaveCount(0);

  // Another signed-in user cannot change it, not even by posting to the page directly.
  const other = await newPage(browser);
  await signIn(other, '/ingresar', 'candidata@demo.tandem.example', 'tandem-demo-2026');
  await expect(other).toHaveURL(/\/match\/plataforma$/);
  await other.goto(`/ly/${slug}`);
  await expect(other.locator('#profile-form')).toHaveCount(0);
  const forged = await other.request.post(`/ly/${slug}`, {
    multipart: { headline: 'Hackeado', availability: 'open-to-offers', is_public: 'on' },
    headers: { origin: new URL(other.url()).origin },
  });
  expect(forged.status()).toBe(403);
  expect(
    (
      await queryOne<{ headline: string }>(
        'select headline from candidate_profiles p join users u on u.id = p.user_id where u.profile_slug = ?',
        slug,
      )
    )?.headline,
  ).toBe('Frontend con 5 años en fintech');
  await other.context().close();
  await anon.context().close();
});

test('a file that is not an image, or a number out of range, is refused with a clear message, keeping what was typed', async ({ page }) => {
  const { slug } = await signUpCandidate(page, 'Imagen');
  await page.goto(`/en/ly/${slug}`);
  await page.fill('#profile-headline', 'QA engineer');
  await page.setInputFiles('#profile-picture', {
    name: 'virus.png',
    mimeType: 'image/png',
    buffer: Buffer.from('MZ this is not a picture'),
  });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#profile-picture-error')).toHaveText('Upload a JPEG, PNG or WebP image.');
  await expect(page.locator('#profile-headline')).toHaveValue('QA engineer');
  await page.fill('#profile-years', '75');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#profile-years-error')).toHaveText('Enter a whole number from 0 to 60.');
  await expect(page.locator('#profile-years')).toHaveValue('75');
});

test('a private profile is not found for anyone but its owner', async ({ page, browser }) => {
  const { slug } = await signUpCandidate(page, 'Privada');
  await page.goto(`/ly/${slug}`);
  await expect(page.locator('#profile-form')).toBeVisible();
  const anon = await newPage(browser);
  const res = await anon.goto(`/ly/${slug}`);
  expect(res?.status()).toBe(404);
  await expect(anon.locator('[data-error-kind="talent"]')).toBeVisible();
  await anon.context().close();
});

test('a company edits its details from /hire/site, also without JavaScript', async ({ browser }) => {
  const page = await newPage(browser, { javaScriptEnabled: false });
  await page.goto('/en/login');
  await page.fill('#login-form-email', 'empresa@demo.tandem.example');
  await page.fill('#login-form-password', 'tandem-demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await expect(page).toHaveURL(/\/en\/hire\/site$/);
  await page.fill('#company-website', 'not a url');
  await page.getByRole('button', { name: 'Save company' }).click();
  await expect(page.locator('#company-website-error')).toHaveText('Enter a web address starting with https://');
  await page.fill('#company-website', 'https://andes.example');
  await page.selectOption('#company-size', '51-200');
  await page.setInputFiles('#company-logo', { name: 'logo.png', mimeType: 'image/png', buffer: png(200, 120) });
  await page.getByRole('button', { name: 'Save company' }).click();
  await expect(page).toHaveURL(/\/en\/hire\/site\?saved=1$/);
  await expect(page.getByRole('status')).toHaveText('Your company details are saved.');
  await expect(page.locator('#company-website')).toHaveValue('https://andes.example');
  await expect(page.locator('img.company-logo')).toHaveAttribute('src', /^\/uploads\/logos\/\d+-[0-9a-f]{16}\.webp$/);
  // The accessibility scan needs scripts: the same session in a context with JavaScript.
  const state = await page.context().storageState();
  await page.context().close();
  const scan = await newPage(browser, { storageState: state });
  await scan.goto('/en/hire/site');
  for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(scan, scheme)).toEqual([]);
  await scan.context().close();
});

test('workspaces send anonymous visitors to sign in; the other account type gets the permissions page', async ({ page }) => {
  await page.goto('/hire/site');
  await expect(page).toHaveURL(/\/ingresar\?redirect=%2Fhire%2Fsite$/);
  await waitForForm(page, 'login-form');
  // One form for both kinds of account: nothing to choose, the account says it is a company.
  await expect(page.locator('#login-form input[name=type]')).toHaveCount(0);
  await signIn(page, page.url(), 'empresa@demo.tandem.example', 'tandem-demo-2026');
  await expect(page).toHaveURL(/\/hire\/site$/);
  // A company on a candidate page: who the page is for and the way to its own workspace (403, not an error).
  expect((await page.goto('/match/plataforma'))?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Esta página es para candidatos');
  await expect(page.locator('body')).not.toContainText('Algo salió mal');
  await page.getByRole('link', { name: 'Ir a mi panel de empresa' }).click();
  await expect(page).toHaveURL(/\/hire\/site$/);
  expect((await page.goto('/en/match/cursos'))?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('This page is for candidates');
  await expect(page.getByRole('link', { name: 'Go to my company workspace' })).toBeVisible();
});

test('a candidate on a company page gets the permissions page, light and dark, in both languages', async ({ page }) => {
  await signIn(page, '/ingresar', 'candidata@demo.tandem.example', 'tandem-demo-2026');
  await page.waitForURL((u) => !u.pathname.startsWith('/ingresar'));
  expect((await page.goto('/hire/site'))?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Esta página es para empresas');
  await expect(page.getByRole('link', { name: 'Ir a mi panel de candidato' })).toHaveAttribute('href', '/match/plataforma');
  for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme)).toEqual([]);
  expect((await page.goto('/en/hire/site/team'))?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('This page is for companies');
});

test('signed-in pages pass the accessibility scan, light and dark, and fit a phone', async ({ page }) => {
  const { slug } = await signUpCandidate(page, 'Axe');
  for (const path of [`/ly/${slug}`, '/match/plataforma', `/en/ly/${slug}`]) {
    await page.goto(path);
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme), path).toEqual([]);
  }
  // The owner's profile with its editor, at 390 px: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [`/ly/${slug}`, `/en/ly/${slug}`, '/match/plataforma']) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
