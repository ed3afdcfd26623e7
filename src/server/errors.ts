import 'server-only';
import type { MessageKey } from '../i18n/translate';

// What a service can refuse, independent of HTTP: the API adapters map codes to statuses and messages.
export type ServiceErrorCode =
  | 'invalid-input'
  | 'invalid-credentials'
  | 'email-taken'
  | 'unauthorized'
  | 'suspended'
  | 'not-found'
  | 'rate-limited'
  | 'forbidden'
  | 'conflict'
  | 'gone';

export class ServiceError extends Error {
  readonly code: ServiceErrorCode;
  /** Field name -> message key (with params), for invalid-input. */
  readonly fields: Record<string, { key: MessageKey; params?: Record<string, string | number> }>;
  /** For rate-limited: seconds until the window ends (the Retry-After header). */
  readonly retryAfterSeconds?: number;
  constructor(code: ServiceErrorCode, fields: ServiceError['fields'] = {}, extra: { retryAfterSeconds?: number } = {}) {
    super(code);
    this.name = 'ServiceError';
    this.code = code;
    this.fields = fields;
    if (extra.retryAfterSeconds !== undefined) this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string; errcode?: number } | null;
  if (!e) return false;
  if (e.code === '23505') return true; // PostgreSQL unique_violation
  return /UNIQUE constraint failed/i.test(e.message ?? '');
}
