import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { candidateSlots, slotKey, slotsByDay } from '../../domain/scheduling';
import { formatMeetingClock } from '../../i18n/format';
import { getT } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import type { FormState } from '../../domain/forms/types';
import type { MeetingService } from '../../server/meetings/meeting-service';
import type { PageProps } from '../../server/render/page-types';
import { TEST_RULES } from '../../testing/meetings';
import { MAX_DAYS } from './booking-picker-fields';

// /hire/agendar as a browser without JavaScript gets it: one form with the zone, the day chips and the
// chosen day's slots; a refused booking comes back in the zone it was posted in, with everything kept.
vi.mock('waku', () => import('../../testing/waku-link'));

const { schedulePage } = await import('./schedule-pages');

// Three weeks of slots: more days than the chips show.
const RULES = { ...TEST_RULES, daysAhead: 21 };
const free = candidateSlots(RULES, new Date());
const page = schedulePage({ meetings: async () => ({ rules: RULES, freeSlots: async () => free }) as unknown as MeetingService });

const props = (locale: Locale, query = '', form: FormState | null = null): PageProps => ({
  id: 'hireSchedule',
  locale,
  params: {},
  query,
  path: locale === 'es' ? '/hire/agendar' : '/en/hire/agendar',
  t: getT(locale),
  brand: 'Tandem',
  session: { loggedIn: false } as PageProps['session'],
  viewer: null,
  anonymousId: null,
  country: null,
  form,
});
const render = async (...a: Parameters<typeof props>) =>
  renderToStaticMarkup(((await page(props(...a))) as { content: ReactElement }).content);
/** The values of the checked radios of a name. */
const checked = (html: string, name: string) =>
  (html.match(/<input [^>]*>/g) ?? [])
    .filter((i) => i.includes(`name="${name}"`) && i.includes('checked=""'))
    .map((i) => /value="([^"]*)"/.exec(i)![1]);
const count = (html: string, re: RegExp) => html.match(new RegExp(re, 'g'))?.length ?? 0;

describe('the booking page', () => {
  it('shows day chips for the next days with free times and the slots of one day only', async () => {
    const html = await render('es');
    const days = slotsByDay(free, 'America/Lima');
    expect(count(html, /name="day"/)).toBe(MAX_DAYS);
    expect(count(html, /name="slot"/)).toBe(days[0]!.slots.length);
    expect(html).toContain('Ver horarios');
    expect(html).toContain('Hora de Perú (GMT-5)</option>');
  });

  it('keeps the zone, the day, the slot and what was typed when a booking is refused', async () => {
    const key = slotKey(slotsByDay(free, 'Europe/Madrid')[2]!.slots[1]!);
    const day = slotsByDay(free, 'Europe/Madrid')[2]!.date;
    const values = { tz: 'Europe/Madrid', day, slot: key, name: '', email: 'ana@acme.example', company: 'Acme', message: 'Hola' };
    for (const locale of ['es', 'en'] as const) {
      const t = getT(locale);
      const form: FormState = { ok: false, message: t('forms.summary'), errors: { name: t('forms.error.required') }, values };
      const html = await render(locale, '', form);
      expect(html).toMatch(/<option value="Europe\/Madrid" selected="">/);
      expect(checked(html, 'day')).toEqual([day]);
      expect(checked(html, 'slot')).toEqual([key]);
      expect(html).toContain(formatMeetingClock(new Date(key.replace('Z', ':00Z')), locale, 'Europe/Madrid'));
      expect(html).toContain('value="ana@acme.example"');
      expect(html).toContain('>Hola</textarea>');
      expect(html).toContain(t('forms.error.required'));
    }
  });

  it('shows times of the day chosen with "show times", without a summary', async () => {
    const day = slotsByDay(free, 'America/Bogota')[3]!;
    const form: FormState = { ok: false, message: '', errors: {}, values: { tz: 'America/Bogota', day: day.date, slot: '' } };
    const html = await render('en', '', form);
    expect(html).not.toContain('role="alert"');
    expect(count(html, /name="slot"/)).toBe(day.slots.length);
    expect(html).toContain(`value="${slotKey(day.slots[0]!)}"`);
  });
});
