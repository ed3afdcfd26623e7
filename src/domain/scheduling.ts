// Meeting availability (decision 028): which slot starts the sales team offers, computed from rules in the
// team's timezone and shown in the visitor's. Pure and neutral: the server validates a booking with the
// same function that lists the slots, and both sides format times with Intl.
export type ScheduleRules = {
  /** The sales team's IANA timezone: working days, hours and holidays are in it. */
  timeZone: string;
  /** ISO weekdays the team meets (1 = Monday ... 7 = Sunday). */
  days: readonly number[];
  /** Working windows, 'HH:MM'-'HH:MM' in the team's timezone. */
  hours: readonly (readonly [string, string])[];
  slotMinutes: number;
  /** Free time after each meeting: slots start every slotMinutes + bufferMinutes. */
  bufferMinutes: number;
  /** The earliest bookable start, counted from now. */
  minNoticeHours: number;
  /** How many calendar days ahead slots are offered (today included). */
  daysAhead: number;
  /** Days off, 'YYYY-MM-DD' in the team's timezone. */
  holidays: readonly string[];
};

const MINUTE = 60_000;
const DAY = 86_400_000;

export function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || tz.length === 0 || tz.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock fields of an instant in a timezone. */
export function zonedParts(at: Date, timeZone: string) {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    partsFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(p.weekday ?? '') + 1;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
    weekday,
    date: [p.year, p.month, p.day].join('-'),
  };
}

/** Minutes the timezone is ahead of UTC at an instant. */
function offsetMinutes(at: Date, timeZone: string): number {
  const p = zonedParts(at, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / MINUTE);
}

/** The instant a wall-clock date and time in a timezone stands for (DST gaps resolve forward). */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const first = guess - offsetMinutes(new Date(guess), timeZone) * MINUTE;
  return new Date(guess - offsetMinutes(new Date(first), timeZone) * MINUTE);
}

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const fromMinutes = (n: number) => `${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;

/** Every slot start the rules offer from now on (busy slots not removed), in time order. */
export function candidateSlots(rules: ScheduleRules, now: Date): Date[] {
  const earliest = now.getTime() + rules.minNoticeHours * 60 * MINUTE;
  const holidays = new Set(rules.holidays);
  const out: Date[] = [];
  const today = zonedParts(now, rules.timeZone);
  const start = Date.UTC(today.year, today.month - 1, today.day);
  for (let i = 0; i < rules.daysAhead; i++) {
    const day = new Date(start + i * DAY);
    const date = day.toISOString().slice(0, 10);
    const weekday = ((day.getUTCDay() + 6) % 7) + 1;
    if (!rules.days.includes(weekday) || holidays.has(date)) continue;
    for (const [from, to] of rules.hours) {
      const end = toMinutes(to);
      for (let m = toMinutes(from); m + rules.slotMinutes <= end; m += rules.slotMinutes + rules.bufferMinutes) {
        const at = zonedToUtc(date, fromMinutes(m), rules.timeZone);
        if (at.getTime() >= earliest) out.push(at);
      }
    }
  }
  return out;
}

/** The key a booked slot is stored under (unique in the database): its start in UTC, to the minute. */
export const slotKey = (at: Date) => `${at.toISOString().slice(0, 16)}Z`;

/** A slot key from the query or a form, as a Date; null when it is not one. */
export function parseSlotKey(v: unknown): Date | null {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}Z$/.test(v)) return null;
  const d = new Date(`${v.slice(0, 16)}:00Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Free slots grouped by the visitor's calendar day. */
export function slotsByDay(slots: readonly Date[], timeZone: string): { date: string; slots: Date[] }[] {
  const days: { date: string; slots: Date[] }[] = [];
  for (const s of slots) {
    const date = zonedParts(s, timeZone).date;
    const last = days.at(-1);
    if (last?.date === date) last.slots.push(s);
    else days.push({ date, slots: [s] });
  }
  return days;
}

/** Timezones offered in the select (Latin America, Spain and a few more); the detected one is added when missing. */
export const COMMON_TIME_ZONES = [
  'America/Mexico_City',
  'America/Guatemala',
  'America/Costa_Rica',
  'America/Panama',
  'America/Bogota',
  'America/Lima',
  'America/Guayaquil',
  'America/Caracas',
  'America/La_Paz',
  'America/Santiago',
  'America/Asuncion',
  'America/Argentina/Buenos_Aires',
  'America/Montevideo',
  'America/Sao_Paulo',
  'America/Santo_Domingo',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/Madrid',
  'Europe/London',
  'UTC',
] as const;
