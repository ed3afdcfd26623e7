import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The accounts domain's part of a person's data export (decision 072): the account (never its password
// hash or token version), the profile, work history, education, links, sign-in providers, email changes and
// the sessions in use. Files: the picture and the CV, by their upload keys.
export async function accountPersonalData(db: Kysely<DB>, userId: number) {
  const account = await db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'account_type',
      'name',
      'last_name',
      'profile_picture_path',
      'profile_slug',
      'user_status',
      'origin',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'email_confirmed_at',
      'locale',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  const profile = await db.selectFrom('candidate_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const skills = await db.selectFrom('candidate_skills').select('skill').where('user_id', '=', userId).orderBy('skill').execute();
  const workHistory = await db.selectFrom('profile_experience').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const education = await db.selectFrom('profile_education').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const documents = await db.selectFrom('profile_documents').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const signInProviders = await db
    .selectFrom('oauth_identities')
    .select(['provider', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
  const emailChanges = await db
    .selectFrom('email_changes')
    .select(['old_email', 'new_email', 'created_at', 'confirmed_at', 'undone_at', 'cancelled_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  // Token ids are not shown: a session is its last use.
  const sessions = await db
    .selectFrom('session_activity')
    .select('last_seen_at')
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .execute();
  return {
    account: account ?? null,
    profile: profile ? { ...profile, skills: skills.map((s) => s.skill) } : null,
    workHistory,
    education,
    links: documents ? { linkedin: documents.linkedin_url, github: documents.github_url, portfolio: documents.portfolio_url } : null,
    cv: documents?.cv_key ? { key: documents.cv_key, bytes: documents.cv_bytes, uploadedAt: documents.cv_uploaded_at } : null,
    signInProviders,
    emailChanges,
    sessions,
  };
}
