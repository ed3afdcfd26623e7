import 'server-only';
import type { AccountType } from './session-check';
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/client';
import type { DB } from '../db/schema';
import { signToken, verifyToken } from './jwt';
import { hashPassword, verifyPassword } from './password';
import {
  bumpTokenVersion as bumpVersion,
  confirmUserEmail,
  emailExists,
  findUserByAnyEmail,
  findUserByEmail,
  findUserById,
  insertCandidateProfile,
  insertCompanyWithMember,
  insertUser,
  slugExists,
  type NewUser,
} from './data/users';
import { ServiceError, isUniqueViolation } from '../errors';
import { getT } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import { href } from '../../routes';
import { authCodeIsUsable, consumeAuthCode, createAuthCode } from './data/auth-codes';
import type { EmailService } from '../email/email-service';
import type { ProviderProfile } from './oauth';
import { findIdentityUser, linkIdentity } from './data/oauth-identities';
import { findSessionUser, revokeToken } from './data/sessions';
import { createSessionCheck } from './session-check';
import type { DoorKnock, IdentityGuard } from '../limits/rate-limit';
import { slugify } from '../../domain/slug';
import { emailReserved } from './data/email-changes';
import { createAccountChanges } from './account-changes';
import { createAccountDeletion } from './account-deletion';

export type { AccountType } from './session-check';
export type PublicUser = {
  id: number;
  name: string;
  last_name: string;
  email: string;
  profile_picture_path: string | null;
  profile_slug: string | null;
  user_status: string;
  account_type: AccountType;
};

export type Registration = {
  name: string;
  last_name: string;
  email: string;
  password: string;
  origin?: NewUser['origin'];
  utm?: Partial<Record<'utm_id' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content', string>>;
  company_name?: string;
  /** Language of the confirmation email. */
  locale?: Locale;
  /**
   * A company account that joins an existing company (a team invitation, decision 047) instead of getting
   * one of its own: called in the sign-up's transaction (a refusal undoes the account). The invitation
   * proved the address, so the account starts confirmed and no confirmation email goes out.
   */
  join?: (trx: Transaction<DB>, userId: number) => Promise<void>;
};

const toPublic = (u: PublicUser): PublicUser => ({
  id: u.id,
  name: u.name,
  last_name: u.last_name,
  email: u.email,
  profile_picture_path: u.profile_picture_path,
  profile_slug: u.profile_slug,
  user_status: u.user_status,
  account_type: u.account_type,
});

/** The slug of a name: "José Pérez" -> "jose-perez", at most 60 characters ('perfil' for a name without letters or digits). */
const nameSlug = (text: string) => slugify(text, 60) || 'perfil';

/**
 * Who is asking, as the HTTP layer saw it. Every method that checks a password, creates an account, sends
 * a link or tries a code takes it, so no door can skip the shared limits (decision 017).
 */
export type RequestMeta = { ip: string };

export type AuthOptions = {
  email?: EmailService;
  siteUrl?: string;
  brand?: string;
  /** The identity limits (rate-limit.ts); without one (tests, scripts) nothing is limited. */
  guard?: IdentityGuard;
  /** The clock (tests move it to check the idle timeout). */
  now?: () => number;
};

const RESET_TTL_MS = 60 * 60 * 1000;
const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;

export function createAuthService(database: Database, secret: string, opts: AuthOptions = {}) {
  const { db } = database;
  const now = opts.now ?? Date.now;
  const siteUrl = opts.siteUrl ?? 'http://localhost:8080';
  const brand = opts.brand ?? 'Tandem';

  const issue = (u: { id: number; account_type: AccountType; token_version: number }) =>
    signToken({ sub: String(u.id), typ: u.account_type, ver: u.token_version, jti: randomBytes(16).toString('base64url') }, secret, now());
  const knock = (k: DoorKnock) => opts.guard?.(k) ?? Promise.resolve();

  // The two emailed single-use links: where they lead, how long they last, which message carries them.
  const CODE_MAIL = {
    reset: { ttl: RESET_TTL_MS, route: 'resetPassword', kind: 'password-reset' },
    confirm: { ttl: CONFIRM_TTL_MS, route: 'confirmEmail', kind: 'email-confirmation' },
  } as const;

  async function mailCode(user: { id: number; email: string; name: string }, which: 'reset' | 'confirm', locale: Locale) {
    const m = CODE_MAIL[which];
    const at = Date.now();
    const code = await createAuthCode(db, user.id, which, m.ttl, at);
    const t = getT(locale);
    const link = siteUrl + href(m.route, locale, { token: code });
    await opts.email?.send({
      to: user.email,
      kind: m.kind,
      locale,
      subject: t(`email.${which}.subject`, { brand }),
      text: t(`email.${which}.body`, { name: user.name, link }),
      expiresAt: new Date(at + m.ttl),
    });
  }

  /** Every token issued so far stops working. */
  const bumpTokenVersion = (userId: number, set: { password_hash?: string } = {}) => bumpVersion(db, userId, set);

  async function setPassword(userId: number, password_hash: string) {
    await bumpTokenVersion(userId, { password_hash });
    const user = await findUserById(db, userId);
    if (!user) throw new ServiceError('not-found');
    return { access_token: await issue(user), user: toPublic(user) };
  }

  async function uniqueSlug(base: string): Promise<string> {
    if (!(await slugExists(db, base))) return base;
    for (let i = 0; i < 5; i++) {
      const candidate = `${base}-${randomBytes(3).toString('hex')}`;
      if (!(await slugExists(db, candidate))) return candidate;
    }
    return `${base}-${randomBytes(6).toString('hex')}`;
  }

  const sessionOf = createSessionCheck(db, secret, now);

  const changes = createAccountChanges({
    db,
    now,
    knock,
    signedIn: async (token) => toPublic(await sessionOf(null, token)),
    setPassword,
    email: opts.email,
    siteUrl,
    brand,
    resetTtlMs: RESET_TTL_MS,
  });
  const deletion = createAccountDeletion({
    db,
    now,
    knock,
    signedIn: async (token) => toPublic(await sessionOf(null, token)),
    email: opts.email,
    siteUrl,
    brand,
  });
  /** A sign-in: a deletion the account waits for is cancelled (decision 073), and the answer says so. */
  const signIn = async (user: Parameters<typeof issue>[0] & PublicUser) => ({
    access_token: await issue(user),
    user: toPublic(user),
    deletionCancelled: await deletion.resume(user),
  });

  const service = {
    /** The product API's typed door: same refusal for an unknown email, a wrong password and the other account type. */
    async login(
      type: AccountType,
      email: string,
      password: string,
      meta: RequestMeta,
    ): Promise<{ access_token: string; user: PublicUser; deletionCancelled: boolean }> {
      await knock({ door: 'login', ip: meta.ip, email });
      const user = await findUserByEmail(db, email, type);
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !ok) throw new ServiceError('invalid-credentials');
      if (user.user_status === 'suspended') throw new ServiceError('suspended');
      return signIn(user);
    },

    async register(type: AccountType, r: Registration, meta: RequestMeta): Promise<{ access_token: string; user: PublicUser }> {
      await knock({ door: 'register', ip: meta.ip });
      if ((await emailExists(db, r.email)) || (await emailReserved(db, r.email)))
        throw new ServiceError('email-taken', { email: { key: 'api.emailTaken' } });
      const password_hash = await hashPassword(r.password);
      for (let attempt = 0; ; attempt++) {
        const profile_slug = await uniqueSlug(nameSlug(`${r.name} ${r.last_name}`));
        try {
          const id = await db.transaction().execute(async (trx) => {
            const userId = await insertUser(trx, {
              email: r.email,
              password_hash,
              account_type: type,
              name: r.name,
              last_name: r.last_name,
              profile_slug,
              origin: r.origin ?? 'regular',
              locale: r.locale ?? 'es',
              ...r.utm,
              ...(r.join ? { user_status: 'active' as const, email_confirmed_at: new Date() } : {}),
            });
            if (r.join) {
              await r.join(trx, userId);
            } else if (type === 'match') {
              await insertCandidateProfile(trx, userId);
            } else {
              const name = r.company_name ?? `${r.name} ${r.last_name}`;
              const slug = `${nameSlug(name)}-${randomBytes(3).toString('hex')}`;
              await insertCompanyWithMember(trx, { name, slug }, userId);
            }
            return userId;
          });
          const user = await findUserById(db, id);
          if (!user) throw new Error('registered user vanished');
          // The account works at once; the emailed link confirms the address (user_status pending-confirmation until then).
          if (!r.join)
            await mailCode(user, 'confirm', r.locale ?? 'es').catch((err) => console.error('[auth] confirmation email not queued', err));
          return { access_token: await issue(user), user: toPublic(user) };
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          // Two registrations racing for one email: the unique index decides, the loser hears "taken". Racing
          // for one profile slug (same name, other emails): the loser takes another slug.
          if (attempt >= 3 || (await emailExists(db, r.email))) throw new ServiceError('email-taken', { email: { key: 'api.emailTaken' } });
        }
      }
    },

    /** Always succeeds from the caller's view; an existing account gets a single-use reset link by email. */
    async forgotPassword(email: string, locale: Locale, meta: RequestMeta): Promise<void> {
      await knock({ door: 'email-link', ip: meta.ip, email });
      const user = await findUserByAnyEmail(db, email);
      if (!user || user.user_status === 'suspended') return;
      await mailCode(user, 'reset', locale);
    },

    /** Email a confirmation link to an account that is not confirmed yet (silently nothing otherwise). */
    async sendEmailConfirmation(email: string, locale: Locale, meta: RequestMeta): Promise<void> {
      await knock({ door: 'email-link', ip: meta.ip, email });
      const user = await findUserByAnyEmail(db, email);
      if (!user || user.user_status !== 'pending-confirmation') return;
      await mailCode(user, 'confirm', locale);
    },

    /** A valid confirmation code activates the account. */
    async confirmEmail(code: string, meta: RequestMeta): Promise<PublicUser> {
      await knock({ door: 'code', ip: meta.ip });
      const userId = await consumeAuthCode(db, code, 'confirm');
      if (!userId) throw new ServiceError('invalid-input', { confirmation: { key: 'api.invalidCode' } });
      await confirmUserEmail(db, userId);
      const user = await findUserById(db, userId);
      if (!user) throw new ServiceError('not-found');
      return toPublic(user);
    },

    /** Whether a reset link can still be used (the page shows "expired" before the user types a password). */
    async resetCodeIsUsable(code: string, meta: RequestMeta): Promise<boolean> {
      await knock({ door: 'code', ip: meta.ip });
      return authCodeIsUsable(db, code, 'reset');
    },

    /** A valid code sets the new password, ends every earlier session and signs the user in. */
    async resetPassword(code: string, password: string, meta: RequestMeta): Promise<{ access_token: string; user: PublicUser }> {
      await knock({ door: 'code', ip: meta.ip });
      const password_hash = await hashPassword(password);
      const userId = await consumeAuthCode(db, code, 'reset');
      if (!userId) throw new ServiceError('invalid-input', { code: { key: 'api.invalidCode' } });
      return setPassword(userId, password_hash);
    },

    ...changes,
    requestDeletion: deletion.requestDeletion,

    /**
     * Sign-in with a provider's verified identity: a known identity signs its user in; a verified email of
     * an existing account links the identity to it (and confirms the address); otherwise a candidate
     * account is created. Company accounts are created with their company's name, so only by sign-up.
     */
    async signInWithProvider(
      provider: string,
      loadProfile: () => Promise<ProviderProfile>,
      meta: RequestMeta,
    ): Promise<{ access_token: string; user: PublicUser; created: boolean }> {
      // The limit comes before the provider is asked anything.
      await knock({ door: 'provider', ip: meta.ip });
      const p = await loadProfile();
      const finish = async (userId: number, created: boolean) => {
        const user = await findUserById(db, userId);
        if (!user) throw new ServiceError('not-found');
        if (user.user_status === 'suspended') throw new ServiceError('suspended');
        return { ...(await signIn(user)), created };
      };
      const known = await findIdentityUser(db, provider, p.providerUserId);
      if (known !== null) return finish(known, false);
      if (!p.email || !p.emailVerified) throw new ServiceError('invalid-input', { email: { key: 'api.oauthNoVerifiedEmail' } });
      const email = p.email;
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          const existing = await findUserByAnyEmail(db, email);
          if (existing) {
            // An account nobody has confirmed proves nothing about who set its password: anyone can sign
            // up with someone else's address and wait for them (pre-hijacking). The provider has just
            // proved this person holds the address, so that password is cleared and every session of the
            // account ends before the identity is attached (decision 017).
            const unproven = existing.email_confirmed_at === null && existing.password_hash !== null;
            await db.transaction().execute(async (trx) => {
              await linkIdentity(trx, provider, p.providerUserId, existing.id);
              if (unproven) {
                console.warn(
                  `[auth] ${provider} sign-in proved the address of unconfirmed account ${existing.id}: its password cleared, its sessions ended`,
                );
                await bumpVersion(trx, existing.id, { password_hash: null });
              }
              await confirmUserEmail(trx, existing.id);
            });
            return finish(existing.id, false);
          }
          const profile_slug = await uniqueSlug(nameSlug(`${p.name} ${p.lastName}`));
          const id = await db.transaction().execute(async (trx) => {
            const userId = await insertUser(trx, {
              email,
              password_hash: null,
              account_type: 'match',
              name: p.name,
              last_name: p.lastName,
              profile_slug,
              origin: 'regular',
              user_status: 'active',
              email_confirmed_at: new Date(),
              profile_picture_path: p.picture,
            });
            await insertCandidateProfile(trx, userId);
            await linkIdentity(trx, provider, p.providerUserId, userId);
            return userId;
          });
          return finish(id, true);
        } catch (err) {
          // Two first sign-ins racing (same identity or same email): the loser finds the winner's row.
          if (!isUniqueViolation(err) || attempt === 1) throw err;
          const raced = await findIdentityUser(db, provider, p.providerUserId);
          if (raced !== null) return finish(raced, false);
        }
      }
      throw new ServiceError('invalid-input', { email: { key: 'api.emailTaken' } });
    },

    /** Sign-in whatever the type (the site's form, the CMS's /auth/local): one account per address (decision 081). */
    async loginAnyType(email: string, password: string, meta: RequestMeta): Promise<Awaited<ReturnType<typeof signIn>>> {
      await knock({ door: 'login', ip: meta.ip, email });
      const user = await findUserByAnyEmail(db, email);
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !ok) throw new ServiceError('invalid-credentials');
      if (user.user_status === 'suspended') throw new ServiceError('suspended');
      return signIn(user);
    },

    /** The user behind a token of the given account type (any type when null); refused when stale or foreign. */
    async me(type: AccountType | null, token: string | null): Promise<PublicUser> {
      return toPublic(await sessionOf(type, token));
    },

    /** Sign out: this token stops working on every door (the others of the user keep working). */
    async logout(token: string | null): Promise<void> {
      const claims = token ? await verifyToken(token, secret) : null;
      if (!claims) return;
      if (!claims.jti) return; // never accepted (sessionOf): nothing to end
      const user = await findSessionUser(db, Number(claims.sub), claims.jti);
      if (!user || user.token_version !== claims.ver || user.revoked) return;
      await revokeToken(db, claims.jti, user.id, new Date(claims.exp * 1000));
    },

    /** Sign out everywhere: every token of the user stops working, this one included. */
    async logoutEverywhere(token: string | null): Promise<void> {
      const user = await sessionOf(null, token);
      await bumpTokenVersion(user.id);
    },
  };
  return service;
}

export type AuthService = ReturnType<typeof createAuthService>;
