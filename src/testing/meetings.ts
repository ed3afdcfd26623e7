import type { ScheduleRules } from '../domain/scheduling';
import type { Database } from '../server/db/client';
import type { EmailService } from '../server/email/email-service';
import { createMeetingService } from '../server/meetings/meeting-service';
import type { RateLimiter } from '../server/limits/rate-limit';

// The meeting service as the tests build it: every day open 09:00-18:00 in Lima, no notice, two weeks.
export const TEST_RULES: ScheduleRules = {
  timeZone: 'America/Lima',
  days: [1, 2, 3, 4, 5, 6, 7],
  hours: [['09:00', '18:00']],
  slotMinutes: 30,
  bufferMinutes: 15,
  minNoticeHours: 0,
  daysAhead: 14,
  holidays: [],
};

export const SALES_EMAIL = 'ventas@tandem.example';

/** A meeting request as the service takes it (the form posts company_size and an empty honeypot besides). */
export const TEST_LEAD = {
  name: 'Lucía Rojas',
  company: 'Acme SAC',
  email: 'lucia@acme.example',
  phone: '+51 987 654 321',
  country: 'peru',
  companySize: '51-200',
  roles: '2 backend, 1 QA',
  message: 'Queremos crecer el equipo en enero.',
};

export function testMeetingService(
  db: Database,
  deps: { email: EmailService; limiter: RateLimiter; now?: () => number; rules?: Partial<ScheduleRules> },
) {
  return createMeetingService(db, {
    email: async () => deps.email,
    limiter: async () => deps.limiter,
    rules: { ...TEST_RULES, ...deps.rules },
    secret: 'm'.repeat(40),
    siteUrl: 'https://tandem.example',
    brand: 'Tandem',
    salesEmail: SALES_EMAIL,
    now: deps.now,
  });
}
