import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Locale } from '../../i18n/locales';
import { getT } from '../../i18n/translate';
import { href } from '../../routes';
import { ServiceError } from '../errors';
import { writeWithPurge } from '../db/page-purges';
import { companyTag, FIGURES_TAG, profileTag } from '../../domain/page-purge';
import { offersForPurge, offersPurge } from '../offers/offer-purge';
import type { EmailService, OutgoingEmail } from '../email/email-service';
import { renderEmail } from '../email/render';
import type { DoorKnock } from '../limits/rate-limit';
import { findUserByAnyEmail } from './data/users';
import { cancelDeletion, closeCompanyOffers, markForDeletion, openOffersWithApplicants, soleOwnedCompany } from './data/account-deletion';
import { verifyPassword } from './password';
import type { PublicUser } from './auth-service';

// A person deletes their own account (decision 073), part of the identity service (auth-service.ts spreads
// this in): the password checked like a sign-in, then at once every session ends, the account is hidden
// (its public profile answers 404, its applications leave the companies' lists) and it waits 30 days for
// the housekeeping's purge (account-purge.ts); signing in before cancels it. A company's only owner closes
// the company with it: its open offers close now and their applicants are told (essential email).

/** How long a deleted account can still be recovered by signing in. */
export const DELETION_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

type Deps = {
  db: Kysely<DB>;
  now: () => number;
  knock: (k: DoorKnock) => Promise<void>;
  signedIn: (token: string | null) => Promise<PublicUser>;
  email?: EmailService;
  siteUrl: string;
  brand: string;
};

type Applicant = { email: string; name: string; locale: string | null; title: string };

function offerClosedEmail(a: Applicant, company: string, c: { siteUrl: string; brand: string }): OutgoingEmail {
  const locale: Locale = a.locale === 'en' ? 'en' : 'es';
  const t = getT(locale);
  const vars = { brand: c.brand, name: a.name, company, offer: a.title, email: a.email };
  return {
    to: a.email,
    kind: 'offer-closed-account-deleted',
    locale,
    subject: t('accountDeletion.email.subject', vars),
    ...renderEmail({
      locale,
      brand: c.brand,
      heading: t('accountDeletion.email.heading', vars),
      paragraphs: [t('accountDeletion.email.body', vars), t('accountDeletion.email.next', vars)],
      action: { label: t('accountDeletion.email.action'), url: c.siteUrl + href('jobs', locale) },
      footer: { reason: t('accountDeletion.email.reason', vars) },
    }),
  };
}

export function createAccountDeletion({ db, now, knock, signedIn, email, siteUrl, brand }: Deps) {
  return {
    /**
     * The signed-in person deletes their account, after typing their password (the sign-in's limits). Answers
     * when it will be purged.
     */
    requestDeletion: async (token: string | null, current: string, meta: { ip: string }): Promise<{ purgeAfter: Date }> => {
      const me = await signedIn(token);
      await knock({ door: 'login', ip: meta.ip, email: me.email });
      const full = await findUserByAnyEmail(db, me.email);
      if (!full || !(await verifyPassword(full.password_hash, current)))
        throw new ServiceError('invalid-input', { currentPassword: { key: 'api.wrongCurrentPassword' } });
      const at = new Date(now());
      const purgeAfter = new Date(at.getTime() + DELETION_GRACE_MS);
      await writeWithPurge(
        db,
        async (trx) => {
          await markForDeletion(trx, me.id, at, purgeAfter);
          const tags = me.profile_slug && me.account_type === 'match' ? [profileTag(me.profile_slug), FIGURES_TAG] : [];
          const company = me.account_type === 'hire' ? await soleOwnedCompany(trx, me.id) : null;
          if (!company) return { tags };
          // The company closes with its only owner: its open offers now, its rows with the purge.
          const applicants = await openOffersWithApplicants(trx, company.id);
          const offers = await offersForPurge(trx, { companyId: company.id });
          await closeCompanyOffers(trx, company.id, at);
          for (const a of applicants) await email?.sendWith(trx, offerClosedEmail(a, company.name, { siteUrl, brand }));
          return offersPurge(offers, at, [...tags, companyTag(company.slug)]);
        },
        (purge) => purge,
      );
      // The applicants' notices were queued with the closing: delivered now, not at the outbox's next round.
      void email?.drain().catch(() => {});
      return { purgeAfter };
    },

    /** A sign-in: the deletion the account waits for is cancelled, its profile shown again; whether there was one. */
    resume: async (user: { id: number; profile_slug: string | null; account_type: string }): Promise<boolean> => {
      const profile = user.profile_slug && user.account_type === 'match' ? [profileTag(user.profile_slug), FIGURES_TAG] : [];
      return writeWithPurge(
        db,
        (trx) => cancelDeletion(trx, user.id),
        (cancelled) => (cancelled && profile.length ? { tags: profile } : null),
      );
    },
  };
}
