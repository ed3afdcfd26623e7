import { describe, expect, it } from 'vitest';
import { candidateSlots, isTimeZone, parseSlotKey, slotKey, slotsByDay, zonedParts, zonedToUtc, type ScheduleRules } from './scheduling';

const RULES: ScheduleRules = {
  timeZone: 'America/Lima',
  days: [1, 2, 3, 4, 5],
  hours: [
    ['09:00', '12:00'],
    ['14:00', '15:00'],
  ],
  slotMinutes: 30,
  bufferMinutes: 15,
  minNoticeHours: 12,
  daysAhead: 7,
  holidays: ['2026-12-08'],
};

describe('timezones', () => {
  it('turns a wall-clock time in a timezone into the instant (Lima: UTC-5 all year)', () => {
    expect(zonedToUtc('2026-12-01', '09:00', 'America/Lima').toISOString()).toBe('2026-12-01T14:00:00.000Z');
  });

  it('follows daylight saving time (Madrid winter +1, summer +2; Santiago summer -3)', () => {
    expect(zonedToUtc('2026-12-01', '10:00', 'Europe/Madrid').toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(zonedToUtc('2026-07-01', '10:00', 'Europe/Madrid').toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(zonedToUtc('2026-12-01', '10:00', 'America/Santiago').toISOString()).toBe('2026-12-01T13:00:00.000Z');
  });

  it('reads the wall clock of an instant back, with the ISO weekday', () => {
    const p = zonedParts(new Date('2026-12-01T14:00:00Z'), 'America/Lima');
    expect(p).toMatchObject({ date: '2026-12-01', hour: 9, minute: 0, weekday: 2 });
  });

  it('accepts IANA names and refuses anything else', () => {
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const bad of ['Mars/Olympus', '', '../../etc', 'America/Lima; drop', 42, null, 'x'.repeat(80)])
      expect(isTimeZone(bad)).toBe(false);
  });
});

describe('candidate slots', () => {
  // Monday 30 November 2026, 08:00 in Lima.
  const now = new Date('2026-11-30T13:00:00Z');
  const slots = candidateSlots(RULES, now);
  const local = slots.map((s) => {
    const p = zonedParts(s, 'America/Lima');
    return `${p.date} ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  });

  it('spaces slots by length plus buffer inside each working window', () => {
    const tuesday = local.filter((s) => s.startsWith('2026-12-01'));
    expect(tuesday).toEqual(['2026-12-01 09:00', '2026-12-01 09:45', '2026-12-01 10:30', '2026-12-01 11:15', '2026-12-01 14:00']);
  });

  it('leaves out the minimum notice, weekends and holidays, and stops after the days ahead', () => {
    // 12 h notice from Monday 08:00: Monday's slots (the last starts 14:00) are all too soon.
    expect(local.some((s) => s.startsWith('2026-11-30'))).toBe(false);
    expect(local.some((s) => s.startsWith('2026-12-05') || s.startsWith('2026-12-06'))).toBe(false);
    expect(local.some((s) => s.startsWith('2026-12-08'))).toBe(false);
    expect(local.at(-1)!.startsWith('2026-12-04')).toBe(true);
    expect(new Set(local.map((s) => s.slice(0, 10)))).toEqual(new Set(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']));
  });

  it('keys a slot by its UTC minute, and parses keys back (anything else is null)', () => {
    const s = slots[0]!;
    expect(slotKey(s)).toBe('2026-12-01T14:00Z');
    expect(parseSlotKey(slotKey(s))?.getTime()).toBe(s.getTime());
    for (const bad of ['2026-12-01T14:00', '2026-12-01 14:00Z', '2026-13-01T14:00Z', '', null, 'x'.repeat(20)])
      expect(parseSlotKey(bad)).toBeNull();
  });

  it('groups by the visitor’s calendar day: 10:30 in Lima is already the next day in Tokyo', () => {
    const days = slotsByDay(slots.slice(0, 5), 'Asia/Tokyo');
    expect(days.map((d) => [d.date, d.slots.length])).toEqual([
      ['2026-12-01', 2],
      ['2026-12-02', 3],
    ]);
  });
});
