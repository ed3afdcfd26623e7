import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Locale } from '../../i18n/locales';
import { ServiceError, isUniqueViolation } from '../errors';
import type { EmailService } from '../email/email-service';
import type { DoorKnock } from '../limits/rate-limit';
import { bumpTokenVersion as bumpVersion, confirmUserEmail, emailExists, findUserByAnyEmail, findUserById } from './data/users';
import { createAuthCode } from './data/auth-codes';
import {
  cancelPendingChanges,
  confirmEmailChange,
  createEmailChange,
  emailReserved,
  findPendingChange,
  findUndoableChange,
  setUserEmail,
  useUndoCode,
} from './data/email-changes';
import { confirmNewEmail, emailChangedNotice, passwordChangedEmail } from './account-emails';
import { hashPassword, verifyPassword } from './password';
import type { PublicUser } from './auth-service';

// A signed-in account changes its password or its email (decision 069), part of the identity service
// (auth-service.ts spreads these methods into it): the current password checked like a sign-in, the new
// address's confirmation link, the old address's undo link. Every step knocks at the shared identity limits.

/** A new address's confirmation link. */
const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** How long the old address can undo a change of email. */
const EMAIL_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type Meta = { ip: string };
type Deps = {
  db: Kysely<DB>;
  now: () => number;
  knock: (k: DoorKnock) => Promise<void>;
  /** The user behind a session token (refused when stale). */
  signedIn: (token: string | null) => Promise<PublicUser>;
  /** A new password: every token ends, a new one is issued. */
  setPassword: (userId: number, hash: string) => Promise<{ access_token: string; user: PublicUser }>;
  email?: EmailService;
  siteUrl: string;
  brand: string;
  resetTtlMs: number;
};

export function createAccountChanges({ db, now, knock, signedIn, setPassword, email, siteUrl, brand, resetTtlMs }: Deps) {
  /** The signed-in user, once their current password is checked like a sign-in (the same limits). */
  async function checkCurrentPassword(token: string | null, current: string, meta: Meta): Promise<PublicUser> {
    const me = await signedIn(token);
    await knock({ door: 'login', ip: meta.ip, email: me.email });
    const full = await findUserByAnyEmail(db, me.email);
    if (!full || !(await verifyPassword(full.password_hash, current))) {
      throw new ServiceError('invalid-input', { currentPassword: { key: 'api.wrongCurrentPassword' } });
    }
    return me;
  }

  return {
    /**
     * A signed-in user's new password (the current one checked like a sign-in): every other session ends, this
     * one gets a new token, and the account's address hears of it (with the way to reset it if it was not them).
     */
    async changePassword(
      token: string | null,
      current: string,
      password: string,
      meta: Meta,
      locale: Locale = 'es',
    ): Promise<{ access_token: string; user: PublicUser }> {
      const me = await checkCurrentPassword(token, current, meta);
      const done = await setPassword(me.id, await hashPassword(password));
      await email
        ?.send(passwordChangedEmail(done.user, { siteUrl, brand, locale }))
        .catch((err) => console.error('[auth] password-changed notice not queued', err));
      return done;
    },

    /**
     * A signed-in user asks to move the account to another address (decision 069): the current password is
     * checked like a sign-in, the new address gets a single-use link (24 hours), and nothing changes until it
     * is used. An address with an account (or kept for an undo) is refused as taken, as the sign-up does.
     */
    async requestEmailChange(token: string | null, current: string, newEmail: string, locale: Locale, meta: Meta): Promise<void> {
      const me = await checkCurrentPassword(token, current, meta);
      if (me.email.toLowerCase() === newEmail.toLowerCase())
        throw new ServiceError('invalid-input', { email: { key: 'account.sameEmail' } });
      // It sends a link to an address: the email-link limits of that address too.
      await knock({ door: 'email-link', ip: meta.ip, email: newEmail });
      if ((await emailExists(db, newEmail)) || (await emailReserved(db, newEmail)))
        throw new ServiceError('email-taken', { email: { key: 'api.emailTaken' } });
      const at = now();
      const code = await createEmailChange(db, { userId: me.id, oldEmail: me.email, newEmail, ttlMs: EMAIL_CHANGE_TTL_MS }, at);
      await email?.send(confirmNewEmail({ newEmail, name: me.name }, code, new Date(at + EMAIL_CHANGE_TTL_MS), { siteUrl, brand, locale }));
    },

    /** The new address of a confirmation link that can still be used (the page asks before it is used), or null. */
    async pendingEmailChange(code: string, meta: Meta): Promise<string | null> {
      await knock({ door: 'code', ip: meta.ip });
      return (await findPendingChange(db, code, now()))?.new_email ?? null;
    },

    /**
     * The new address's link used: the account's email becomes it, and the old address gets a notice with a
     * link that undoes the change for 7 days. Refused as taken when another account got the address meanwhile.
     */
    async confirmEmailChange(code: string, locale: Locale, meta: Meta): Promise<{ email: string }> {
      await knock({ door: 'code', ip: meta.ip });
      const at = now();
      try {
        const done = await db.transaction().execute(async (trx) => {
          const change = await confirmEmailChange(trx, code, EMAIL_UNDO_TTL_MS, at);
          if (!change) throw new ServiceError('invalid-input', { code: { key: 'api.invalidCode' } });
          const owner = await findUserByAnyEmail(trx, change.new_email);
          if ((owner && owner.id !== change.user_id) || (await emailReserved(trx, change.new_email, at)))
            throw new ServiceError('email-taken', { email: { key: 'api.emailTaken' } });
          await setUserEmail(trx, change.user_id, change.new_email, at);
          await confirmUserEmail(trx, change.user_id);
          const user = await findUserById(trx, change.user_id);
          if (!user) throw new ServiceError('not-found');
          const notice = emailChangedNotice(
            { oldEmail: change.old_email, newEmail: change.new_email, name: user.name },
            change.undo,
            new Date(at + EMAIL_UNDO_TTL_MS),
            { siteUrl, brand, locale },
          );
          await email?.sendWith(trx, notice);
          return { email: change.new_email };
        });
        // Queued with the change (one transaction): delivered now, not at the outbox's next round.
        void email?.drain().catch(() => {});
        return done;
      } catch (err) {
        if (isUniqueViolation(err)) throw new ServiceError('email-taken', { email: { key: 'api.emailTaken' } });
        throw err;
      }
    },

    /** The old address of an undo link that can still be used, or null. */
    async undoableEmailChange(code: string, meta: Meta): Promise<string | null> {
      await knock({ door: 'code', ip: meta.ip });
      return (await findUndoableChange(db, code, now()))?.old_email ?? null;
    },

    /**
     * The old address's undo link used: the account's email is the old one again, every pending change ends,
     * every session ends and the password is cleared (whoever changed the email knew it); the answer carries
     * a password reset code, so the owner sets a new password at once.
     */
    async undoEmailChange(code: string, meta: Meta): Promise<{ email: string; resetCode: string }> {
      await knock({ door: 'code', ip: meta.ip });
      const at = now();
      const change = await db.transaction().execute(async (trx) => {
        const undone = await useUndoCode(trx, code, at);
        if (!undone) throw new ServiceError('invalid-input', { code: { key: 'api.invalidCode' } });
        await setUserEmail(trx, undone.user_id, undone.old_email, at);
        await cancelPendingChanges(trx, undone.user_id, at);
        await bumpVersion(trx, undone.user_id, { password_hash: null });
        return undone;
      });
      console.warn(`[auth] account ${change.user_id}: email change undone from the old address, sessions ended, password cleared`);
      const resetCode = await createAuthCode(db, change.user_id, 'reset', resetTtlMs, at);
      return { email: change.old_email, resetCode };
    },
  };
}
