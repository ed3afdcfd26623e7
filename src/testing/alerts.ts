import type { Database } from '../server/db/client';
import type { EmailService } from '../server/email/email-service';
import type { RateLimiter } from '../server/limits/rate-limit';
import { createJobSearchService } from '../server/offers/job-search-service';
import { createAlertService } from '../server/alerts/alert-service';

/** The job alert service of a test: a fixed secret and site, the given outbox and limiter. */
export function testAlertService(db: Database, deps: { email: EmailService; limiter: RateLimiter; now?: () => number }) {
  return createAlertService(db, {
    email: async () => deps.email,
    jobs: async () => createJobSearchService(db),
    limiter: async () => deps.limiter,
    secret: 'a'.repeat(40),
    siteUrl: 'https://tandem.example',
    brand: 'Tandem',
    ...(deps.now ? { now: deps.now } : {}),
  });
}
