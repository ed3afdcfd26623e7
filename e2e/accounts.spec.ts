import { expect, test, type Page } from '@playwright/test';
import { freshEmail, latestEmail, linkPath, openSessionMenu, queryOne, signIn, waitForForm } from './fixtures';

const DEMO = { candidate: 'candidata@demo.tandem.example', company: 'empresa@demo.tandem.example', password: 'tandem-demo-2026' };

async function fillSignUp(page: Page, id: string, f: Record<string, string>) {
  for (const [name, value] of Object.entries(f)) await page.fill(`#${id}-${name}`, value);
}

test.describe('with JavaScript', () => {
  test('a candidate signs up, lands on the platform, signs out and signs in again', async ({ page }) => {
    const email = freshEmail('cand');
    await page.goto('/registro');
    await waitForForm(page, 'signup-form');
    await fillSignUp(page, 'signup-form', { name: 'Valeria', last_name: 'Quispe', email, password: 'clave-segura-1' });
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page).toHaveURL(/\/match\/plataforma$/);
    const menu = page.getByTestId('session-menu');
    await expect(menu).toContainText('Valeria');
    await expect(page.getByRole('link', { name: 'Ingresar' })).toHaveCount(0);

    await openSessionMenu(page);
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('session-menu')).toHaveCount(0);
    const cookies = (await page.context().cookies()).map((c) => c.name);
    expect(cookies).not.toContain('tandem_token');
    expect(cookies).not.toContain('tandem_type');

    await signIn(page, '/ingresar', email, 'clave-segura-1');
    await expect(page).toHaveURL(/\/match\/plataforma$/);
    await expect(page.getByTestId('session-menu')).toContainText('Valeria');
  });

  test('the token cookie is HttpOnly: page scripts never see it', async ({ page }) => {
    await signIn(page, '/ingresar', DEMO.candidate, DEMO.password);
    await expect(page).toHaveURL(/\/match\/plataforma$/);
    expect(await page.evaluate(() => document.cookie)).not.toContain('tandem_token');
    const token = (await page.context().cookies()).find((c) => c.name === 'tandem_token')!;
    expect(token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(token.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  });

  test('a company signs up with its company name and lands on /hire/site', async ({ page }) => {
    const email = freshEmail('hire');
    await page.goto('/en/hire/empezar-ahora');
    await waitForForm(page, 'hire-signup-form');
    await fillSignUp(page, 'hire-signup-form', {
      name: 'Tomás',
      last_name: 'Rey',
      company_name: 'Nube Andina',
      email,
      password: 'clave-segura-2',
    });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/en\/hire\/site$/);
    await openSessionMenu(page);
    await expect(page.getByRole('menuitem', { name: 'My company' })).toBeVisible();
    const company = await queryOne<{ name: string }>(
      'select c.name from companies c join company_users cu on cu.company_id = c.id join users u on u.id = cu.user_id where u.email = ?',
      email,
    );
    expect(company?.name).toBe('Nube Andina');
  });

  test('a wrong password says so in the page language and keeps the email', async ({ page }) => {
    await signIn(page, '/en/login', DEMO.candidate, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('The email or password is not correct.');
    await expect(page.locator('#login-form-email')).toHaveValue(DEMO.candidate);
    await expect(page.locator('#login-form-password')).toHaveValue('not-the-password');
    await signIn(page, '/ingresar', DEMO.company, 'tampoco-es');
    await expect(page.getByRole('alert')).toContainText('El correo o la contraseña no son correctos.');
  });

  test('fields are checked as the user types, with a summary on submit', async ({ page }) => {
    await page.goto('/registro');
    await waitForForm(page, 'signup-form');
    await page.fill('#signup-form-email', 'ana@');
    await page.press('#signup-form-email', 'Tab');
    await expect(page.locator('#signup-form-email-error')).toHaveText('Escribe un correo válido.');
    await page.fill('#signup-form-email', 'ana@example.com');
    await expect(page.locator('#signup-form-email-error')).toHaveCount(0);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toContainText('Revisa los campos marcados.');
    await expect(summary.getByRole('link')).toHaveText([
      'Nombre: Este campo es obligatorio.',
      'Apellidos: Este campo es obligatorio.',
      'Contraseña: Este campo es obligatorio.',
    ]);
    await expect(page.locator('#signup-form-password')).toHaveAttribute('aria-invalid', 'true');
    await page.fill('#signup-form-password', 'secreta-1');
    await page.getByRole('button', { name: 'Mostrar' }).click();
    await expect(page.locator('#signup-form-password')).toHaveAttribute('type', 'text');
  });

  test('the submit button is disabled while posting', async ({ page }) => {
    await page.goto('/ingresar');
    await waitForForm(page, 'login-form');
    await page.route('**/ingresar', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.fill('#login-form-email', DEMO.candidate);
    await page.fill('#login-form-password', 'clave-incorrecta');
    await page.locator('#login-form button[type=submit]').click();
    await expect(page.locator('#login-form button[type=submit]')).toBeDisabled();
    await expect(page.locator('#login-form button[type=submit]')).toHaveText('Ingresando…');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.locator('#login-form button[type=submit]')).toBeEnabled();
  });

  test('signed-in visitors are sent home from guest-only pages', async ({ page }) => {
    await signIn(page, '/en/login', DEMO.company, DEMO.password);
    await expect(page).toHaveURL(/\/en\/hire\/site$/);
    let tab = page;
    for (const [path, home] of [
      ['/en/login', /\/en$/],
      ['/registro', /:\d+\/$/],
      ['/hire/empezar-ahora', /:\d+\/$/],
      ['/en/forgot-password', /\/en$/],
    ] as const) {
      // Each in its own tab, the last one closed: a page still hydrating would write its own language into
      // the locale cookie between the redirect and the request for '/', and '/' would follow that cookie.
      const next = await tab.context().newPage();
      await tab.close();
      tab = next;
      await tab.goto(path);
      await expect(tab).toHaveURL(home);
    }
  });

  test('a safe redirect parameter is followed after sign-in; another site is ignored', async ({ page }) => {
    await signIn(page, '/ingresar?redirect=%2Fherramientas', DEMO.candidate, DEMO.password);
    await expect(page).toHaveURL(/\/herramientas$/);
    await page.context().clearCookies();
    await signIn(page, '/ingresar?redirect=https%3A%2F%2Fevil.example%2F', DEMO.candidate, DEMO.password);
    await expect(page).toHaveURL(/\/match\/plataforma$/);
    // Dot segments and encoded dots that would leave '//evil.example' in Location.
    for (const attack of ['/.//evil.example/x', '/%2e//evil.example', '/a/../..//evil.example']) {
      await page.context().clearCookies();
      await signIn(page, `/ingresar?${new URLSearchParams({ redirect: attack })}`, DEMO.candidate, DEMO.password);
      await expect(page, attack).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/match\/plataforma$/);
    }
  });

  test('signing out ends the session on the server: the old token answers 401 afterwards', async ({ page }) => {
    await signIn(page, '/ingresar', DEMO.candidate, DEMO.password);
    await expect(page).toHaveURL(/\/match\/plataforma$/);
    const token = (await page.context().cookies()).find((c) => c.name === 'tandem_token')!.value;
    const me = () => page.request.get('/api/v3/match/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect((await me()).status()).toBe(200);
    await openSessionMenu(page);
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await me()).status()).toBe(401);
  });

  test('"sign out on every device" from the workspace ends the other sessions too', async ({ page, browser }) => {
    const email = freshEmail('everywhere');
    await page.goto('/registro');
    await waitForForm(page, 'signup-form');
    await fillSignUp(page, 'signup-form', { name: 'Irene', last_name: 'Vega', email, password: 'clave-segura-1' });
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page).toHaveURL(/\/match\/plataforma$/);
    const laptop = await browser.newContext({ locale: 'es-ES' });
    const other = await laptop.newPage();
    await signIn(other, '/ingresar', email, 'clave-segura-1');
    await expect(other).toHaveURL(/\/match\/plataforma$/);

    await page.getByTestId('sign-out-everywhere').click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByTestId('session-menu')).toHaveCount(0);
    await other.goto('/match/plataforma');
    await expect(other).toHaveURL(/\/ingresar\?redirect=/);
    await laptop.close();
  });

  test('the header shows the user in both locales', async ({ page }) => {
    await signIn(page, '/ingresar', DEMO.candidate, DEMO.password);
    await expect(page).toHaveURL(/\/match\/plataforma$/);
    for (const [path, workspace, profile] of [
      ['/', 'Mi plataforma', 'Mi perfil'],
      ['/en', 'My platform', 'My profile'],
    ] as const) {
      await page.goto(path);
      await openSessionMenu(page);
      await expect(page.getByRole('menuitem', { name: workspace })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: profile })).toHaveAttribute('href', /\/ly\/[a-z0-9-]+$/);
    }
  });

  test('a forgotten password is reset through the emailed link, which then signs the user in once', async ({ page }) => {
    const email = freshEmail('reset');
    await page.goto('/registro');
    await waitForForm(page, 'signup-form');
    await fillSignUp(page, 'signup-form', { name: 'Olvido', last_name: 'Test', email, password: 'primera-clave' });
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page).toHaveURL(/\/match\/plataforma$/);
    await page.context().clearCookies();

    await page.goto('/en/forgot-password');
    await waitForForm(page, 'forgot-form');
    await page.fill('#forgot-form-email', email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account exists for that email');
    const mail = await latestEmail(email);
    expect(mail).toMatchObject({ kind: 'password-reset', locale: 'en', subject: 'Reset your Tandem password' });
    const link = linkPath(mail.text);
    expect(link).toMatch(/^\/en\/reset-password\/[\w-]{43}$/);

    await page.goto(link);
    await waitForForm(page, 'reset-form');
    await page.fill('#reset-form-password', 'segunda-clave');
    await page.fill('#reset-form-passwordConfirmation', 'segunda-clave');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page).toHaveURL(/\/en\/match\/plataforma$/);
    await expect(page.getByTestId('session-menu')).toContainText('Olvido');

    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('This link is not valid or has expired.');
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/en/forgot-password');
    await signIn(page, '/ingresar', email, 'segunda-clave');
    await expect(page).toHaveURL(/\/match\/plataforma$/);
  });

  test('the confirmation email confirms the account once; a used link offers a new one', async ({ page }) => {
    const email = freshEmail('confirm');
    await page.goto('/registro');
    await waitForForm(page, 'signup-form');
    await fillSignUp(page, 'signup-form', { name: 'Confirma', last_name: 'Test', email, password: 'clave-segura-3' });
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page).toHaveURL(/\/match\/plataforma$/);
    const mail = await latestEmail(email);
    expect(mail).toMatchObject({ kind: 'email-confirmation', locale: 'es' });
    const link = linkPath(mail.text);
    await page.goto(link);
    await expect(page.getByRole('status')).toHaveText('¡Listo! Confirmaste tu correo.');
    expect((await queryOne<{ user_status: string }>('select user_status from users where email = ?', email))?.user_status).toBe('active');
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('no es válido o ya venció');
    await expect(page.locator('#confirm-form-email')).toBeVisible();
  });

  test('sign-up keeps the origin and the last UTM values of the visit', async ({ page }) => {
    const email = freshEmail('utm');
    await page.goto('/?utm_source=newsletter&utm_source=linkedin&utm_campaign=lanzamiento');
    await page.goto('/registro?origin=calculator');
    await waitForForm(page, 'signup-form');
    await fillSignUp(page, 'signup-form', { name: 'Utm', last_name: 'Test', email, password: 'clave-segura-4' });
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page).toHaveURL(/\/match\/plataforma$/);
    const row = await queryOne<Record<string, string | null>>(
      'select origin, utm_source, utm_campaign, utm_medium from users where email = ?',
      email,
    );
    expect(row).toEqual({ origin: 'calculator', utm_source: 'linkedin', utm_campaign: 'lanzamiento', utm_medium: null });
  });

  test('an invalid session token clears both cookies and the visitor continues anonymously', async ({ page, context }) => {
    const url = test.info().project.use.baseURL!;
    await context.addCookies([
      { name: 'tandem_token', value: 'not.a.token', url },
      { name: 'tandem_type', value: 'match', url },
    ]);
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Ingresar' }).first()).toBeVisible();
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain('tandem_token');
    expect(names).not.toContain('tandem_type');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('sign-up shows field errors and keeps what was typed, then succeeds', async ({ page }) => {
    const email = freshEmail('nojs');
    await page.goto('/registro');
    await page.fill('#signup-form-name', 'Sin');
    await page.fill('#signup-form-email', email);
    await page.fill('#signup-form-password', 'corta');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.locator('.form-summary')).toContainText('Revisa los campos marcados.');
    await expect(page.locator('#signup-form-last_name-error')).toHaveText('Este campo es obligatorio.');
    await expect(page.locator('#signup-form-password-error')).toHaveText('Usa al menos 8 caracteres.');
    await expect(page.locator('#signup-form-name')).toHaveValue('Sin');
    await expect(page.locator('#signup-form-email')).toHaveValue(email);
    await page.fill('#signup-form-last_name', 'Script');
    await page.fill('#signup-form-password', 'clave-larga-5');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page).toHaveURL(/\/match\/plataforma$/);
    await expect(page.locator('.mobile-menu')).toContainText('Cerrar sesión');
  });

  test('sign-in, a wrong password, sign-out and forgot password work as plain forms', async ({ page }) => {
    await page.goto('/en/login');
    await page.fill('#login-form-email', DEMO.candidate);
    await page.fill('#login-form-password', 'wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await expect(page.locator('.form-summary')).toContainText('The email or password is not correct.');
    await page.fill('#login-form-password', DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await expect(page).toHaveURL(/\/en\/match\/plataforma$/);
    // A GET only asks (a link from another site cannot sign anyone out); the button posts.
    await page.goto('/en/logout');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign out?');
    expect((await page.context().cookies()).map((c) => c.name)).toContain('tandem_token');
    await page.getByTestId('logout-confirm').click();
    await expect(page).toHaveURL(/\/en$/);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('tandem_token');
    await page.goto('/recuperar-contrasena');
    await page.fill('#forgot-form-email', DEMO.candidate);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page).toHaveURL(/\/recuperar-contrasena\?sent=1$/);
    await expect(page.locator('.alert-success')).toContainText('te enviamos un enlace');
  });
});
