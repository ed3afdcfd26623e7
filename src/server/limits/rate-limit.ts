import 'server-only';
import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { Database } from '../db/client';
import { ServiceError } from '../errors';
import { countHit, sweepWindows } from './data/rate-windows';

// Fixed-window counters in the database, so every worker and every instance shares them. One statement
// per hit (insert or update, returning the new count): no read-then-write race.
export type Limit = { max: number; windowMs: number };
export type LimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * The stored key: readable when it is short printable ASCII, else its prefix and a digest (an email of
 * 254 characters or a NUL byte must neither break the varchar(200) column on PostgreSQL nor be stored raw).
 */
function limitKey(key: string): string {
  if (/^[\x21-\x7e]{1,120}$/.test(key)) return key;
  const scope = /^[a-z-]+:[a-z-]+:/.exec(key)?.[0] ?? '';
  return `${scope}#${createHash('sha256').update(key).digest('base64url')}`;
}

/** `scale` multiplies every limit (RATE_LIMIT_SCALE: browser test runs sign in many times from one address). */
export function createRateLimiter(database: Database, now: () => number = Date.now, scale = 1) {
  return {
    async hit(rawKey: string, limit: Limit): Promise<LimitResult> {
      const key = limitKey(rawKey);
      const max = limit.max * scale;
      const { windowMs } = limit;
      const t = now();
      const expired = t - windowMs;
      const row = await countHit(database.db, key, t, expired);
      const count = Number(row.count);
      const start = Number(row.window_start);
      return { allowed: count <= max, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - t) / 1000)) };
    },
    /** Forget windows that ended more than `olderThanMs` ago (housekeeping). */
    async sweep(olderThanMs = 24 * 60 * 60_000): Promise<number> {
      return sweepWindows(database.db, now() - olderThanMs);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * The limits of every identity door (decision 017): the API, the content backend, the web forms, the
 * provider callbacks, password reset and email confirmation all count against the same keys, so a lock
 * on one door holds on the others.
 */
export type IdentityLimits = {
  /** Password checks (sign-in anywhere, change password) per client address and per account. */
  loginPerIp: Limit;
  loginPerEmail: Limit;
  /** Account creation per client address. */
  registerPerIp: Limit;
  /** Emails that carry a link (reset, confirmation) per client address and per address asked for. */
  emailLinkPerIp: Limit;
  emailLinkPerEmail: Limit;
  /** Single-use codes tried (reset, confirmation) per client address. */
  codePerIp: Limit;
  /** Provider sign-ins per client address. */
  providerPerIp: Limit;
};
const WINDOW = 15 * 60_000;
export const IDENTITY_LIMITS: IdentityLimits = {
  loginPerIp: { max: 30, windowMs: WINDOW },
  loginPerEmail: { max: 10, windowMs: WINDOW },
  registerPerIp: { max: 10, windowMs: WINDOW },
  emailLinkPerIp: { max: 5, windowMs: WINDOW },
  emailLinkPerEmail: { max: 5, windowMs: WINDOW },
  codePerIp: { max: 20, windowMs: WINDOW },
  providerPerIp: { max: 30, windowMs: WINDOW },
};

/** How much looser the limit of an IPv6 /56 is than that of one of its /64s. */
const V6_56_FACTOR = 4;

/**
 * The limiter keys for one client address. An IPv6 user holds a whole /64 (a home line, a phone), often a
 * /56, and can send from any address in it: counting each address alone would let one person spray from
 * 2^64 of them. So IPv6 counts by its /64 with the door's limit, and by its /56 with V6_56_FACTOR times it
 * (a few customers of one provider can share a /56; nobody else shares a /64). IPv4 counts by address.
 */
export function addressChecks(scope: string, ip: string, limit: Limit): [string, Limit][] {
  const checks: [string, Limit][] = [[`${scope}:ip:${addressGroup(ip)}`, limit]];
  const wide = addressGroup(ip, 56);
  if (wide !== addressGroup(ip)) checks.push([`${scope}:ip:${wide}`, { max: limit.max * V6_56_FACTOR, windowMs: limit.windowMs }]);
  return checks;
}

/** The group a client address counts in: an IPv4 address itself, an IPv6 address's /64 (or `bits`). */
export function addressGroup(ip: string, bits: 56 | 64 = 64): string {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.process(ip.replace(/%.*$/, ''));
  } catch {
    return ip;
  }
  if (addr.kind() === 'ipv4') return addr.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${addr.toString()}/${bits}`).toString()}/${bits}`;
}

/** Who is knocking: the client address (as the HTTP layer resolved it) and, where there is one, the account. */
export type DoorKnock =
  | { door: 'login'; ip: string; email: string }
  | { door: 'register'; ip: string }
  | { door: 'email-link'; ip: string; email: string }
  | { door: 'code'; ip: string }
  | { door: 'provider'; ip: string };

function identityChecks(k: DoorKnock, l: IdentityLimits = IDENTITY_LIMITS): [string, Limit][] {
  switch (k.door) {
    case 'login':
      return [...addressChecks('login', k.ip, l.loginPerIp), [`login:email:${k.email.trim().toLowerCase()}`, l.loginPerEmail]];
    case 'register':
      return addressChecks('register', k.ip, l.registerPerIp);
    case 'email-link':
      return [
        ...addressChecks('email-link', k.ip, l.emailLinkPerIp),
        [`email-link:email:${k.email.trim().toLowerCase()}`, l.emailLinkPerEmail],
      ];
    case 'code':
      return addressChecks('code', k.ip, l.codePerIp);
    case 'provider':
      return addressChecks('provider', k.ip, l.providerPerIp);
  }
}

/** Throws a rate-limited ServiceError (with the seconds to wait) when any of the door's limits is spent. */
export type IdentityGuard = (k: DoorKnock) => Promise<void>;

export function createIdentityGuard(limiter: () => Promise<RateLimiter>, limits: IdentityLimits = IDENTITY_LIMITS): IdentityGuard {
  return async (k) => {
    const l = await limiter();
    for (const [key, limit] of identityChecks(k, limits)) {
      const r = await l.hit(key, limit);
      if (!r.allowed) throw new ServiceError('rate-limited', {}, { retryAfterSeconds: r.retryAfterSeconds });
    }
  };
}
