import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { href } from '../src/routes';
import { e2eOrigin } from './env';
import { axeViolations, fitsPhone, freshEmail, newPage, queryOne, waitForForm } from './fixtures';

// Decision 049, in both languages: a company writes an offer with two screening questions (its form without
// JavaScript); a candidate saves it, applies with a note and answers (a missing required answer first);
// the company reads them and downloads the CSV; the candidate withdraws and the company sees "Retirada".
// The pages added fit a phone and pass axe, light and dark.
const W = {
  es: { createAccount: 'Crear cuenta', withdrawn: 'Retirada', required: 'Responde esta pregunta: es obligatoria.', yes: 'Sí' },
  en: { createAccount: 'Create account', withdrawn: 'Withdrawn', required: 'Answer this question: it is required.', yes: 'Yes' },
} as const;
const word = () => `Quorvex${Math.random().toString(36).slice(2, 7)}`;

for (const locale of ['es', 'en'] as const) {
  test(`questions, a note, saving, the CSV and withdrawing (${locale})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const w = W[locale];
    const title = `Diseño UX ${word()}`;

    // The company signs up, then writes the offer without JavaScript: plain selects and five question rows.
    const co = await newPage(browser, locale);
    await co.goto(href('hireStartNow', locale));
    await waitForForm(co, 'hire-signup-form');
    await co.fill('#hire-signup-form-name', 'Eva');
    await co.fill('#hire-signup-form-last_name', 'Ruiz');
    await co.fill('#hire-signup-form-company_name', `Andes ${word()}`);
    await co.fill('#hire-signup-form-email', freshEmail(`applying-co-${locale}`));
    await co.fill('#hire-signup-form-password', 'clave-segura-7');
    await co.locator('#hire-signup-form button[type=submit]').click();
    await co.waitForURL((u) => !u.pathname.includes('empezar-ahora'));
    const nj = await newPage(browser, locale, { js: false, storageState: await co.context().storageState() });
    await nj.goto(href('hireCreateOffer', locale));
    await nj.fill('#offer-title', title);
    await nj.selectOption('#offer-area', 'tech');
    await nj.selectOption('#offer-role', 'backend');
    await nj.selectOption('#offer-seniority', 'senior');
    await nj.selectOption('#offer-modality', 'remote-global');
    await nj.selectOption('#offer-country', 'peru');
    await nj.fill('#offer-salary_min', '12000');
    await nj.fill('#offer-salary_max', '16000');
    await nj.selectOption('#offer-currency', 'PEN');
    await nj.locator('#offer-skills_required').getByRole('checkbox', { name: 'Go', exact: true }).check();
    await nj.fill('#offer-description', 'Buscamos una persona que diseñe y pruebe flujos con usuarios reales cada semana.');
    await nj.fill('#offer-q1-label', '¿Vives en Lima?');
    await nj.locator('input[name=q1_required]').check();
    await nj.fill('#offer-q2-label', 'Años de experiencia');
    await nj.selectOption('#offer-q2-kind', 'number');
    await nj.locator('input[name=q2_required]').check();
    await nj.locator('button[name=intent][value=publish]').click();
    await expect(nj).toHaveURL(/\?published=/);
    const offer = (await queryOne<{ id: number; slug: string }>('select id, slug from offers where title = ?', title))!;

    // The candidate signs up, saves the offer from its page, finds it in "Saved".
    const last = `Aplica${locale}${Date.now().toString(36)}`;
    const cand = await newPage(browser, locale);
    await cand.goto(href('signUp', locale));
    await waitForForm(cand, 'signup-form');
    await cand.fill('#signup-form-name', 'Lía');
    await cand.fill('#signup-form-last_name', last);
    await cand.fill('#signup-form-email', freshEmail(`applying-${locale}`));
    await cand.fill('#signup-form-password', 'clave-segura-7');
    await cand.getByRole('button', { name: w.createAccount }).click();
    await cand.waitForURL((u) => !u.pathname.startsWith(href('signUp', locale)));
    await cand.goto(href('offer', locale, { slug: offer.slug }));
    await cand.locator('.offer-apply').getByTestId('save-offer').click();
    await expect(cand.getByTestId('saved-notice')).toBeVisible();
    await cand.goto(`${href('matchPlatform', locale)}#saved`);
    await expect(cand.getByTestId('saved-offer').filter({ hasText: title })).toBeVisible();

    // Applying: the offer asks questions, so its form page; a missing required answer first, nothing lost.
    await cand.goto(href('offer', locale, { slug: offer.slug }));
    await cand.getByTestId('apply-with-questions').click();
    await expect(cand).toHaveURL(href('offerApply', locale, { slug: offer.slug }));
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(cand, scheme)).toEqual([]);
    await cand.fill('#apply-cover-note', 'Diseño con datos y me encanta investigar con usuarios.');
    await cand.fill('#apply-answer_2', '4,5');
    await cand.locator('#apply-form button[type=submit]').click();
    await expect(cand.locator('[data-field=answer_1]')).toHaveText(w.required);
    await expect(cand.locator('#apply-cover-note')).toHaveValue('Diseño con datos y me encanta investigar con usuarios.');
    await fitsPhone(cand, 'apply-submit');
    await cand.getByLabel(w.yes, { exact: true }).check();
    await cand.locator('#apply-form button[type=submit]').click();
    await expect(cand.getByTestId('applied-notice')).toBeVisible();

    // The company reads the note and the answers, and downloads the CSV.
    const applicantsPage = href('hireApplicants', locale, { id: String(offer.id) });
    await co.goto(applicantsPage);
    await co.getByTestId('applicant').filter({ hasText: last }).getByTestId('applicant-open').click();
    await expect(co.getByTestId('application-answers')).toContainText('Diseño con datos');
    await expect(co.getByTestId('application-answers')).toContainText('4.5');
    await co.goto(applicantsPage);
    const csv = await co.request.get(`${e2eOrigin()}${await co.getByTestId('applicants-csv').getAttribute('href')}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toMatch(/^attachment; /);
    const rows: string[][] = parse((await csv.text()).replace(/^\uFEFF/, ''));
    expect(rows[0]!.slice(-2)).toEqual(['¿Vives en Lima?', 'Años de experiencia']);
    expect(rows[1]!.slice(-3)).toEqual(['Diseño con datos y me encanta investigar con usuarios.', w.yes, '4.5']);

    // The candidate withdraws, after a confirmation; the company sees "Retirada".
    await cand.goto(href('matchPlatform', locale));
    await cand.getByTestId('application-row').filter({ hasText: title }).getByTestId('withdraw-link').click();
    await expect(cand.getByTestId('withdraw-confirm')).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(cand, scheme)).toEqual([]);
    await fitsPhone(cand, 'withdraw-confirm-button');
    await cand.getByTestId('withdraw-confirm-button').click();
    await expect(cand.getByTestId('application-row').filter({ hasText: title })).toContainText(w.withdrawn);
    await co.reload();
    const card = co.getByTestId('applicant').filter({ hasText: last });
    await expect(card).toHaveAttribute('data-status', 'withdrawn');
    await expect(card).toContainText(w.withdrawn);
    await expect(card.getByTestId('applicant-select')).toHaveCount(0);
    await nj.context().close();
  });
}
