import { execFileSync } from 'node:child_process';
import { gunzipSync } from 'node:zlib';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { expect, test, type Page } from '@playwright/test';
import { e2eDb } from './env';
import { axeViolations, freshEmail, latestEmail, linkPath, queryOne, signIn, waitForForm, waitForHydration } from './fixtures';

// The learning side (decisions 020 and 021) on the real content files: the free course and its sign-up gate, courses
// and progress, a timed interview (pass, fail, time running out), the certificate it awards (page, profile,
// signed credential, status list, revocation: decision 067), and the certified badge a company sees on an
// applicant. Also without JavaScript.
const PASSWORD = 'clave-segura-12';

/** A new candidate, signed up through the candidate form (JavaScript or not), who opened the link of the
 * confirmation email unless told not to (interviews are for confirmed addresses only). */
async function signUpCandidate(page: Page, path: string, tag: string, submit: string, js = true, confirm = true) {
  const email = freshEmail(tag);
  await page.goto(path);
  if (js) await waitForForm(page, 'signup-form');
  await page.fill('#signup-form-name', 'Cande');
  await page.fill('#signup-form-last_name', tag.replace(/[^a-z]/g, ''));
  await page.fill('#signup-form-email', email);
  await page.fill('#signup-form-password', PASSWORD);
  await page.getByRole('button', { name: submit }).click();
  await page.waitForURL((u) => !/registro|sign-up/.test(u.pathname));
  if (confirm) await confirmEmail(page, email);
  return email;
}

/** Opens the link of the newest confirmation email to the address. */
async function confirmEmail(page: Page, email: string) {
  const back = page.url();
  await expect.poll(async () => (await latestEmail(email).catch(() => null))?.kind).toBe('email-confirmation');
  await page.goto(linkPath((await latestEmail(email)).text));
  await expect(page.locator('.alert-success')).toBeVisible();
  await page.goto(back);
}

/** Whether bit `index` of a BitstringStatusList's encodedList is set (multibase base64url of the GZIP'd bits). */
const statusBit = (encodedList: string, index: number) =>
  (gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'))[index >> 3]! & (0x80 >> (index & 7))) !== 0;

/** Answers the attempt on the page: `right` questions correctly (from the server's bank), the rest wrongly. */
async function answer(page: Page, right: number, count = Infinity) {
  // The questions come with the page the start button leads to: read them once it is there.
  await expect(page.locator('fieldset.question').first()).toBeVisible();
  const names = await page
    .locator('fieldset.question input[type=radio]')
    .evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLInputElement).name))]);
  for (const [i, name] of names.slice(0, count).entries()) {
    const row = await queryOne<{ answer_index: number }>(
      'select answer_index from interview_questions where id = ?',
      Number(name.slice(1)),
    );
    const pick = i < right ? row!.answer_index : (row!.answer_index + 1) % 4;
    await page.locator(`input[name="${name}"][value="${pick}"]`).check();
  }
  return names.length;
}

test('a visitor reads the free course, signs up at the gate (origin free-course), lands in the course and makes progress', async ({
  page,
}) => {
  await page.goto('/freecourse');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prepara tus entrevistas técnicas');
  await page.getByRole('link', { name: 'Empezar a leer' }).click();
  await expect(page.locator('#lesson-title')).toHaveText('Cómo funciona un proceso de selección tech');
  await expect(page.locator('.lesson .prose h3').first()).toHaveText('Las etapas habituales');
  // The third lesson is behind the gate: no body, an invitation to sign up.
  await page.goto('/freecourse?lesson=live-coding');
  await expect(page.locator('.lesson')).toHaveCount(0);
  await expect(page.getByTestId('free-course-gate')).toContainText('Esta lección es para candidatos registrados');
  await page.getByTestId('free-course-gate').getByRole('link', { name: 'Crear mi cuenta gratis' }).click();
  await expect(page).toHaveURL(/\/registro\?origin=free-course&redirect=/);
  await waitForForm(page, 'signup-form');
  const email = freshEmail('freecourse');
  await page.fill('#signup-form-name', 'Libre');
  await page.fill('#signup-form-last_name', 'Curso');
  await page.fill('#signup-form-email', email);
  await page.fill('#signup-form-password', PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/match\/cursos\/preparacion-entrevistas-tecnicas$/);
  expect((await queryOne<{ origin: string }>('select origin from users where email = ?', email))?.origin).toBe('free-course');

  await page.getByRole('button', { name: 'Marcar como completada' }).click();
  await expect(page).toHaveURL(/lesson=cv-y-perfil/);
  await expect(page.locator('.progress-block').first()).toContainText('1 de 5 lecciones completadas (20 %)');
  await expect(page.locator('#lesson-title')).toHaveText('Tu CV y tu perfil público');
  // The workspace shows the course in progress with its next lesson.
  await page.goto('/match/plataforma');
  await expect(page.getByTestId('my-course')).toContainText('Prepara tus entrevistas técnicas');
  await expect(page.getByTestId('my-course')).toContainText('1 de 5');
});

test('in English: the course catalogue is for candidates, with resume and progress', async ({ page }) => {
  const res = await page.goto('/en/match/cursos');
  expect(page.url()).toContain('/en/login?redirect=%2Fen%2Fmatch%2Fcursos');
  expect(res?.status()).toBe(200);
  await signUpCandidate(page, '/en/sign-up?redirect=%2Fen%2Fmatch%2Fcursos', 'catalogue', 'Create account');
  await expect(page).toHaveURL(/\/en\/match\/cursos$/);
  expect(await page.getByTestId('course-card').count()).toBeGreaterThanOrEqual(2);
  await page.getByRole('link', { name: 'React from scratch' }).click();
  await expect(page.locator('#lesson-title')).toHaveText('Components and JSX');
  await page.getByRole('button', { name: 'Mark as done' }).click();
  await expect(page.locator('.progress-block').first()).toContainText('1 of 5 lessons done (20%)');
  // A lesson with code blocks, outline and progress passes the accessibility scan in both schemes.
  await page.goto('/en/match/cursos/react-desde-cero?lesson=efectos-y-datos');
  expect(await axeViolations(page, 'light')).toEqual([]);
  expect(await axeViolations(page, 'dark')).toEqual([]);
  // Unknown course: the 404 screen.
  expect((await page.goto('/en/match/cursos/no-such-course'))?.status()).toBe(404);
});

test('a candidate passes an interview: certificate on the profile, a public page that verifies and a signed credential', async ({
  page,
  request,
}) => {
  await signUpCandidate(page, '/registro', 'certified', 'Crear cuenta');
  await page.goto('/entrevista/frontend-react/intro');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entrevista técnica: Frontend con React');
  await expect(page.locator('.facts-list')).toContainText('12 preguntas al azar de un banco de 26');
  await page.getByRole('button', { name: 'Empezar la entrevista' }).click();
  await expect(page.getByRole('timer')).toContainText(/Tiempo restante: (19|20):\d\d/);
  // The page never carries the answers.
  expect(await page.content()).not.toMatch(/answer_index|explanation/);
  expect(await axeViolations(page, 'light')).toEqual([]);
  expect(await axeViolations(page, 'dark')).toEqual([]);
  expect(await answer(page, 11)).toBe(12);
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(page.getByTestId('result')).toContainText('¡Aprobaste!');
  // Passed or not, and what to review: never how many answers were right (a retake would learn them).
  await expect(page.getByTestId('result')).not.toContainText(/\d+ de 12|Puntaje/);
  await page.getByRole('link', { name: 'Ver mi certificado' }).click();
  await expect(page.getByTestId('cert-status')).toHaveText('Vigente');
  await expect(page.locator('.facts-list')).toContainText('Senior');
  const slug = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('link', { name: 'Agregar a LinkedIn' })).toHaveAttribute(
    'href',
    /linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME/,
  );
  expect(await axeViolations(page, 'light')).toEqual([]);
  expect(await axeViolations(page, 'dark')).toEqual([]);

  // The profile is private (the default): the holder's name links nowhere (a visitor would get a 404).
  await expect(page.locator('.facts-list dd').first()).toContainText('Cande');
  await expect(page.locator('.facts-list a')).toHaveCount(0);
  // Made public, the name links to it at once (the change purges the cached page).
  const profile = (await queryOne<{ slug: string }>(
    'select u.profile_slug as slug from users u join certifications c on c.user_id = u.id where c.slug = ?',
    slug,
  ))!.slug;
  await page.goto(`/ly/${profile}`);
  await waitForHydration(page);
  await page.getByLabel('Perfil público (visible para empresas y en tu enlace)').check();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page).toHaveURL(/\?saved=1$/);
  await page.goto(`/certification/${slug}`);
  await page.locator('.facts-list').getByRole('link', { name: /Cande/ }).click();
  await expect(page.locator('.cert-list')).toContainText('Desarrollador/a Frontend');

  // The signed credential verifies with a standard JOSE library against the key its kid resolves to; a
  // forgery does not. Its sub is the credential subject, its status entry points at a list where its bit is clear.
  const origin = new URL(page.url()).origin;
  const json = (await (await request.get(`/certification/${slug}.json`)).json()) as { jwt: string; credential: { type: string[] } };
  expect(json.credential.type).toContain('OpenBadgeCredential');
  const kid = decodeProtectedHeader(json.jwt).kid!;
  expect(kid).toMatch(new RegExp(`^${origin}/\\.well-known/jwks\\.json#[\\w-]{43}$`));
  const jwks = createRemoteJWKSet(new URL(kid));
  const { payload } = await jwtVerify(json.jwt, jwks);
  expect(payload.iss).toBe(origin);
  expect(payload.sub).toBe((payload.credentialSubject as { id: string }).id);
  const [h, , s] = json.jwt.split('.');
  const forged = Buffer.from(JSON.stringify({ ...payload, name: 'Forged' })).toString('base64url');
  await expect(jwtVerify(`${h}.${forged}.${s}`, jwks)).rejects.toThrow();
  const entry = payload.credentialStatus as { type: string; statusPurpose: string; statusListIndex: string; statusListCredential: string };
  expect(entry).toMatchObject({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation' });
  const statusList = async () => {
    const res = await request.get(entry.statusListCredential, { headers: { accept: 'application/vc+jwt' } });
    expect(res.headers()['content-type']).toBe('application/vc+jwt');
    const list = await jwtVerify(await res.text(), jwks);
    return statusBit((list.payload.credentialSubject as { encodedList: string }).encodedList, Number(entry.statusListIndex));
  };
  expect(await statusList()).toBe(false);

  // The workspace shows the interview passed and the certification.
  await page.goto('/match/plataforma');
  await expect(page.getByTestId('my-certification')).toContainText('Vigente');

  // Support revokes it from the command line: the page answers 410 at once, in both languages, with the
  // date and the reason; the JSON answers 410; its bit in the status list is set.
  await page.goto(`/certification/${slug}`);
  await expect(page.getByTestId('cert-status')).toHaveText('Vigente');
  execFileSync('npm', ['run', '-s', 'certificates', '--', 'revoke', slug, '--reason', 'Respuestas compartidas en línea'], {
    env: { ...process.env, DATABASE_URL: `file:${e2eDb()}` },
    stdio: 'pipe',
  });
  await expect.poll(async () => (await page.goto(`/certification/${slug}`))?.status(), { timeout: 5_000 }).toBe(410);
  await expect(page.getByTestId('cert-status')).toHaveText('Revocada');
  await expect(page.getByTestId('cert-revoked')).toContainText(/Este certificado fue revocado el \d/);
  await expect(page.getByTestId('cert-revoked')).toContainText('Motivo: Respuestas compartidas en línea');
  await expect(page.locator('body')).not.toContainText('no encontrada');
  await expect(page.getByRole('link', { name: 'Agregar a LinkedIn' })).toHaveCount(0);
  expect((await page.goto(`/en/certification/${slug}`))?.status()).toBe(410);
  await expect(page.getByTestId('cert-revoked')).toContainText(/This certificate was revoked on \w/);
  expect(await axeViolations(page, 'light')).toEqual([]);
  const gone = await request.get(`/certification/${slug}.json`);
  expect(gone.status()).toBe(410);
  expect(await gone.json()).toMatchObject({ status: 'revoked', reason: 'Respuestas compartidas en línea' });
  expect(await statusList()).toBe(true);
});

test('a failed interview shows the retake date; the attempt cannot be restarted', async ({ page }) => {
  await signUpCandidate(page, '/en/sign-up', 'failed', 'Create account');
  await page.goto('/en/entrevista/frontend-react/intro');
  await page.getByRole('button', { name: 'Start the interview' }).click();
  await answer(page, 3);
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByTestId('result')).toContainText('You did not pass this time');
  await expect(page.getByTestId('result')).toContainText('You can retake this interview from');
  await expect(page.getByRole('button', { name: 'Start the interview' })).toHaveCount(0);
  const again = await page.request.post('/en/entrevista/frontend-react/intro', {
    form: { intent: 'start' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain('You cannot retake this interview yet');
});

test('when the timer runs out, the page submits what was answered', async ({ page }) => {
  await page.clock.install();
  const email = await signUpCandidate(page, '/registro', 'timer', 'Crear cuenta');
  await page.goto('/entrevista/frontend-react/intro');
  await page.getByRole('button', { name: 'Empezar la entrevista' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await answer(page, 9, 9);
  await page.clock.fastForward('20:05');
  await expect(page.getByTestId('result')).toContainText('¡Aprobaste!');
  // The nine answers counted (the pass mark is 70).
  const attempt = await queryOne<{ score: number }>(
    'select a.score from interview_attempts a join users u on u.id = a.user_id where u.email = ? order by a.id desc limit 1',
    email,
  );
  expect(attempt?.score).toBe(75);
});

test('an address not yet confirmed gets no interview: the page says so and sends another link', async ({ page }) => {
  const email = await signUpCandidate(page, '/registro', 'unconfirmed', 'Crear cuenta', true, false);
  await page.goto('/entrevista/frontend-react/intro');
  await expect(page.getByRole('button', { name: 'Empezar la entrevista' })).toHaveCount(0);
  await expect(page.locator('.interview-page')).toContainText('Confirma tu correo para hacer entrevistas');
  for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme)).toEqual([]);
  await page.getByRole('button', { name: 'Enviarme otro enlace' }).click();
  await expect(page.locator('.alert-success')).toBeVisible();
  await confirmEmail(page, email);
  await page.goto('/entrevista/frontend-react/intro');
  await expect(page.getByRole('button', { name: 'Empezar la entrevista' })).toBeVisible();
});

test('a company sees the certified badge on an applicant, and can filter certified candidates', async ({ page, browser }) => {
  const email = await signUpCandidate(page, '/registro', 'applicant', 'Crear cuenta');
  await page.goto('/entrevista/frontend-react/intro');
  await page.getByRole('button', { name: 'Empezar la entrevista' }).click();
  await answer(page, 12);
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(page.getByTestId('result')).toContainText('¡Aprobaste!');
  const offer = (await queryOne<{ slug: string; id: number }>(
    `select o.slug, o.id from offers o join company_users cu on cu.company_id = o.company_id join users u on u.id = cu.user_id
      where u.email = 'empresa@demo.tandem.example' and o.status = 'published' and o.valid_through > ? order by o.id limit 1`,
    new Date().toISOString(),
  ))!;
  await page.goto(`/oferta/${offer.slug}`);
  await page.getByRole('button', { name: 'Postular ahora' }).click();
  await expect(page.getByTestId('application-status')).toContainText('Enviada');

  const company = await browser.newPage();
  await signIn(company, '/ingresar', 'empresa@demo.tandem.example', 'tandem-demo-2026');
  await expect(company).not.toHaveURL(/ingresar/);
  await company.goto(`/hire/site/oferta/${offer.id}`);
  // This run's application (earlier runs against the same database applied as candidates of the same name).
  const application = (await queryOne<{ id: number }>(
    'select a.id from applications a join users u on u.id = a.candidate_id where u.email = ? and a.offer_id = ?',
    email,
    offer.id,
  ))!;
  const applicant = company.locator(`#applicant-${application.id}`);
  await expect(applicant.getByTestId('applicant-certificate')).toContainText('Certificado: Desarrollador/a Frontend · Senior');
  await company.goto('/hire/site?vista=candidatos&certificados=1');
  const first = company.getByTestId('candidate').first();
  await expect(first).toContainText('Certificaciones:');
  // Courses are for candidates: a company gets a clear refusal.
  const refused = await company.goto('/match/cursos');
  expect(refused?.status()).toBe(403);
  await expect(company.locator('body')).toContainText('Los cursos son para cuentas de candidato');
  expect(email).toContain('applicant');
  await company.close();
});

test('unanswered questions are confirmed in a dialog first; the bar counts the answers and stays under the header', async ({ page }) => {
  await signUpCandidate(page, '/registro', 'confirm', 'Crear cuenta');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/entrevista/frontend-react/intro');
  await page.getByRole('button', { name: 'Empezar la entrevista' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.getByTestId('answered')).toHaveText('0 de 12 respondidas');
  await answer(page, 5, 7);
  await expect(page.getByTestId('answered')).toHaveText('7 de 12 respondidas');
  // Scrolled, the sticky bar sits just below the sticky header, not behind it.
  await page.mouse.wheel(0, 1500);
  await expect
    .poll(async () => {
      const [h, bar] = await Promise.all([page.locator('.site-header').boundingBox(), page.locator('.attempt-bar').boundingBox()]);
      return Math.round(bar!.y - (h!.y + h!.height));
    })
    .toBeGreaterThanOrEqual(-1);
  for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme)).toEqual([]);
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Preguntas sin responder: 5.');
  await dialog.getByRole('button', { name: 'Seguir respondiendo' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('result')).toHaveCount(0);
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enviar de todos modos' }).click();
  await expect(page.getByTestId('result')).toContainText('Esta vez no aprobaste');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('submitting with unanswered questions answers a confirmation step that keeps the answers', async ({ page }) => {
    await signUpCandidate(page, '/en/sign-up', 'nojs-confirm', 'Create account', false);
    await page.goto('/en/entrevista/frontend-react/intro');
    await page.getByRole('button', { name: 'Start the interview' }).click();
    await answer(page, 4, 4);
    const picked = await page
      .locator('input[type=radio]:checked')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name + '=' + (e as HTMLInputElement).value));
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expect(page.locator('.form-summary')).toContainText('Unanswered questions: 8.');
    await expect(page.getByTestId('answered')).toHaveText('4 of 12 answered');
    // Nothing lost: the same answers are still selected.
    const again = await page
      .locator('input[type=radio]:checked')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name + '=' + (e as HTMLInputElement).value));
    expect(again.sort()).toEqual(picked.sort());
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expect(page.getByTestId('result')).toContainText('You did not pass this time');
  });

  test('a candidate reads a lesson, marks it done, takes and passes an interview, and the certificate verifies', async ({ page }) => {
    await signUpCandidate(page, '/en/sign-up', 'nojs', 'Create account', false);
    await page.goto('/en/match/cursos/react-desde-cero?lesson=props-y-listas');
    await expect(page.locator('#lesson-title')).toHaveText('Props, lists and keys');
    await page.getByRole('button', { name: 'Mark as done' }).click();
    await expect(page.locator('#lesson-title')).toHaveText('State with useState');
    await page.goto('/en/entrevista/frontend-react/intro');
    await page.getByRole('button', { name: 'Start the interview' }).click();
    await expect(page.locator('.timer')).toContainText('You have 20 min');
    await answer(page, 10);
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expect(page.getByTestId('result')).toContainText('You passed!');
    await page.getByRole('link', { name: 'See my certificate' }).click();
    await expect(page.getByTestId('cert-status')).toHaveText('Valid');
    await expect(page.locator('.facts-list')).toContainText('Mid');
  });

  test('unknown interviews and certificates answer their error screens', async ({ page }) => {
    expect((await page.goto('/entrevista/no-such-interview/intro'))?.status()).toBe(404);
    expect((await page.goto('/certification/no-such-certificate'))?.status()).toBe(404);
    await expect(page.locator('.error-screen')).toBeVisible();
  });
});
