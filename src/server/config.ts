import 'server-only';
import { z } from 'zod';
import { parseTrustProxy } from './trust-proxy';
import { isTimeZone } from '../domain/scheduling';

// Environment variables, validated once at start-up. A bad value stops the server with a list that names
// each variable and what is wrong with it.
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const absoluteUrl = z
  .string()
  .url('must be an absolute URL such as https://tandem.example')
  .refine((v) => /^https?:\/\//.test(v), 'must start with http:// or https://');
const urlOrPath = z.string().refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), 'must be a path (/api) or an http(s) URL');
const cookieName = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -');

const schema = z.object({
  SITE_URL: absoluteUrl.default('http://localhost:8080'),
  BRAND_NAME: z.string().min(1).max(40).default('Tandem'),
  BRAND_HANDLE: z
    .string()
    .regex(/^@\w{1,30}$/, 'must look like @handle')
    .default('@tandemjobs'),
  API_BASE: urlOrPath.default('/api'),
  AUTH_COOKIE_TOKEN: cookieName.default('tandem_token'),
  AUTH_COOKIE_TYPE: cookieName.default('tandem_type'),
  AUTH_COOKIE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]*$/i, 'must be a domain name or empty')
    .default(''),
  FEATURE_FLAGS_API_HOST: urlOrPath.default('/flags'),
  FEATURE_FLAGS_CLIENT_KEY: z.string().min(1).default('sdk-tandem-local'),
  FEATURE_FLAGS_DEV_MODE: bool,
  /** Analytics (RudderStack): on when a write key or data plane is given, unless ANALYTICS_ENABLED=false. */
  ANALYTICS_ENABLED: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
  ANALYTICS_CDN_URL: z.union([absoluteUrl, z.literal('')]).default(''),
  ANALYTICS_CONFIG_URL: z.union([absoluteUrl, z.literal('')]).default(''),
  // Checked with the SDK's own rules and messages (src/server/integrations.ts), not here.
  ANALYTICS_WRITE_KEY: z.string().max(200).default(''),
  ANALYTICS_DATA_PLANE_URL: z.string().max(500).default(''),
  ANALYTICS_SESSION_TIMEOUT: z.string().max(20).optional(),
  ANALYTICS_SAME_SITE: z.string().max(20).optional(),
  /** Monitoring (Datadog RUM): on when a client token or application id is given. */
  DATADOG_CLIENT_TOKEN: z.string().max(200).default(''),
  DATADOG_APPLICATION_ID: z.string().max(200).default(''),
  DATADOG_SITE: z.string().max(100).default('datadoghq.com'),
  DATADOG_SERVICE: z.string().max(100).default('tandem-web'),
  DATADOG_ENV: z.string().max(50).default('production'),
  DATADOG_SESSION_SAMPLE_RATE: z.coerce.number().default(100),
  DATADOG_SESSION_REPLAY_SAMPLE_RATE: z.coerce.number().default(0),
  DATADOG_TELEMETRY_SAMPLE_RATE: z.coerce.number().default(20),
  DATADOG_TRACKING_CONSENT: z.string().max(20).default('granted'),
  /** Send the SDK's batches through this URL (a proxy on your domain, or a test intake) instead of Datadog's. */
  DATADOG_PROXY: z.union([absoluteUrl, z.literal('')]).default(''),
  LOG_FORWARDING: bool,
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/[^\s]+$/.test(v), 'must look like smtp://user:pass@host:587 or smtps://host:465')
    .optional(),
  EMAIL_FROM: z.string().min(3).max(200).optional(),
  /** Where the legal texts send privacy requests (decision 026); default privacidad@{SITE_URL host}. */
  LEGAL_CONTACT_EMAIL: z.string().email('must be an email address').max(200).optional(),
  /** Who runs the site, as the legal texts name it (legal name, registered address, tax id); default: the brand. */
  LEGAL_ENTITY: z
    .string()
    .max(300)
    .regex(/^[^<>\n]+$/, 'must be one line without < or >')
    .optional(),
  /** Where meeting requests and bookings are notified; the organiser of the calendar invites. */
  SALES_EMAIL: z.string().email('must be an email address').max(254).optional(),
  /** Meeting availability (decision 028): the sales team's timezone, days, hours and days off. */
  SCHEDULE_TIMEZONE: z.string().refine(isTimeZone, 'must be an IANA timezone such as America/Lima').default('America/Lima'),
  SCHEDULE_DAYS: z
    .string()
    .regex(/^[1-7](,[1-7])*$/, 'must be ISO weekdays such as 1,2,3,4,5 (Monday = 1)')
    .default('1,2,3,4,5'),
  SCHEDULE_HOURS: z
    .string()
    .regex(
      /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d(,([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d)*$/,
      'must look like 09:00-13:00,14:00-18:00',
    )
    .default('09:00-13:00,14:30-18:00'),
  SCHEDULE_SLOT_MINUTES: z.coerce.number().int().min(10).max(240).default(30),
  SCHEDULE_BUFFER_MINUTES: z.coerce.number().int().min(0).max(240).default(15),
  SCHEDULE_MIN_NOTICE_HOURS: z.coerce.number().int().min(0).max(720).default(12),
  SCHEDULE_DAYS_AHEAD: z.coerce.number().int().min(1).max(90).default(21),
  SCHEDULE_HOLIDAYS: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2}(,\d{4}-\d{2}-\d{2})*)?$/, 'must be dates such as 2026-12-08,2026-12-25')
    .optional(),
  /** Only where `npm run uploads:migrate` reads pictures saved before decision 033; the app no longer uses it. */
  UPLOADS_DIR: z.string().min(1).default('data/uploads'),
  /** Uploaded pictures in an S3-compatible bucket instead of the database (decision 033): with the key and secret, or none. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, . or -)')
    .optional(),
  /** Another provider's endpoint (MinIO, R2, Spaces...); unset: AWS itself. */
  S3_ENDPOINT: absoluteUrl.optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(500).optional(),
  /** bucket in the path (http://host/bucket/key) rather than the host name: most non-AWS servers need it. */
  S3_FORCE_PATH_STYLE: bool,
  /** Courses, lessons and interview banks (decision 020), loaded into the database at start when they change. */
  LEARNING_CONTENT_DIR: z.string().min(1).default('src/areas/learning/content'),
  /** Days a candidate waits before retaking a failed interview. */
  INTERVIEW_RETAKE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /** The Ed25519 private key (PKCS#8 PEM) that signs certificates; generated into data/ when unset. */
  CREDENTIAL_SIGNING_KEY: z
    .string()
    .refine((v) => v.includes('-----BEGIN PRIVATE KEY-----'), 'must be an Ed25519 private key in PKCS#8 PEM')
    .optional(),
  /** PostgreSQL connections per server process: instances × WORKERS × this must stay under max_connections. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  RATE_LIMIT_SCALE: z.coerce.number().min(1, 'must be 1 (production) or more').max(1000).default(1),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0, 'must be 0 (off) or more').max(600_000).default(30_000),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parseTrustProxy(v);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
        return z.NEVER;
      }
    }),
});

export type ServerConfig = z.infer<typeof schema> & {
  /** SITE_URL was given (not the default): form posts and cookie API calls must come from its origin. */
  SITE_URL_SET: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// The S3 store needs these three together; any S3_* variable without them is a mistake, not the database.
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_VARIABLES = [...S3_REQUIRED, 'S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'];

function s3Problems(cleaned: Record<string, string | undefined>): string[] {
  const given = S3_VARIABLES.filter((n) => cleaned[n] !== undefined);
  if (!given.length) return [];
  return S3_REQUIRED.filter((n) => cleaned[n] === undefined).map(
    (n) =>
      `${n}: required because ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set: pictures go to S3 only with ` +
      `${S3_REQUIRED.join(', ')} all set (unset every S3_* variable to keep them in the database)`,
  );
}

export function parseConfig(env: Record<string, string | undefined>): ServerConfig {
  // Empty strings count as unset, so `FOO=` in an env file means "use the default".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  const problems = s3Problems(cleaned);
  if (!result.success) {
    const seen = new Set<string>();
    for (const i of result.error.issues) {
      const name = i.path.join('.');
      if (seen.has(name)) continue; // one line per variable
      seen.add(name);
      // Values that may hold credentials are never echoed to the log.
      const shown = /SMTP_URL|SECRET|PASSWORD|KEY$|KEY_ID$/.test(name) ? 'a hidden value' : JSON.stringify(cleaned[String(i.path[0])]);
      problems.push(`${name}: ${i.message} (got ${shown})`);
    }
  }
  if (!result.success || problems.length) throw new ConfigError(problems);
  const c = result.data;
  return { ...c, SITE_URL: c.SITE_URL.replace(/\/+$/, ''), SITE_URL_SET: cleaned.SITE_URL !== undefined };
}

/** The legal texts' contact address and who runs the site (decision 026); entity null: the texts name the brand. */
export function legalContact(c: Pick<ServerConfig, 'LEGAL_CONTACT_EMAIL' | 'LEGAL_ENTITY' | 'SITE_URL'>) {
  return { email: c.LEGAL_CONTACT_EMAIL ?? `privacidad@${new URL(c.SITE_URL).hostname}`, entity: c.LEGAL_ENTITY ?? null };
}

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/** The bucket for uploaded pictures, or null: they live in the database (decision 033). */
export function s3Settings(c: ServerConfig): S3Settings | null {
  if (!c.S3_BUCKET || !c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY) return null; // parseConfig allows all or none
  return {
    bucket: c.S3_BUCKET,
    region: c.S3_REGION,
    ...(c.S3_ENDPOINT ? { endpoint: c.S3_ENDPOINT } : {}),
    accessKeyId: c.S3_ACCESS_KEY_ID,
    secretAccessKey: c.S3_SECRET_ACCESS_KEY,
    forcePathStyle: c.S3_FORCE_PATH_STYLE,
  };
}

let cached: ServerConfig | undefined;
/** The process configuration; parsed on first use (the server entry calls it at start-up). */
export function getConfig(): ServerConfig {
  cached ??= parseConfig(process.env);
  return cached;
}
