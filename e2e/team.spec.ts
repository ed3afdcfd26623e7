import { expect, test } from '@playwright/test';
import { href } from '../src/routes';
import { axeViolations, fitsPhone, linkPath, newPage, queryOne, signIn } from './fixtures';
import { PASSWORD, publishOffer, register } from './product-api';

// Company teams (decision 047), in both languages and without JavaScript for the forms: the owner invites a
// colleague from the team page, the outbox holds the email, a new person opens its link, signs up right
// there, lands in the company's workspace and sees the same offers; the owner then removes them. The team and
// join pages fit a phone and pass axe in light and dark.

const invitationEmail = (to: string) =>
  queryOne<{ text: string; subject: string; locale: string }>(
    "select text_body as text, subject, locale from email_outbox where to_email = ? and kind = 'team-invitation' order by id desc",
    to,
  );

for (const locale of ['es', 'en'] as const) {
  test(`an owner invites a colleague who signs up from the email, works on the same offers, and is removed (${locale})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const company = `Equipo ${locale} ${stamp}`;
    const owner = await register(request, 'hire', { company_name: company });
    const title = `Backend de equipo ${stamp}`;
    expect((await publishOffer(request, owner.token, { title })).ok()).toBe(true);

    // The owner, signed in; the forms are posted without JavaScript.
    const co = await newPage(browser, locale);
    await signIn(co, href('login', locale), owner.email, PASSWORD);
    await co.waitForURL((u) => !u.pathname.startsWith(href('login', locale)));
    const nj = await newPage(browser, locale, { js: false, storageState: await co.context().storageState() });
    await nj.goto(href('hireSite', locale));
    await nj.getByTestId('team-link').click();
    await expect(nj).toHaveURL(new RegExp(`${href('hireTeam', locale)}$`));
    await expect(nj.getByTestId('team-member')).toHaveCount(1);

    const colleague = `colega-${locale}-${stamp}@example.com`;
    await nj.fill('#invite-email', colleague);
    await nj.selectOption('#invite-role', 'recruiter');
    await nj.getByTestId('team-invite').click();
    await expect(nj.getByTestId('team-notice')).toBeVisible();
    await expect(nj.getByTestId('team-invitation').filter({ hasText: colleague })).toBeVisible();

    // axe and the phone check on the team page with JavaScript.
    await co.goto(href('hireTeam', locale));
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(co, scheme)).toEqual([]);
    await fitsPhone(co, 'team-invite');

    // The email, in the page's language, with the link.
    const mail = (await invitationEmail(colleague))!;
    expect(mail.locale).toBe(locale);
    expect(mail.subject).toContain(company);

    // A new person opens the link and signs up right there (no JavaScript needed).
    const path = linkPath(mail.text);
    const guest = await newPage(browser, locale);
    await guest.goto(path);
    await expect(guest.getByRole('heading', { level: 1 })).toContainText(company);
    await expect(guest.locator('#join-email')).toHaveValue(colleague);
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(guest, scheme)).toEqual([]);
    await fitsPhone(guest, 'join-signup');
    const guestNj = await newPage(browser, locale, { js: false });
    await guestNj.goto(path);
    await guestNj.fill('#join-name', 'Rita');
    await guestNj.fill('#join-last-name', `Equipo${stamp}`);
    await guestNj.fill('#join-password', 'clave-de-equipo-9');
    await guestNj.getByTestId('join-signup').click();
    await guestNj.waitForURL((u) => u.pathname === href('hireSite', locale));
    await expect(guestNj.getByText(title).first()).toBeVisible();
    // No company of their own: the one company has two members.
    expect(
      await queryOne<{ n: number }>(
        'select count(*) as n from company_users cu join companies c on c.id = cu.company_id where c.name = ?',
        company,
      ),
    ).toEqual({ n: 2 });
    // The link works once.
    await guest.goto(path);
    await expect(guest.getByTestId('join-state')).toBeVisible();

    // The owner removes them; they keep their account, without a company.
    await nj.goto(href('hireTeam', locale));
    await expect(nj.getByTestId('team-member')).toHaveCount(2);
    await nj.getByTestId('team-member').filter({ hasText: colleague }).getByTestId('team-remove').click();
    await expect(nj.getByTestId('team-notice')).toBeVisible();
    await expect(nj.getByTestId('team-member')).toHaveCount(1);
    await guestNj.goto(href('hireTeam', locale));
    await expect(guestNj.getByTestId('team-no-company')).toBeVisible();
  });
}
