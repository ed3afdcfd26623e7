import { expect, test, type Page } from '@playwright/test';
import { locales } from '../src/i18n/locales';
import { openPage, pagesFor, signInAs, visitors } from './page-walk';

// Phone first (decision 029): no page of the route table scrolls sideways on a phone, for a visitor, a
// candidate and a company, in both languages. Each page is measured at 390 px, at 361 px (the narrowest width
// with the header's bell, hidden from 360 px down) and at 320 px: a resize re-lays it out without a second
// load.
// Parts laid out only near the screen (`content-visibility: auto`) are each brought into view once first, then
// left: a part drawn at one width and skipped since must still follow the next width.
const showSkippedParts = async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  for (const e of document.body.querySelectorAll('*')) {
    if (getComputedStyle(e).contentVisibility !== 'auto') continue;
    e.scrollIntoView();
    await frame();
  }
  window.scrollTo(0, 0);
  await frame();
};
// What sticks out is named (tag, class, text), so a failure says where to look without a rerun.
const overflow = () => {
  const root = document.documentElement;
  const extra = root.scrollWidth - root.clientWidth;
  if (extra <= 0) return null;
  const wide = [...document.body.querySelectorAll('*')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.right > root.clientWidth + 0.5;
  });
  // The innermost ones: an element none of whose own children sticks out (an icon's drawing is named by
  // the control that holds it, and a control without text by its label).
  const innermost = wide.filter((e) => !wide.some((o) => o.parentElement === e));
  const named = [...new Set(innermost.map((e) => e.closest('svg')?.parentElement ?? e))];
  const out = named.map((e) => {
    const what = (e.textContent ?? '').trim().slice(0, 30) || e.getAttribute('aria-label') || '';
    return `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${what}" right ${Math.round(e.getBoundingClientRect().right)}`;
  });
  return `${extra} px too wide (${out.slice(0, 4).join('; ')})`;
};

for (const who of visitors) {
  for (const locale of locales) {
    test(`no page scrolls sideways at 390, 361 and 320 px: ${who}, ${locale}`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAs(page, who);
      const wide: string[] = [];
      for (const p of (await pagesFor(who)).filter((w) => w.locale === locale)) {
        await page.setViewportSize({ width: 390, height: 844 });
        const res = await openPage(page, p.path);
        // A page that answered an error screen is not the page the walk means to measure.
        if ((res?.status() ?? 0) >= 500) wide.push(`${p.path}: answered ${res?.status()}`);
        await page.evaluate(showSkippedParts);
        for (const width of [390, 361, 320]) {
          if (width !== 390) await page.setViewportSize({ width, height: 844 });
          const extra = await page.evaluate(overflow);
          if (extra) wide.push(`${p.path} at ${width} px: ${extra}`);
        }
      }
      expect(wide).toEqual([]);
    });
  }
}

// Tap targets (decision 077): on the main pages at 390 px, every visible main control (the header and its
// doors, the menu, chips, the job cards' links, buttons) is at least 44 px tall and wide, in both languages.
const MAIN_PAGES = {
  es: ['/', '/trabajos', '/hire', '/herramientas', '/hire/agendar', '/oferta/frontend-react-lima', '/match'],
  en: ['/en', '/en/trabajos', '/en/hire', '/en/tools', '/en/hire/agendar', '/en/oferta/frontend-react-lima', '/en/match'],
};
const CONTROLS = [
  '.site-header a',
  '.site-header button',
  '.guest-doors a',
  'a.chip',
  '.chip > a',
  '.job-title a',
  '.job-company a',
  '.btn',
];

/** The visible controls matching `selector` smaller than 44 px either way, described. */
const smallControls = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.flatMap((e) => {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(e).visibility === 'hidden') return [];
      return r.height < 44 || r.width < 44
        ? [
            `${e.tagName.toLowerCase()}.${e.className} "${(e.textContent ?? '').trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`,
          ]
        : [];
    }),
  );

for (const locale of locales) {
  test(`main controls are tap targets of at least 44 px at 390 px: ${locale}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const small: string[] = [];
    for (const path of MAIN_PAGES[locale]) {
      await openPage(page, path);
      small.push(...(await smallControls(page, CONTROLS.join(', '))).map((f) => `${path}: ${f}`));
    }
    expect(small).toEqual([]);
  });
}

// Signed in, the bar holds five controls beside the logo (language, colour mode, bell, account, menu; the bell
// goes to the menu from 360 px down) and sits closer below 389 px: each stays a full tap target.
for (const who of ['candidate', 'company'] as const) {
  test(`the signed-in header's controls are tap targets at 390, 361 and 320 px: ${who}`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, who);
    await openPage(page, '/en');
    await expect(page.getByTestId('notification-bell')).toBeVisible();
    const small: string[] = [];
    for (const width of [390, 361, 320]) {
      await page.setViewportSize({ width, height: 844 });
      small.push(...(await smallControls(page, '.site-header a, .site-header button')).map((f) => `${width} px: ${f}`));
    }
    expect(small).toEqual([]);
  });
}

// Salary role pages made for a phone (decision 082): under 5,000 px at 390 px (the blocks below the first
// screen are laid out as they come near it, so the page is scrolled through before it is measured), one
// chart/table switch per block with 44 px controls, the chart first and the table one tap away, and the call
// to add one's salary leading into the calculator's flow.
const ROLE_PAGES = {
  es: ['/herramientas/peru/backend', '/herramientas/mexico/frontend', '/herramientas/salario/developer/frontend'],
  en: ['/en/tools/peru/backend', '/en/tools/mexico/frontend', '/en/tools/salary/developer/frontend'],
};
// A block is laid out at the browser's next frame after it comes near the screen, and until then counts its
// guessed 640 px: each step waits for two frames, and the walk is repeated until the height holds.
const fullHeight = (page: Page) =>
  page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const root = document.documentElement;
    let last = -1;
    while (root.scrollHeight !== last) {
      last = root.scrollHeight;
      for (let y = 0; y < last; y += 600) {
        window.scrollTo(0, y);
        await frame();
      }
    }
    return last;
  });

for (const locale of locales) {
  test(`salary role pages are short on a phone, with a chart/table switch and the call to add a salary: ${locale}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const tall: string[] = [];
    for (const path of ROLE_PAGES[locale]) {
      await openPage(page, path);
      const add = page.getByTestId('add-salary');
      await expect(add.getByRole('link', { name: locale === 'es' ? 'Añade tu salario' : 'Add your salary' })).toHaveAttribute(
        'href',
        new RegExp(`^${locale === 'es' ? '/herramientas/salario/calculadora' : '/en/tools/salary/calculator'}`),
      );
      const height = await fullHeight(page);
      if (height >= 5000) tall.push(`${path}: ${height} px`);
    }
    expect(tall).toEqual([]);

    // The first block: the chart shown, the table one tap away, the switch's controls full tap targets.
    const block = page.locator('.salary-block').first();
    const switcher = block.getByRole('radiogroup');
    for (const label of await switcher.locator('label').all()) {
      const r = (await label.boundingBox())!;
      expect(r.height).toBeGreaterThanOrEqual(44);
      expect(r.width).toBeGreaterThanOrEqual(44);
    }
    await expect(switcher.getByRole('radio', { name: locale === 'es' ? 'Gráfico' : 'Chart' })).toBeChecked();
    await expect(block.getByTestId('range-chart').first()).toBeVisible();
    await expect(block.getByRole('table').first()).toBeHidden();
    await switcher.locator('label').nth(1).click();
    await expect(switcher.getByRole('radio', { name: locale === 'es' ? 'Tabla' : 'Table' })).toBeChecked();
    await expect(block.getByRole('table').first()).toBeVisible();
    await expect(block.getByTestId('range-chart').first()).toBeHidden();
  });
}
