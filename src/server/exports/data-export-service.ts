import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import type { EmailService } from '../email/email-service';
import { ServiceError } from '../errors';
import type { RateLimiter } from '../limits/rate-limit';
import type { UploadStore } from '../uploads/upload-store';
import { accountsPart } from '../accounts/personal-data';
import { offersPart } from '../offers/personal-data';
import { messagesPart } from '../messages/personal-data';
import { interviewsPart } from '../interviews/personal-data';
import { learningPart } from '../learning/personal-data';
import { alertsPart } from '../alerts/personal-data';
import { notificationsPart } from '../notifications/personal-data';
import { emailPart } from '../email/personal-data';
import {
  claimExport,
  deleteExport,
  expiredExports,
  insertExport,
  liveExportOf,
  markExportDownloaded,
  markExportFailed,
  markExportReady,
  readyExportByHash,
} from './data/export-jobs';
import { exportReadyEmail } from './export-emails';
import { writeZip, type ZipEntry } from './zip';

// "Download my data" (decision 072). A request only writes a job row (one a day per account); the archive is
// built off the request path (right after the request in this process, and by the housekeeping for any job
// left behind), stored in the upload store, and announced by an email whose link carries a random token
// (only its SHA-256 is stored). The link works until the export expires (7 days), for the signed-in owner
// only; the housekeeping deletes the file and the row then. Each domain gives its own part
// (`<domain>/personal-data.ts`): no SQL of another domain here.

export const EXPORT_TTL_MS = 7 * 24 * 60 * 60_000;
const EXPORT_LIMIT = { max: 1, windowMs: 24 * 60 * 60_000 };
/** A build that started longer ago than this died with its process: the next run takes it again. */
const STALE_BUILD_MS = 30 * 60_000;
/** Failed jobs are kept a while (the rate limit and support can see them), then deleted. */
const FAILED_KEEP_MS = 7 * 24 * 60 * 60_000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const encoder = new TextEncoder();

type Options = {
  store: UploadStore;
  email: () => Promise<EmailService>;
  limiter: () => Promise<RateLimiter>;
  siteUrl: string;
  brand: string;
  now?: () => number;
  log?: (message: string, err?: unknown) => void;
  /** How a new request's build is started off the request path (tests pass their own and call runDue). */
  schedule?: (build: () => void) => void;
};

export type ExportStatus =
  { state: 'none' } | { state: 'pending'; requestedAt: Date } | { state: 'ready'; requestedAt: Date; expiresAt: Date };

const asDate = (v: Date | string | null) => (v == null ? null : v instanceof Date ? v : new Date(v));

export function createDataExportService(database: Database, opts: Options) {
  const { db } = database;
  const now = () => new Date((opts.now ?? Date.now)());
  const log = opts.log ?? ((m: string, err?: unknown) => console.error(m, err ?? ''));
  let running: Promise<number> | null = null;
  const schedule = opts.schedule ?? ((build: () => void) => void setImmediate(build));

  /** Everything the product holds about the person, as one JSON document, and the keys of their files. */
  async function collect(userId: number, job: { locale: string; consent: string | null; requested_at?: Date | string }) {
    const accounts = await accountsPart(db, userId);
    const account = accounts.data.account;
    if (!account) throw new ServiceError('not-found');
    const type = account.account_type;
    const parts = [
      accounts,
      await offersPart(db, userId, type),
      await messagesPart(db, userId, type),
      await interviewsPart(db, userId, type),
      await learningPart(db, userId),
      await alertsPart(db, userId, account.email),
      await notificationsPart(db, userId),
      await emailPart(db, account.email),
    ];
    const files = [...new Set(parts.flatMap((p) => p.files))];
    const sections: Record<string, unknown> = {};
    for (const part of parts) Object.assign(sections, part.data);
    const document: Record<string, unknown> = {
      format: 'tandem-data-export',
      version: 1,
      generatedAt: now().toISOString(),
      locale: job.locale,
      ...sections,
      // Salary reports are stored without any link to the person who sent them (decision 072).
      salaryContributions: { stored: 'anonymously', note: 'Salary reports carry no link to an account.' },
      // The cookie banner's choice lives in the browser's cookie only; this is the one sent with the request.
      consent: job.consent,
      files: files.map((k) => `files/${k}`),
    };
    return { document, files, account };
  }

  async function* entries(document: Record<string, unknown>, files: string[]): AsyncGenerator<ZipEntry> {
    yield { name: 'data.json', bytes: encoder.encode(JSON.stringify(document, null, 2)), compress: true };
    for (const key of files) {
      const file = await opts.store.get(key);
      if (file) yield { name: `files/${key}`, bytes: file.bytes, compress: false };
    }
  }

  /** Build one claimed job: the archive into the store, the row ready, the email queued. */
  async function build(job: { id: number; user_id: number; locale: string; consent: string | null }) {
    const { document, files, account } = await collect(job.user_id, job);
    const zip = await writeZip(entries(document, files));
    const token = randomBytes(32).toString('base64url');
    const fileKey = `exports/${job.id}-${randomBytes(12).toString('hex')}.zip`;
    await opts.store.put(fileKey, zip, 'application/zip');
    const at = now();
    const expiresAt = new Date(at.getTime() + EXPORT_TTL_MS);
    await markExportReady(db, job.id, { fileKey, bytes: zip.byteLength, tokenHash: digest(token), expiresAt, now: at });
    const locale = job.locale === 'en' ? 'en' : 'es';
    await (
      await opts.email()
    ).send(
      exportReadyEmail({ email: account.email, name: account.name }, token, expiresAt, {
        siteUrl: opts.siteUrl,
        brand: opts.brand,
        locale,
      }),
    );
  }

  const service = {
    /** Ask for an export: one a day per account; a request still waiting or ready is answered as it is. */
    async request(userId: number, locale: 'es' | 'en', consent: string | null = null): Promise<ExportStatus> {
      const live = await liveExportOf(db, userId, now());
      if (live) return service.status(userId);
      const hit = await (await opts.limiter()).hit(`data-export:user:${userId}`, EXPORT_LIMIT);
      if (!hit.allowed) throw new ServiceError('rate-limited', {}, { retryAfterSeconds: hit.retryAfterSeconds });
      await insertExport(db, { userId, locale, consent: consent?.slice(0, 200) ?? null, now: now() });
      schedule(() => void service.runDue().catch((err: unknown) => log('[exports] run failed:', err)));
      return { state: 'pending', requestedAt: now() };
    },

    /** What the account page shows: nothing asked, being prepared, or ready until a date. */
    async status(userId: number): Promise<ExportStatus> {
      const live = await liveExportOf(db, userId, now());
      if (!live) return { state: 'none' };
      const requestedAt = asDate(live.requested_at)!;
      return live.ready_at ? { state: 'ready', requestedAt, expiresAt: asDate(live.expires_at)! } : { state: 'pending', requestedAt };
    },

    /** Build every waiting job, one at a time (each claimed first: instances never build the same one). */
    runDue(): Promise<number> {
      running ??= (async () => {
        let built = 0;
        try {
          for (;;) {
            const at = now();
            const job = await claimExport(db, at, new Date(at.getTime() - STALE_BUILD_MS));
            if (job === null) break;
            if (job === undefined) continue; // another instance took it
            try {
              await build(job);
              built++;
            } catch (err) {
              log(`[exports] building export ${job.id} failed:`, err);
              await markExportFailed(db, job.id, now());
            }
          }
        } finally {
          running = null;
        }
        return built;
      })();
      return running;
    },

    /** The archive behind a link, for the signed-in owner only (anyone else: not found). */
    async download(token: string, viewerId: number): Promise<{ bytes: Uint8Array; fileName: string }> {
      const row = token.length <= 256 ? await readyExportByHash(db, digest(token), now()) : undefined;
      if (!row || row.user_id !== viewerId || !row.file_key) throw new ServiceError('not-found');
      const file = await opts.store.get(row.file_key);
      if (!file) throw new ServiceError('not-found');
      await markExportDownloaded(db, row.id, now());
      const day = (asDate(row.requested_at) ?? now()).toISOString().slice(0, 10);
      return { bytes: file.bytes, fileName: `tandem-data-${day}.zip` };
    },

    /** Housekeeping: expired exports lose their file, then their row; old failed rows go too. */
    async sweep(): Promise<number> {
      const at = now();
      const rows = await expiredExports(db, at, new Date(at.getTime() - FAILED_KEEP_MS));
      for (const r of rows) {
        if (r.file_key) await opts.store.delete(r.file_key);
        await deleteExport(db, r.id);
      }
      return rows.length;
    },
  };
  return service;
}

export type DataExportService = ReturnType<typeof createDataExportService>;
