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
/** node-postgres' messages for a wait that ran out: for a pooled connection, or for a query's answer. */
const PG_TIMEOUTS = /timeout exceeded when trying to connect|Query read timeout/i;
/** node-postgres' own messages for a lost or timed-out connection (they carry no code). */
const PG_MESSAGES = new RegExp(`Connection terminated|not queryable|Client was closed|${PG_TIMEOUTS.source}`, 'i');
/** SQLite busy past its timeout: another process holds the write lock. */
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);

type DbError = { code?: unknown; errstr?: unknown; message?: unknown; errors?: unknown; cause?: unknown };

/** True when `err`, one of its causes, or one of an AggregateError's errors passes `test` (3 levels deep). */
function anyCause(err: unknown, test: (e: DbError) => boolean, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as DbError;
  if (test(e)) return true;
  // Connecting to "localhost" tries ::1 and 127.0.0.1: both refusals come back as one AggregateError.
  if (Array.isArray(e.errors) && e.errors.some((x) => anyCause(x, test, depth + 1))) return true;
  return anyCause(e.cause, test, depth + 1);
}

const message = (e: DbError) => (typeof e.message === 'string' ? e.message : '');

export function isDatabaseUnavailable(err: unknown): boolean {
  return anyCause(err, (e) => {
    const code = typeof e.code === 'string' ? e.code : '';
    if (SOCKET_CODES.has(code) || PG_STATES.test(code) || SQLITE_CODES.has(code)) return true;
    if (typeof e.errstr === 'string' && /database is locked/i.test(e.errstr)) return true;
    return PG_MESSAGES.test(message(e));
  });
}

/** A wait for the database that ran out, as opposed to a refusal: the database may only be slow. */
export function isDatabaseTimeout(err: unknown): boolean {
  return anyCause(err, (e) => e.code === 'ETIMEDOUT' || e.code === 'SQLITE_BUSY' || PG_TIMEOUTS.test(message(e)));
}

/** Seconds a client should wait before trying again (the Retry-After of a 503). */
export const RETRY_AFTER_SECONDS = 10;
