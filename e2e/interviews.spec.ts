import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import { href } from '../src/routes';
import { axeViolations, fitsPhone, freshEmail, newPage, queryOne, signIn, waitForForm } from './fixtures';

// Interviews (decision 046), in both languages, without JavaScript where it matters: the company proposes
// two times from the applicant row, the candidate picks one, both workspaces list it, the outbox holds two
// emails with a REQUEST invite; the company cancels and a CANCEL follows. The pages fit a phone and pass axe.
const COMPANY = { email: 'empresa@demo.tandem.example', password: 'tandem-demo-2026' };

const L = {
  es: { createAccount: 'Crear cuenta', apply: 'Postular ahora' },
  en: { createAccount: 'Create account', apply: 'Apply now' },
} as const;

const companyOffer = () =>
  queryOne<{ slug: string; id: number; title: string }>(
    `select o.slug, o.id, o.title from offers o join company_users cu on cu.company_id = o.company_id join users u on u.id = cu.user_id
      where u.email = ? and o.status = 'published' and o.valid_through > ? order by o.id limit 1`,
    COMPANY.email,
    new Date().toISOString(),
  );

const invites = async (interviewUid: string) => {
  const { DatabaseSync } = await import('node:sqlite');
  const { e2eDb } = await import('./env');
  const db = new DatabaseSync(e2eDb(), { readOnly: true });
  try {
    const rows = db
      .prepare(`select to_email, kind, calendar from email_outbox where calendar like ? order by id`)
      .all(`%${interviewUid}%`) as {
      to_email: string;
      kind: string;
      calendar: string;
    }[];
    return rows.map((r) => {
      const comp = new ICAL.Component(ICAL.parse(r.calendar));
      const event = new ICAL.Event(comp.getFirstSubcomponent('vevent')!);
      return { to: r.to_email, kind: r.kind, method: comp.getFirstPropertyValue('method') as string, sequence: event.sequence };
    });
  } finally {
    db.close();
  }
};

/** A datetime-local value `days` ahead (the wall clock in Lima is close enough: the form's zone is Lima). */
const ahead = (days: number, hour: number, minute: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
};

for (const [n, locale] of (['es', 'en'] as const).entries()) {
  test(`a company proposes two times, the candidate picks one, both list it, invites go out; a cancel sends CANCEL (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const offer = (await companyOffer())!;
    const last = `Entrevista${locale}${Date.now().toString(36)}`;
    const email = freshEmail(`interviews-${locale}`);

    const cand = await newPage(browser, locale);
    await cand.goto(href('signUp', locale));
    await waitForForm(cand, 'signup-form');
    await cand.fill('#signup-form-name', 'Lía');
    await cand.fill('#signup-form-last_name', last);
    await cand.fill('#signup-form-email', email);
    await cand.fill('#signup-form-password', 'clave-segura-7');
    await cand.getByRole('button', { name: L[locale].createAccount }).click();
    await cand.waitForURL((u) => !u.pathname.startsWith(href('signUp', locale)));
    await cand.goto(href('offer', locale, { slug: offer.slug }));
    await cand.getByRole('button', { name: L[locale].apply }).click();
    await expect(cand.getByTestId('application-status')).toBeVisible();

    // The company, without JavaScript: from the applicant row to the proposal page, two times.
    const co = await newPage(browser, locale);
    await signIn(co, href('login', locale), COMPANY.email, COMPANY.password);
    await co.waitForURL((u) => !u.pathname.startsWith(href('login', locale)));
    const plain = await browser.newContext({
      locale: locale === 'es' ? 'es-ES' : 'en-US',
      javaScriptEnabled: false,
      storageState: await co.context().storageState(),
    });
    const nj = await plain.newPage();
    await nj.goto(href('hireApplicants', locale, { id: String(offer.id) }));
    await nj.getByTestId('applicant').filter({ hasText: last }).getByTestId('applicant-interview').click();
    await expect(nj).toHaveURL(/\/hire\/site\/(entrevista|interview)\/\d+$/);
    // Times no other run holds: the company's time is held by one scheduled interview.
    const minute = ((Date.now() / 60_000) % 60) | 0;
    const day = 3 + (((Date.now() / 3_600_000) % 20) | 0) + n * 25;
    await nj.fill('#slot-1', ahead(day, 10, minute));
    await nj.fill('#slot-2', ahead(day, 15, minute));
    await nj.fill('#videoUrl', 'https://meet.example/tandem');
    await nj.getByTestId('interview-propose').click();
    await expect(nj.getByTestId('interview-notice')).toBeVisible();
    // axe and the phone check on the same page with JavaScript (axe runs in the page).
    await co.goto(new URL(nj.url()).pathname);
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(co, scheme)).toEqual([]);
    await fitsPhone(co, 'interview-propose');

    // The candidate sees the proposal in their workspace and picks the second time (a select, a plain post).
    await cand.goto(href('matchPlatform', locale));
    const card = cand.getByTestId('interview').filter({ hasText: offer.title });
    await expect(card).toHaveAttribute('data-status', 'proposed');
    const options = card.getByTestId('interview-slot').locator('option');
    await expect(options).toHaveCount(2);
    await card.getByTestId('interview-slot').selectOption({ index: 1 });
    await card.getByTestId('interview-pick').click();
    await expect(cand.getByTestId('interview-notice')).toBeVisible();
    await expect(cand.getByTestId('interview').filter({ hasText: offer.title })).toHaveAttribute('data-status', 'scheduled');
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(cand, scheme)).toEqual([]);
    await fitsPhone(cand, 'interview-cancel');

    // The company lists it as confirmed.
    await co.goto(href('hireSite', locale));
    await expect(co.getByTestId('interview').filter({ hasText: last })).toHaveAttribute('data-status', 'scheduled');
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(co, scheme)).toEqual([]);
    await nj.goto(href('hireSite', locale));

    // The outbox: the candidate's and the company's emails, each with a REQUEST invite of the same UID.
    const row = await queryOne<{ uid: string; id: number; application_id: number }>(
      'select i.uid, i.id, i.application_id from job_interviews i join users u on u.id = i.candidate_id where u.email = ?',
      email,
    );
    const sent = await invites(row!.uid);
    expect(sent.map((s) => [s.kind, s.method, s.sequence]).sort()).toEqual([
      ['notify:interview', 'REQUEST', 0],
      ['notify:interview-answer', 'REQUEST', 0],
    ]);
    expect(sent.map((s) => s.to)).toContain(email);

    // The company cancels from the interview's page: CANCEL to both, SEQUENCE 1.
    await nj.getByTestId('interview').filter({ hasText: last }).getByTestId('interview-open').click();
    await nj.getByTestId('interview-cancel').click();
    await expect(nj.getByTestId('interview-notice')).toBeVisible();
    const after = await invites(row!.uid);
    expect(
      after
        .filter((s) => s.method === 'CANCEL')
        .map((s) => [s.kind, s.sequence])
        .sort(),
    ).toEqual([
      ['notify:interview', 1],
      ['notify:interview-answer', 1],
    ]);
    await cand.goto(href('matchPlatform', locale));
    await expect(cand.getByTestId('interview').filter({ hasText: offer.title })).toHaveCount(0);
    await plain.close();
  });
}
