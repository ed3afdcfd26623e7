import { expect, test } from '@playwright/test';
import { href } from '../src/routes';
import { axeViolations, signIn } from './fixtures';
import { PASSWORD, register } from './product-api';

// The candidate workspace on a phone leads with what a candidate comes back for: their applications first,
// the profile-completeness meter after the recommendations, its missing items linking to the profile's
// editor; navigation comes last. Both languages, light and dark.
const TEXT = {
  es: { applications: 'Mis postulaciones', progress: 'Tu perfil', firstMissing: 'Tu rol' },
  en: { applications: 'My applications', progress: 'Your profile', firstMissing: 'Your role' },
} as const;

for (const locale of ['es', 'en'] as const)
  test(`a new candidate's workspace leads with applications and shows how complete the profile is (${locale}, 390 px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { email } = await register(request, 'match');
    await signIn(page, href('login', locale), email, PASSWORD);
    await expect(page).toHaveURL(new RegExp(`${href('matchPlatform', locale)}$`));

    const top = (id: string) => page.locator(`#${id}`).evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
    await expect(page.locator('#applications-title')).toHaveText(TEXT[locale].applications);
    const progress = page.getByTestId('profile-progress');
    await expect(progress.getByRole('heading')).toHaveText(TEXT[locale].progress);
    // Applications come before the meter, and the meter before the alerts and the navigation cards.
    expect(await top('applications-title')).toBeLessThan(await top('profile-progress-title'));
    expect(await top('profile-progress-title')).toBeLessThan(await top('alerts-title'));

    // A profile with nothing filled in: a low figure, and its first missing item links to the editor.
    const value = Number(await progress.locator('progress').getAttribute('value'));
    expect(value).toBeLessThan(50);
    const first = progress.getByRole('link', { name: TEXT[locale].firstMissing });
    expect(await first.getAttribute('href')).toMatch(/#profile-role$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme)).toEqual([]);
  });
