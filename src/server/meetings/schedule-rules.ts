import 'server-only';
import type { ScheduleRules } from '../../domain/scheduling';
import type { ServerConfig } from '../config';

// The sales team's availability from configuration (decision 028). Days off default to Peru's public
// holidays (the default team timezone is Lima) for 2026 and 2027; SCHEDULE_HOLIDAYS replaces the list.
const PERU_HOLIDAYS = [
  '2026-01-01',
  '2026-04-02',
  '2026-04-03',
  '2026-05-01',
  '2026-06-07',
  '2026-06-29',
  '2026-07-23',
  '2026-07-28',
  '2026-07-29',
  '2026-08-06',
  '2026-08-30',
  '2026-10-08',
  '2026-11-01',
  '2026-12-08',
  '2026-12-09',
  '2026-12-25',
  '2027-01-01',
  '2027-03-25',
  '2027-03-26',
  '2027-05-01',
  '2027-06-07',
  '2027-06-29',
  '2027-07-23',
  '2027-07-28',
  '2027-07-29',
  '2027-08-06',
  '2027-08-30',
  '2027-10-08',
  '2027-11-01',
  '2027-12-08',
  '2027-12-09',
  '2027-12-25',
];

type ScheduleConfig = Pick<
  ServerConfig,
  | 'SCHEDULE_TIMEZONE'
  | 'SCHEDULE_DAYS'
  | 'SCHEDULE_HOURS'
  | 'SCHEDULE_SLOT_MINUTES'
  | 'SCHEDULE_BUFFER_MINUTES'
  | 'SCHEDULE_MIN_NOTICE_HOURS'
  | 'SCHEDULE_DAYS_AHEAD'
  | 'SCHEDULE_HOLIDAYS'
>;

export function scheduleRules(c: ScheduleConfig): ScheduleRules {
  return {
    timeZone: c.SCHEDULE_TIMEZONE,
    days: c.SCHEDULE_DAYS.split(',').map(Number),
    hours: c.SCHEDULE_HOURS.split(',').map((w) => w.split('-') as [string, string]),
    slotMinutes: c.SCHEDULE_SLOT_MINUTES,
    bufferMinutes: c.SCHEDULE_BUFFER_MINUTES,
    minNoticeHours: c.SCHEDULE_MIN_NOTICE_HOURS,
    daysAhead: c.SCHEDULE_DAYS_AHEAD,
    holidays: c.SCHEDULE_HOLIDAYS === undefined ? PERU_HOLIDAYS : c.SCHEDULE_HOLIDAYS.split(',').filter(Boolean),
  };
}
