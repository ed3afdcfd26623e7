import { expect, test, type Browser, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ICAL from 'ical.js';
import type { Locale } from '../src/i18n/locales';
import { href } from '../src/routes';
import { e2eOrigin } from './env';
import { axeViolations, freshEmail, linkPath, newPage, queryOne, signIn, waitForForm } from './fixtures';
import { PASSWORD, publishOffer, register } from './product-api';

// The whole company journey, in both languages, on a phone (390 px) and a wide screen (1280 px): the owner
// invites a colleague, who signs up from the emailed link; the colleague rates and notes an applicant and
// moves two with a confirmed bulk move (the history names them); the board sits side by side; an interview
// is proposed and the candidate picks a time (both invites parse as RFC 5545 REQUESTs); the other applicant
// is rejected with the template; the owner exports the CSV and reads it back with the library.

const L = {
  es: {
    createAccount: 'Crear cuenta',
    apply: 'Postular ahora',
    select: (n: string) => `Seleccionar a ${n}`,
    newStage: 'Nueva etapa',
    moved: 'movió a Entrevista inicial',
    notSelected: 'No seleccionado',
    status: 'Estado',
    initial: 'Entrevista inicial',
  },
  en: {
    createAccount: 'Create account',
    apply: 'Apply now',
    select: (n: string) => `Select ${n}`,
    newStage: 'New stage',
    moved: 'moved to Initial interview',
    notSelected: 'Not selected',
    status: 'Status',
    initial: 'Initial interview',
  },
} as const;

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function candidateApplies(browser: Browser, locale: Locale, name: string, last: string, slug: string) {
  const page = await newPage(browser, locale, { width: 390 });
  const email = freshEmail(`journey-${locale}`);
  await page.goto(href('signUp', locale));
  await waitForForm(page, 'signup-form');
  await page.fill('#signup-form-name', name);
  await page.fill('#signup-form-last_name', last);
  await page.fill('#signup-form-email', email);
  await page.fill('#signup-form-password', 'clave-segura-7');
  await page.getByRole('button', { name: L[locale].createAccount }).click();
  await page.waitForURL((u) => !u.pathname.startsWith(href('signUp', locale)));
  await page.goto(href('offer', locale, { slug }));
  await page.getByRole('button', { name: L[locale].apply }).click();
  await expect(page.getByTestId('application-status')).toBeVisible();
  return { page, email, name: `${name} ${last}` };
}

/** The calendar invites the outbox holds for an interview (its UID), parsed with ical.js. */
async function invites(uid: string) {
  const { DatabaseSync } = await import('node:sqlite');
  const { e2eDb } = await import('./env');
  const db = new DatabaseSync(e2eDb(), { readOnly: true });
  try {
    const rows = db.prepare('select to_email, calendar from email_outbox where calendar like ? order by id').all(`%${uid}%`) as {
      to_email: string;
      calendar: string;
    }[];
    return rows.map((r) => {
      const comp = new ICAL.Component(ICAL.parse(r.calendar));
      const event = new ICAL.Event(comp.getFirstSubcomponent('vevent')!);
      return { to: r.to_email, method: comp.getFirstPropertyValue('method') as string, uid: event.uid, start: event.startDate.toJSDate() };
    });
  } finally {
    db.close();
  }
}

const ahead = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
};

for (const locale of ['es', 'en'] as const) {
  test(`a company team runs its hiring here: invite, rate, note, bulk move, interview, reject, export (${locale})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const l = L[locale];
    const stamp = `${locale}${Date.now().toString(36)}`;
    const company = `Viaje ${stamp}`;
    const owner = await register(request, 'hire', { company_name: company });
    const title = `Plataforma de pagos ${stamp}`;
    expect((await publishOffer(request, owner.token, { title })).ok()).toBe(true);
    const offer = (await queryOne<{ id: number; slug: string }>('select id, slug from offers where title = ?', title))!;

    const first = await candidateApplies(browser, locale, 'Lía', `Primera${stamp}`, offer.slug);
    const second = await candidateApplies(browser, locale, 'Teo', `Segundo${stamp}`, offer.slug);

    // The owner invites a recruiter from the team page; the invitation email carries the link.
    const co = await newPage(browser, locale);
    await signIn(co, href('login', locale), owner.email, PASSWORD);
    await co.waitForURL((u) => !u.pathname.startsWith(href('login', locale)));
    await co.goto(href('hireTeam', locale));
    const colleague = freshEmail(`journey-member-${locale}`);
    await co.fill('#invite-email', colleague);
    await co.selectOption('#invite-role', 'recruiter');
    await co.getByTestId('team-invite').click();
    await expect(co.getByTestId('team-notice')).toBeVisible();
    const mail = (await queryOne<{ text: string }>(
      "select text_body as text from email_outbox where to_email = ? and kind = 'team-invitation' order by id desc",
      colleague,
    ))!;

    // The colleague signs up from the link, on a phone, and lands in the company's workspace.
    const mem = await newPage(browser, locale, { width: 390 });
    await mem.goto(linkPath(mail.text));
    await mem.fill('#join-name', 'Rita');
    await mem.fill('#join-last-name', `Recluta${stamp}`);
    await mem.fill('#join-password', 'clave-de-equipo-9');
    await mem.getByTestId('join-signup').click();
    await mem.waitForURL((u) => u.pathname === href('hireSite', locale));
    expect(await noSideScroll(mem)).toBe(0);

    // A note and a rating on the first applicant's page, at 390 px.
    const applicants = href('hireApplicants', locale, { id: String(offer.id) });
    await mem.goto(applicants);
    await mem.getByTestId('applicant').filter({ hasText: first.name }).getByTestId('applicant-open').click();
    await expect(mem).toHaveURL(/\/hire\/site\/(candidatura|application)\/\d+$/);
    const applicationUrl = new URL(mem.url()).pathname;
    await mem.fill('#note', `Explica bien sus decisiones ${stamp}`);
    await mem.getByTestId('note-submit').click();
    await expect(mem.getByTestId('note').first()).toContainText(`Explica bien sus decisiones ${stamp}`);
    await mem.locator('input[name="rating"][value="5"]').check();
    await mem.getByTestId('rating-submit').click();
    await expect(mem.getByTestId('rating-average')).toContainText('5');
    expect(await noSideScroll(mem)).toBe(0);

    // A bulk move of both, after its confirmation; the history says who moved them.
    await mem.goto(applicants);
    await mem.getByLabel(l.select(first.name)).check();
    await mem.getByLabel(l.select(second.name)).check();
    await mem.getByLabel(l.newStage).selectOption('initial-interview');
    await mem.getByTestId('bulk-submit').click();
    await mem.getByTestId('bulk-confirm').getByTestId('bulk-confirm-submit').click();
    await expect(mem.getByTestId('tracker-notice')).toBeVisible();
    await expect(mem.getByTestId('applicant').filter({ hasText: first.name })).toHaveAttribute('data-status', 'initial-interview');
    expect(await noSideScroll(mem)).toBe(0);
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(mem, scheme)).toEqual([]);
    await co.goto(applicationUrl);
    await expect(co.getByTestId('history-event').filter({ hasText: l.moved })).toContainText('Rita');
    await expect(co.getByTestId('note').first()).toContainText('Rita');

    // The owner, on a wide screen: the board's columns side by side.
    await co.goto(applicants);
    const columns = co.getByTestId('board-column');
    const [a, b] = [await columns.nth(0).boundingBox(), await columns.nth(1).boundingBox()];
    expect(a!.y).toBe(b!.y);
    expect(b!.x).toBeGreaterThan(a!.x);
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(co, scheme)).toEqual([]);

    // The colleague proposes two interview times to the first applicant, who picks the second.
    await mem.goto(applicants);
    await mem.getByTestId('applicant').filter({ hasText: first.name }).getByTestId('applicant-interview').click();
    await expect(mem).toHaveURL(/\/hire\/site\/(entrevista|interview)\/\d+$/);
    await mem.fill('#slot-1', ahead(6, 10));
    await mem.fill('#slot-2', ahead(6, 15));
    await mem.fill('#videoUrl', 'https://meet.example/viaje');
    await mem.getByTestId('interview-propose').click();
    await expect(mem.getByTestId('interview-notice')).toBeVisible();
    await first.page.goto(href('matchPlatform', locale));
    const card = first.page.getByTestId('interview').filter({ hasText: title });
    await card.getByTestId('interview-slot').selectOption({ index: 1 });
    await card.getByTestId('interview-pick').click();
    await expect(first.page.getByTestId('interview').filter({ hasText: title })).toHaveAttribute('data-status', 'scheduled');
    const row = (await queryOne<{ uid: string }>(
      'select i.uid from job_interviews i join users u on u.id = i.candidate_id where u.email = ?',
      first.email,
    ))!;
    const sent = await invites(row.uid);
    // Both sides got a REQUEST of the same event, and it parses.
    expect(sent.map((s) => s.method)).toEqual(sent.map(() => 'REQUEST'));
    expect(sent.map((s) => s.to)).toContain(first.email);
    expect(sent.some((s) => s.to !== first.email)).toBe(true);
    expect(new Set(sent.map((s) => s.uid)).size).toBe(1);
    expect(sent.every((s) => s.start.getTime() > Date.now())).toBe(true);

    // The second applicant is rejected with the template, sent as it is; they see "not selected".
    await mem.goto(applicants);
    await mem.getByTestId('applicant').filter({ hasText: second.name }).getByTestId('applicant-open').click();
    await expect(mem).toHaveURL(/\/hire\/site\/(candidatura|application)\/\d+$/);
    await mem.locator('#reason').selectOption('experience');
    await expect(mem.locator('#message')).toHaveValue(/Teo/);
    await mem.getByTestId('reject-submit').click();
    await expect(mem.getByTestId('rejection')).toBeVisible();
    await second.page.goto(href('matchPlatform', locale));
    await expect(second.page.getByTestId('application-row').filter({ hasText: title })).toContainText(l.notSelected);
    expect(await noSideScroll(second.page)).toBe(0);

    // The owner exports the applicants; the library reads the file back, accents and all.
    await co.goto(applicants);
    const csv = await co.request.get(`${e2eOrigin()}${await co.getByTestId('applicants-csv').getAttribute('href')}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    const body = await csv.text();
    expect(body.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(body.slice(1));
    const byName = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byName.get(first.name)).toContain(first.email);
    expect(byName.get(first.name)).toContain(l.initial);
    expect(byName.get(second.name)).toContain(l.notSelected);

    for (const p of [co, mem, first.page, second.page]) await p.context().close();
  });
}
