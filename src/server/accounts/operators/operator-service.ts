import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../../db/client';
import { ServiceError } from '../../errors';
import type { IdentityGuard } from '../../limits/rate-limit';
import { verifyToken } from '../jwt';
import { findUserByAnyEmail, findUserById } from '../data/users';
import {
  actorsOf,
  auditPage,
  completeEnrolment,
  countUnusedRecoveryCodes,
  deleteOperator,
  deleteOperatorSession,
  findOperator,
  findOperatorSession,
  insertAudit,
  insertOperator,
  insertOperatorSession,
  listOperatorSecrets,
  listOperators,
  replaceSecret,
  setPendingSecret,
  sweepAudit,
  sweepOperatorSessions,
  touchOperatorSession,
  spendRecoveryCode,
  spendStep,
} from '../data/operators';
import { createAccountAdmin } from './account-admin';
import { createSecretBox, isPlainSecret, operatorKey } from './secret-box';
import { createSalaryOperations } from '../../salaries/salary-operations';

// Operators (decision 070): a role on an existing account, a second factor (TOTP, RFC 6238, by otpauth)
// with ten single-use recovery codes, operator sessions that are short, and the audit log every operator
// action writes. A signed-in operator's ordinary session is not an operator session: the second step,
// passed for that very token (its id), makes it one for 30 minutes idle and 8 hours at most.

/** An operator session ends after this long without a request... */
export const OPERATOR_IDLE_MS = 30 * 60_000;
/** ...and this long after the second step, however much it is used. */
export const OPERATOR_MAX_MS = 8 * 60 * 60_000;
/** The audit log is kept two years; the hourly housekeeping deletes older entries. */
export const AUDIT_KEEP_MS = 2 * 365 * 24 * 60 * 60_000;
/** How often an operator session's last use is written (a minute's precision on half an hour). */
const TOUCH_EVERY_MS = 60_000;
const RECOVERY_CODES = 10;
const AUDIT_PAGE_SIZE = 50;

/** Who did something: an operator (their account) or the command line. */
type AuditActor = { kind: 'operator'; userId: number; email: string } | { kind: 'cli' };
export type AuditEntry = {
  actor: AuditActor;
  /** What was done, as a dotted name: 'operator.add', 'account.block'... */
  action: string;
  target?: { type: string; id: string | number };
  before?: unknown;
  after?: unknown;
};

/** A refusal of the operators CLI or service that names the problem (the CLI prints it, exit code 2). */
export class OperatorError extends Error {}

export type OperatorOptions = {
  /** The session tokens' secret: the operator session is tied to the token's id (none in the CLI: no sessions). */
  secret?: string;
  /** The identity limits: each code tried counts like a password tried on the account. */
  guard?: IdentityGuard;
  now?: () => number;
  /** The issuer an authenticator app shows. */
  issuer?: string;
  /** The key of the TOTP secrets at rest (decision 076); derived from `secret` when not given. */
  key?: Buffer;
};

const PERIOD = 30;
const totpOf = (secret: string, issuer: string, label: string) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
const normalCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const hashCode = (code: string) =>
  createHash('sha256')
    .update(`tandem-recovery:${normalCode(code)}`)
    .digest('hex');
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A recovery code: ten characters without look-alikes (50 bits), shown as XXXXX-XXXXX. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

export function createOperatorService(database: Database, opts: OperatorOptions = {}) {
  const { db } = database;
  const now = opts.now ?? Date.now;
  const issuer = opts.issuer ?? 'Tandem';
  // The command line has neither key nor session secret: it never reads a factor.
  const key = opts.key ?? (opts.secret ? operatorKey({}, opts.secret) : null);
  const box = key ? createSecretBox(key) : null;
  const boxOf = () => {
    if (!box) throw new Error('the operator service has no key for the second factor');
    return box;
  };

  /** A stored secret in clear (SecretKeyError for another key); a bare one is encrypted in passing. */
  async function openSecret(userId: number, column: 'totp_secret' | 'totp_pending_secret', stored: string): Promise<string> {
    const secret = boxOf().open(stored);
    if (isPlainSecret(stored)) await replaceSecret(db, userId, column, stored, boxOf().seal(secret));
    return secret;
  }

  async function record(entry: AuditEntry): Promise<void> {
    await insertAudit(db, {
      actor: entry.actor.kind === 'cli' ? 'cli' : entry.actor.email.slice(0, 300),
      actor_user_id: entry.actor.kind === 'cli' ? null : entry.actor.userId,
      action: entry.action,
      target_type: entry.target?.type ?? null,
      target_id: entry.target ? String(entry.target.id).slice(0, 120) : null,
      before_json: json(entry.before),
      after_json: json(entry.after),
    });
  }

  /** The id of a valid token (the HTTP layer checked the session already; this ties the step to it). */
  async function jtiOf(token: string | null): Promise<string | null> {
    const claims = token && opts.secret ? await verifyToken(token, opts.secret, now()) : null;
    return claims?.jti ?? null;
  }

  async function accountByEmail(email: string) {
    const user = await findUserByAnyEmail(db, email.trim());
    if (!user) throw new OperatorError(`no account with the address ${email}`);
    return user;
  }

  /** A code typed at the second step: the current TOTP code (once), or an unused recovery code. */
  async function checkCode(userId: number, secret: string, code: string): Promise<boolean> {
    const typed = code.trim();
    if (/^\d{6}$/.test(typed)) {
      const timestamp = now();
      const delta = totpOf(secret, issuer, 'x').validate({ token: typed, timestamp, window: 1 });
      if (delta === null) return false;
      return spendStep(db, userId, TOTP.counter({ period: PERIOD, timestamp }) + delta);
    }
    if (/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(typed)) return spendRecoveryCode(db, userId, hashCode(typed), new Date(now()));
    return false;
  }

  const service = {
    record,
    /** The operators' account section (decision 074). */
    accounts: createAccountAdmin(database, { record }, now),
    /** The salary-data section (decision 075). */
    salaries: createSalaryOperations(database, { record }, now),

    /** `npm run operators -- add`: an existing account becomes an operator (audited, actor "cli"). */
    async add(email: string): Promise<{ userId: number; email: string }> {
      const user = await accountByEmail(email);
      if (user.user_status === 'suspended') throw new OperatorError(`the account ${user.email} is suspended`);
      if (!(await insertOperator(db, user.id))) throw new OperatorError(`${user.email} is already an operator`);
      await record({ actor: { kind: 'cli' }, action: 'operator.add', target: { type: 'user', id: user.id }, after: { email: user.email } });
      return { userId: user.id, email: user.email };
    },

    /** `npm run operators -- remove`: the role goes, with its second factor and open operator sessions. */
    async remove(email: string): Promise<{ userId: number; email: string }> {
      const user = await accountByEmail(email);
      const before = await findOperator(db, user.id);
      if (!before || !(await deleteOperator(db, user.id))) throw new OperatorError(`${user.email} is not an operator`);
      await record({
        actor: { kind: 'cli' },
        action: 'operator.remove',
        target: { type: 'user', id: user.id },
        before: { email: user.email, enrolled: before.totp_enrolled_at !== null },
      });
      return { userId: user.id, email: user.email };
    },

    list: () => listOperators(db),

    /** Whether the account holds the role (the sign-in form sends operators to the second step). */
    async isOperator(userId: number): Promise<boolean> {
      return (await findOperator(db, userId)) !== undefined;
    },

    /** Where an operator stands: null for anyone else. */
    async status(userId: number): Promise<{ enrolled: boolean } | null> {
      const op = await findOperator(db, userId);
      return op ? { enrolled: op.totp_secret !== null } : null;
    },

    /** The secret an operator without a second factor enrols (made once, shown until it is confirmed). */
    async enrolment(userId: number): Promise<{ secret: string; uri: string } | null> {
      const op = await findOperator(db, userId);
      const user = await findUserById(db, userId);
      if (!op || !user || op.totp_secret !== null) return null;
      // A pending secret that this key cannot open was never confirmed: a new one replaces it.
      let secret = op.totp_pending_secret
        ? await openSecret(userId, 'totp_pending_secret', op.totp_pending_secret).catch(() => null)
        : null;
      if (!secret) {
        secret = new Secret({ size: 20 }).base32;
        await setPendingSecret(db, userId, boxOf().seal(secret));
      }
      return { secret, uri: totpOf(secret, issuer, user.email).toString() };
    },

    /**
     * Confirms the enrolment with a code of the new secret: the factor is set, ten recovery codes are made
     * (returned once, kept hashed) and this session becomes an operator session. Null for a wrong code.
     */
    async enrol(userId: number, token: string | null, code: string, meta: { ip: string }): Promise<string[] | null> {
      const op = await findOperator(db, userId);
      const user = await findUserById(db, userId);
      const jti = await jtiOf(token);
      if (!op || !user || !jti || op.totp_secret !== null) throw new ServiceError('not-found');
      await opts.guard?.({ door: 'login', ip: meta.ip, email: user.email });
      // No secret shown yet (the page makes it): no code can be right.
      const pending = op.totp_pending_secret;
      if (!pending) return null;
      const secret = boxOf().open(pending);
      const timestamp = now();
      const delta = /^\d{6}$/.test(code.trim())
        ? totpOf(secret, issuer, user.email).validate({ token: code.trim(), timestamp, window: 1 })
        : null;
      if (delta === null) return null;
      const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      const step = TOTP.counter({ period: PERIOD, timestamp }) + delta;
      const sealed = isPlainSecret(pending) ? boxOf().seal(secret) : pending;
      const done = await db
        .transaction()
        .execute((trx) => completeEnrolment(trx, userId, pending, sealed, step, codes.map(hashCode), new Date(timestamp)));
      if (!done) return null;
      await insertOperatorSession(db, jti, userId, new Date(timestamp));
      await record({
        actor: { kind: 'operator', userId, email: user.email },
        action: 'operator.enrol',
        target: { type: 'user', id: userId },
      });
      return codes;
    },

    /** The second step: a right code makes this session an operator session. False for a wrong one. */
    async verify(userId: number, token: string | null, code: string, meta: { ip: string }): Promise<boolean> {
      const op = await findOperator(db, userId);
      const user = await findUserById(db, userId);
      const jti = await jtiOf(token);
      if (!op || !user || !jti || op.totp_secret === null) throw new ServiceError('not-found');
      await opts.guard?.({ door: 'login', ip: meta.ip, email: user.email });
      const recovery = !/^\d{6}$/.test(code.trim());
      // A factor this key cannot open throws SecretKeyError: the page says so (the code is not the problem).
      const secret = await openSecret(userId, 'totp_secret', op.totp_secret);
      if (!(await checkCode(userId, secret, code))) return false;
      await insertOperatorSession(db, jti, userId, new Date(now()));
      await record({
        actor: { kind: 'operator', userId, email: user.email },
        action: recovery ? 'operator.sign-in-recovery-code' : 'operator.sign-in',
        target: { type: 'user', id: userId },
        after: recovery ? { recoveryCodesLeft: await countUnusedRecoveryCodes(db, userId) } : undefined,
      });
      return true;
    },

    /**
     * The operator behind a request: a signed-in viewer who holds the role, with a second factor, whose
     * token passed the second step less than 8 hours ago and was used in the last 30 minutes. Null for
     * everyone else (the area answers them all alike).
     */
    async operatorOf(viewer: { id: number } | null, token: string | null): Promise<{ id: number; email: string } | null> {
      if (!viewer) return null;
      const jti = await jtiOf(token);
      if (!jti) return null;
      const [op, session, user] = await Promise.all([
        findOperator(db, viewer.id),
        findOperatorSession(db, jti),
        findUserById(db, viewer.id),
      ]);
      if (!op || op.totp_secret === null || !session || session.user_id !== viewer.id || !user) return null;
      const t = now();
      if (t - session.last_seen_at.getTime() > OPERATOR_IDLE_MS || t - session.verified_at.getTime() > OPERATOR_MAX_MS) {
        await deleteOperatorSession(db, jti);
        return null;
      }
      if (t - session.last_seen_at.getTime() > TOUCH_EVERY_MS) await touchOperatorSession(db, jti, new Date(t));
      return { id: viewer.id, email: user.email };
    },

    /** Leaving the operator area: this token's operator session ends (the ordinary session stays). */
    async endSession(token: string | null): Promise<void> {
      const jti = await jtiOf(token);
      if (jti) await deleteOperatorSession(db, jti);
    },

    /**
     * Start-up step: the secrets still stored bare (from before decision 076) are encrypted. Returns how
     * many were; a value this key cannot open is left as it is (verify refuses it with its message).
     */
    async sealStoredSecrets(): Promise<number> {
      let sealed = 0;
      for (const row of await listOperatorSecrets(db)) {
        for (const column of ['totp_secret', 'totp_pending_secret'] as const) {
          const stored = row[column];
          if (stored && isPlainSecret(stored)) {
            await replaceSecret(db, row.user_id, column, stored, boxOf().seal(stored));
            sealed++;
          }
        }
      }
      return sealed;
    },

    /** A page of the audit log, newest first; `next` is the cursor of the following page. */
    async audit(before: number | null) {
      const rows = await auditPage(db, before, AUDIT_PAGE_SIZE + 1);
      const items = rows.slice(0, AUDIT_PAGE_SIZE);
      return { items, next: rows.length > AUDIT_PAGE_SIZE ? items[items.length - 1]!.id : null };
    },

    /** Who did `action` to each target (by the audit log): e.g. who revoked each certificate. */
    actorsOf: (targetType: string, ids: string[], action: string) => actorsOf(db, targetType, ids, action),

    /** Housekeeping: ended operator sessions, and audit entries past the retention. */
    async sweep(): Promise<void> {
      const t = now();
      await sweepOperatorSessions(db, new Date(t - OPERATOR_IDLE_MS), new Date(t - OPERATOR_MAX_MS));
      await sweepAudit(db, new Date(t - AUDIT_KEEP_MS));
    },
  };
  return service;
}

export type OperatorService = ReturnType<typeof createOperatorService>;
