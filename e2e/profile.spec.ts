import { expect, test } from '@playwright/test';
import { href } from '../src/routes';
import { axeViolations, newPage, queryOne, signIn } from './fixtures';
import { PASSWORD, register } from './product-api';

// Work history, education, links and the CV (decision 050), in both languages, the candidate's forms
// without JavaScript: a job, a school, links and a small PDF; the public profile shows the history; the
// company the candidate applied to opens the CV (200, a PDF, never cached); another company gets 404. The
// editor fits a phone and passes axe in light and dark.
const COMPANY = { email: 'empresa@demo.tandem.example', password: 'tandem-demo-2026' };

const L = {
  es: {
    apply: 'Postular ahora',
    addJob: 'Agregar experiencia',
    addSchool: 'Agregar estudios',
    saveLinks: 'Guardar enlaces',
    upload: 'Subir CV',
  },
  en: { apply: 'Apply now', addJob: 'Add a job', addSchool: 'Add education', saveLinks: 'Save links', upload: 'Upload CV' },
} as const;

/** A small valid PDF, made here (header, one object, xref, trailer, %%EOF). */
const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer << /Root 1 0 R /Size 2 >>\nstartxref\n60\n%%EOF\n`,
  );

const companyOffer = () =>
  queryOne<{ slug: string }>(
    `select o.slug from offers o join company_users cu on cu.company_id = o.company_id join users u on u.id = cu.user_id
      where u.email = ? and o.status = 'published' and o.valid_through > ? order by o.id limit 1`,
    COMPANY.email,
    new Date().toISOString(),
  );

for (const locale of ['es', 'en'] as const) {
  test(`a candidate adds a job, a school, links and a CV; the applied-to company reads the CV, another gets 404 (${locale})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const me = await register(request, 'match');
    const slug = (await queryOne<{ profile_slug: string }>('select profile_slug from users where email = ?', me.email))!.profile_slug;
    const profile = href('talentProfile', locale, { slug });

    // Signed in with JavaScript (to apply), then the same session without it for the profile's forms.
    const cand = await newPage(browser, locale);
    await signIn(cand, href('login', locale), me.email, PASSWORD);
    await cand.waitForURL((u) => !u.pathname.startsWith(href('login', locale)));
    await cand.goto(href('offer', locale, { slug: (await companyOffer())!.slug }));
    await cand.getByRole('button', { name: L[locale].apply }).click();
    await expect(cand.getByTestId('application-status')).toBeVisible();
    const plain = await browser.newContext({
      locale: locale === 'es' ? 'es-ES' : 'en-US',
      javaScriptEnabled: false,
      storageState: await cand.context().storageState(),
    });
    const nj = await plain.newPage();

    // Public profile first (the existing editor), then a job, a school, the links and the CV.
    await nj.goto(profile);
    await nj.locator('#profile-form input[name=is_public]').check();
    await nj.locator('#profile-form button[type=submit]').click();
    await expect(nj).toHaveURL(/saved=1/);
    await nj.fill('#experience-new-company', 'Andes Digital');
    await nj.fill('#experience-new-title', 'Backend Go');
    await nj.fill('#experience-new-start_month', '2021-03');
    await nj.locator('#experience-new input[name=current]').check();
    await nj.fill('#experience-new-description', 'APIs y colas');
    await nj.getByRole('button', { name: L[locale].addJob }).click();
    await expect(nj.getByTestId('history-notice')).toBeVisible();
    // A school with its years out of order comes back with the error and what was typed.
    await nj.fill('#education-new-school', 'Universidad de Lima');
    await nj.fill('#education-new-degree', 'Ingeniería de Sistemas');
    await nj.fill('#education-new-start_year', '2016');
    await nj.fill('#education-new-end_year', '2012');
    await nj.getByRole('button', { name: L[locale].addSchool }).click();
    await expect(nj.locator('#education-new .field-error')).toBeVisible();
    await expect(nj.locator('#education-new-school')).toHaveValue('Universidad de Lima');
    await nj.fill('#education-new-end_year', '2020');
    await nj.getByRole('button', { name: L[locale].addSchool }).click();
    await expect(nj.getByTestId('history-notice')).toBeVisible();
    await nj.fill('#links-linkedin_url', 'https://www.linkedin.com/in/sol-vega');
    await nj.fill('#links-github_url', 'https://github.com/solvega');
    await nj.getByRole('button', { name: L[locale].saveLinks }).click();
    await expect(nj.getByTestId('history-notice')).toBeVisible();
    await nj.locator('#cv-file').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf(locale) });
    await nj.getByRole('button', { name: L[locale].upload }).click();
    await expect(nj.getByTestId('cv-current')).toBeVisible();

    // The editor with JavaScript: axe light and dark, and a phone's width.
    await cand.goto(profile);
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(cand, scheme)).toEqual([]);
    await cand.setViewportSize({ width: 390, height: 844 });
    expect(await cand.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    for (const button of [
      '#cv-form button[type=submit]',
      '#links button[type=submit]',
      '[data-testid=experience-item] .history-remove button',
    ])
      expect((await cand.locator(button).first().boundingBox())!.height, button).toBeGreaterThanOrEqual(44);

    // Anyone sees the history and the links on the public profile; not the CV.
    const anon = await newPage(browser, locale);
    await anon.goto(profile);
    await expect(anon.getByTestId('experience-entry')).toContainText('Backend Go');
    await expect(anon.getByTestId('education-entry')).toContainText('Universidad de Lima');
    await expect(anon.getByTestId('link-github_url')).toHaveAttribute('rel', 'noopener nofollow ugc');
    await expect(anon.getByTestId('cv-link')).toHaveCount(0);

    // The company the candidate applied to: a CV link on the profile, and the PDF itself.
    const co = await newPage(browser, locale);
    await signIn(co, href('login', locale), COMPANY.email, COMPANY.password);
    await co.waitForURL((u) => !u.pathname.startsWith(href('login', locale)));
    await co.goto(profile);
    await expect(co.getByTestId('cv-link')).toHaveAttribute('href', href('talentCv', locale, { slug }));
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(co, scheme)).toEqual([]);
    const cv = await co.request.get(href('talentCv', locale, { slug }));
    expect(cv.status()).toBe(200);
    expect(cv.headers()['content-type']).toBe('application/pdf');
    expect(cv.headers()['cache-control']).toBe('private, no-store');
    expect(cv.headers()['content-security-policy']).toBe('sandbox');
    expect((await cv.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // Another company: 404, nothing of the file.
    const other = await register(request, 'hire', { company_name: `Otra ${locale} ${Date.now().toString(36)}` });
    const rival = await newPage(browser, locale);
    await signIn(rival, href('login', locale), other.email, PASSWORD);
    await rival.waitForURL((u) => !u.pathname.startsWith(href('login', locale)));
    const refused = await rival.request.get(href('talentCv', locale, { slug }));
    expect(refused.status()).toBe(404);
    expect((await refused.body()).includes('%PDF')).toBe(false);
  });
}
