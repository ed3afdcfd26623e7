import 'server-only';

// "The database cannot be reached right now" as opposed to "this query is wrong": the first is answered
// with 503 and a Retry-After (the site recovers by itself when the database returns), the second stays a 500.

/** Node's socket errors on the way to the database server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * PostgreSQL SQLSTATEs of a server that is gone or not taking work: connection exceptions (08xxx),
 * too many connections, and the operator-intervention class (shutting down, starting up).
 */
const PG_STATES = /^(08\d{3}|53300|57P0[1-3])$/;
/** node-postgres' own messages for a lost or timed-out connection (they carry no code). */
const PG_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Client was closed/i;
/** SQLite busy past its timeout: another process holds the write lock. */
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; errcode?: unknown; errstr?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (SOCKET_CODES.has(code) || PG_STATES.test(code) || SQLITE_CODES.has(code)) return true;
  if (typeof e.errstr === 'string' && /database is locked/i.test(e.errstr)) return true;
  if (typeof e.message === 'string' && PG_MESSAGES.test(e.message)) return true;
  // Connecting to "localhost" tries ::1 and 127.0.0.1: both refusals come back as one AggregateError.
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** node-postgres' messages for a wait that ran out: for a pooled connection, or for a query's answer. */
const PG_TIMEOUTS = /timeout exceeded when trying to connect|Query read timeout/i;

/** A wait for the database that ran out, as opposed to a refusal: the database may only be slow. */
export function isDatabaseTimeout(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (e.code === 'ETIMEDOUT' || e.code === 'SQLITE_BUSY') return true;
  if (typeof e.message === 'string' && PG_TIMEOUTS.test(e.message)) return true;
  return isDatabaseTimeout(e.cause, depth + 1);
}

/** Seconds a client should wait before trying again (the Retry-After of a 503). */
export const RETRY_AFTER_SECONDS = 10;
