// Part of `npm run bench` (run by bench/run.mjs with tsx under the react-server condition): the daily digests
// for 10,000 people, queued by the notification service under its lease and delivered through a real SMTP
// server on 127.0.0.1 (the tests' sink). Prints the time to queue, the time to deliver, messages per second
// and the process's memory before, at its peak and after. A fresh SQLite database in a temp folder (or
// BENCH_DIGEST_DATABASE_URL). Not a test: it reports figures beside a target.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { migrateToLatest } from '../src/server/db/migrate';
import { createEmailService } from '../src/server/email/email-service';
import { createSmtpTransport } from '../src/server/email/smtp-transport';
import { createNotificationService } from '../src/server/notifications/notification-service';
import { startSmtpSink } from '../src/testing/smtp-sink';

const PEOPLE = Number(process.env.BENCH_DIGEST_PEOPLE ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), 'tandem-digest-bench-'));
const database = openDatabase(process.env.BENCH_DIGEST_DATABASE_URL ?? `file:${join(dir, 'bench.db')}`);
await migrateToLatest(database);
const { db } = database;
const mb = (n: number) => Math.round(n / 1024 / 1024);

// 10,000 people who chose the digest, each with one to three notifications from yesterday.
const yesterday = new Date(Date.now() - 20 * 3600_000);
for (let start = 0; start < PEOPLE; start += 500) {
  const users = Array.from({ length: Math.min(500, PEOPLE - start) }, (_, i) => ({
    email: `digest-${start + i}@bench.example`,
    password_hash: null,
    account_type: 'match' as const,
    name: `Persona ${start + i}`,
    last_name: 'Bench',
    profile_slug: `digest-bench-${start + i}`,
    is_demo: 0,
    locale: (start + i) % 3 === 0 ? 'en' : 'es',
    created_at: yesterday,
    updated_at: yesterday,
  }));
  const ids = (await db.insertInto('users').values(users).returning('id').execute()).map((r) => r.id);
  await db
    .insertInto('notification_settings')
    .values(ids.map((user_id) => ({ user_id, kind: 'application-status', mode: 'digest', updated_at: yesterday })))
    .execute();
  await db
    .insertInto('notifications')
    .values(
      ids.flatMap((user_id, i) =>
        Array.from({ length: 1 + (i % 3) }, (_, k) => ({
          user_id,
          kind: 'application-status',
          data: JSON.stringify({ offer: `Backend Go ${k}`, company: 'Andes Digital', status: 'approved' }),
          link: '/match/plataforma#applications',
          created_at: yesterday,
          digest_pending: 1,
        })),
      ),
    )
    .execute();
}

const sink = await startSmtpSink();
// The sink keeps what it receives for tests; here only the count matters.
const received = { n: 0 };
Object.defineProperty(sink, 'received', { value: { push: () => received.n++, length: 0 } });
const email = createEmailService(database, { transport: createSmtpTransport(sink.url), log: () => {} });
const notifications = createNotificationService(database, {
  email: async () => email,
  secret: 'bench-secret-0123456789abcdef0123456789',
  siteUrl: 'https://tandem.example',
  brand: 'Tandem',
  log: () => {},
});

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const rssBefore = process.memoryUsage().rss;
const t0 = performance.now();
const queued = await notifications.sendDigests();
const t1 = performance.now();
while (received.n < (typeof queued === 'number' ? queued : 0)) await email.drain();
const t2 = performance.now();
clearInterval(sampler);
const rssAfter = process.memoryUsage().rss;

console.table([
  {
    what: `digest emails for ${PEOPLE.toLocaleString('en')} people`,
    queued,
    delivered: received.n,
    'queue s': ((t1 - t0) / 1000).toFixed(1),
    'deliver s': ((t2 - t1) / 1000).toFixed(1),
    'emails/s': Math.round(received.n / ((t2 - t0) / 1000)),
    'RSS MB before/peak/after': `${mb(rssBefore)} / ${mb(peak)} / ${mb(rssAfter)}`,
    target: 'all delivered once; memory flat (people read 200 at a time)',
  },
]);
await email.stop();
await sink.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
