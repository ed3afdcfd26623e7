import 'server-only';
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { isUniqueViolation } from '../errors';
import { claimKey, keyOf, releaseKey, storeAnswer } from './data/idempotency-keys';

// Idempotency-Key on the API's writes (the IETF httpapi draft's header): a client that lost the answer to
// a write (a dropped connection, a worker killed mid-request) sends it again with the same key and gets
// the first answer back instead of a second offer or a second status move. The key is kept for a day,
// scoped to who sent it (their bearer token, else their address) and tied to the request it came with:
// the same key on another request is refused (422); a retry while the first is still running waits its
// turn (409, Retry-After). Answers of 5xx are not kept, so such a retry runs again.

/** How long an answer is kept for a retry. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
const KEY = /^[\x21-\x7e]{1,255}$/;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

type Refuse = (c: Context, status: 400 | 409 | 422) => Response;

/**
 * The middleware. `scopeOf` names who sent the request; `refuse` answers in the door's own error shape.
 */
export function idempotency(deps: {
  db: () => Promise<Kysely<DB>>;
  scopeOf: (c: Context) => string;
  refuse: Refuse;
  /** Paths whose writes are not kept (their answers carry secrets). */
  skip?: (path: string) => boolean;
}): MiddlewareHandler {
  return async (c, next) => {
    const given = c.req.header('idempotency-key');
    if (given === undefined || c.req.method === 'GET' || c.req.method === 'HEAD' || deps.skip?.(c.req.path)) return next();
    if (!KEY.test(given)) return deps.refuse(c, 400);
    const db = await deps.db();
    const key = sha256(`${deps.scopeOf(c)}\n${given}`);
    const fingerprint = sha256(`${c.req.method} ${new URL(c.req.url).pathname}\n${await c.req.text()}`);
    try {
      await claimKey(db, key, fingerprint);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const first = await keyOf(db, key);
      if (!first) return deps.refuse(c, 409); // ended between the two statements: the client tries again
      if (first.fingerprint !== fingerprint) return deps.refuse(c, 422);
      if (first.status === null) {
        c.header('retry-after', '1');
        return deps.refuse(c, 409);
      }
      return new Response(first.body, {
        status: first.status,
        headers: { 'content-type': 'application/json; charset=utf-8', 'idempotent-replayed': 'true', 'cache-control': 'no-store' },
      });
    }
    let stored = false;
    try {
      await next();
      if (c.res.status < 500) {
        const body = await c.res.clone().text();
        await storeAnswer(db, key, c.res.status, body);
        stored = true;
      }
    } finally {
      if (!stored) await releaseKey(db, key).catch(() => {});
    }
  };
}

export { sweepIdempotencyKeys } from './data/idempotency-keys';
