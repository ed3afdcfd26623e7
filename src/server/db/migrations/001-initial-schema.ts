import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// The domain (src/domain/catalog.ts) with the constraints that keep data honest. One definition for both
// databases; the few type differences are the helpers below.
export function initialSchema(dialect: Dialect): Migration {
  const { id, pk, ts, now, money } = dialectTypes(dialect);
  const fkInt = 'integer';

  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await s
        .createTable('users')
        .addColumn('id', id, pk)
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('account_type', 'varchar(8)', (c) => c.notNull().check(sql`account_type in ('match','hire')`))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('last_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('profile_picture_path', 'text')
        .addColumn('profile_slug', 'varchar(120)')
        .addColumn('user_status', 'varchar(24)', (c) =>
          c
            .notNull()
            .defaultTo('pending-confirmation')
            .check(sql`user_status in ('pending-confirmation','active','suspended')`),
        )
        .addColumn('origin', 'varchar(16)', (c) =>
          c
            .notNull()
            .defaultTo('regular')
            .check(sql`origin in ('regular','public-offer','calculator','free-course')`),
        )
        .addColumn('utm_id', 'varchar(200)')
        .addColumn('utm_source', 'varchar(200)')
        .addColumn('utm_medium', 'varchar(200)')
        .addColumn('utm_campaign', 'varchar(200)')
        .addColumn('utm_term', 'varchar(200)')
        .addColumn('utm_content', 'varchar(200)')
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('email_confirmed_at', ts)
        .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      // Emails are unique whatever their case; the expression index works on both databases.
      await sql`create unique index users_email_lower on users (lower(email))`.execute(db);
      await s.createIndex('users_profile_slug').unique().on('users').column('profile_slug').execute();

      await s
        .createTable('oauth_identities')
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('provider_user_id', 'varchar(200)', (c) => c.notNull())
        .addColumn('user_id', fkInt, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('oauth_identities_pk', ['provider', 'provider_user_id'])
        .execute();

      await s
        .createTable('auth_codes')
        .addColumn('id', id, pk)
        .addColumn('user_id', fkInt, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('reset','confirm')`))
        .addColumn('code_hash', 'varchar(128)', (c) => c.notNull().unique())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('used_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();

      await s
        .createTable('candidate_profiles')
        .addColumn('user_id', fkInt, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('headline', 'varchar(160)')
        .addColumn('country', 'varchar(24)')
        .addColumn('role', 'varchar(40)')
        .addColumn('seniority', 'varchar(8)', (c) => c.check(sql`seniority is null or seniority in ('junior','mid','senior')`))
        .addColumn('years', 'integer', (c) => c.check(sql`years is null or (years >= 0 and years <= 60)`))
        .addColumn('english', 'varchar(16)', (c) => c.check(sql`english is null or english in ('basic','intermediate','advanced')`))
        .addColumn('salary_expectation_usd', 'integer', (c) => c.check(sql`salary_expectation_usd is null or salary_expectation_usd > 0`))
        .addColumn('availability', 'varchar(16)', (c) =>
          c
            .notNull()
            .defaultTo('open-to-offers')
            .check(sql`availability in ('interviews','open-to-offers','not-available')`),
        )
        .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await s.createIndex('candidate_profiles_search').on('candidate_profiles').columns(['is_public', 'role', 'country']).execute();

      await s
        .createTable('candidate_skills')
        .addColumn('user_id', fkInt, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('skill', 'varchar(40)', (c) => c.notNull())
        .addPrimaryKeyConstraint('candidate_skills_pk', ['user_id', 'skill'])
        .execute();
      await s.createIndex('candidate_skills_skill').on('candidate_skills').column('skill').execute();

      await s
        .createTable('companies')
        .addColumn('id', id, pk)
        .addColumn('name', 'varchar(160)', (c) => c.notNull())
        .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
        .addColumn('website', 'varchar(300)')
        .addColumn('size', 'varchar(16)')
        .addColumn('country', 'varchar(24)')
        .addColumn('logo_path', 'text')
        .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();

      await s
        .createTable('company_users')
        .addColumn('company_id', fkInt, (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('user_id', fkInt, (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('company_users_pk', ['company_id', 'user_id'])
        .execute();

      await s
        .createTable('offers')
        .addColumn('id', id, pk)
        .addColumn('slug', 'varchar(160)', (c) => c.notNull().unique())
        .addColumn('company_id', fkInt, (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('title', 'varchar(160)', (c) => c.notNull())
        .addColumn('area', 'varchar(24)', (c) => c.notNull())
        .addColumn('role', 'varchar(40)', (c) => c.notNull())
        .addColumn('seniority', 'varchar(8)', (c) => c.notNull().check(sql`seniority in ('junior','mid','senior')`))
        .addColumn('english', 'varchar(16)', (c) => c.check(sql`english is null or english in ('basic','intermediate','advanced')`))
        .addColumn('modality', 'varchar(16)', (c) => c.notNull().check(sql`modality in ('remote-global','remote-local','hybrid','office')`))
        .addColumn('country', 'varchar(24)', (c) => c.notNull())
        .addColumn('city', 'varchar(100)')
        .addColumn('employment_type', 'varchar(16)', (c) => c.notNull().defaultTo('full-time'))
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('salary_min', money, (c) => c.notNull())
        .addColumn('salary_max', money, (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('period', 'varchar(8)', (c) => c.notNull().check(sql`period in ('month','year')`))
        .addColumn('gross', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('salary_min_usd_month', 'integer', (c) => c.notNull())
        .addColumn('salary_max_usd_month', 'integer', (c) => c.notNull())
        .addColumn('status', 'varchar(12)', (c) =>
          c
            .notNull()
            .defaultTo('draft')
            .check(sql`status in ('draft','published','paused','closed','expired')`),
        )
        .addColumn('published_at', ts)
        .addColumn('valid_through', ts)
        .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
        .addCheckConstraint('offers_salary_range', sql`salary_min > 0 and salary_min <= salary_max`)
        .execute();
      await s.createIndex('offers_search').on('offers').columns(['status', 'country', 'role', 'seniority']).execute();
      await s.createIndex('offers_area').on('offers').columns(['status', 'area']).execute();
      await s.createIndex('offers_modality').on('offers').columns(['status', 'modality']).execute();
      await s.createIndex('offers_published').on('offers').columns(['status', 'published_at']).execute();
      await s.createIndex('offers_salary').on('offers').columns(['status', 'salary_max_usd_month']).execute();
      await s.createIndex('offers_company').on('offers').column('company_id').execute();

      await s
        .createTable('offer_skills')
        .addColumn('offer_id', fkInt, (c) => c.notNull().references('offers.id').onDelete('cascade'))
        .addColumn('skill', 'varchar(40)', (c) => c.notNull())
        .addColumn('required', 'integer', (c) => c.notNull().defaultTo(1))
        .addPrimaryKeyConstraint('offer_skills_pk', ['offer_id', 'skill'])
        .execute();
      await s.createIndex('offer_skills_skill').on('offer_skills').column('skill').execute();

      await s
        .createTable('offer_countries')
        .addColumn('offer_id', fkInt, (c) => c.notNull().references('offers.id').onDelete('cascade'))
        .addColumn('country', 'varchar(24)', (c) => c.notNull())
        .addPrimaryKeyConstraint('offer_countries_pk', ['offer_id', 'country'])
        .execute();

      await s
        .createTable('applications')
        .addColumn('id', id, pk)
        .addColumn('offer_id', fkInt, (c) => c.notNull().references('offers.id').onDelete('cascade'))
        .addColumn('candidate_id', fkInt, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'varchar(24)', (c) =>
          c
            .notNull()
            .defaultTo('sent')
            .check(
              sql`status in ('sent','approved','initial-interview','technical-interview','final-stage','pre-placed','placed','rejected')`,
            ),
        )
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
        .addUniqueConstraint('applications_one_per_offer', ['offer_id', 'candidate_id'])
        .execute();
      await s.createIndex('applications_candidate').on('applications').column('candidate_id').execute();

      await s
        .createTable('courses')
        .addColumn('id', id, pk)
        .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
        .addColumn('area', 'varchar(24)', (c) => c.notNull())
        .addColumn('title_es', 'varchar(160)', (c) => c.notNull())
        .addColumn('title_en', 'varchar(160)', (c) => c.notNull())
        .addColumn('summary_es', 'text', (c) => c.notNull())
        .addColumn('summary_en', 'text', (c) => c.notNull())
        .addColumn('is_free', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await s
        .createTable('lessons')
        .addColumn('id', id, pk)
        .addColumn('course_id', fkInt, (c) => c.notNull().references('courses.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('title_es', 'varchar(160)', (c) => c.notNull())
        .addColumn('title_en', 'varchar(160)', (c) => c.notNull())
        .addColumn('body_es', 'text', (c) => c.notNull())
        .addColumn('body_en', 'text', (c) => c.notNull())
        .addUniqueConstraint('lessons_position', ['course_id', 'position'])
        .execute();
      await s
        .createTable('enrollments')
        .addColumn('course_id', fkInt, (c) => c.notNull().references('courses.id').onDelete('cascade'))
        .addColumn('user_id', fkInt, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('completed_lessons', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('completed_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('enrollments_pk', ['course_id', 'user_id'])
        .execute();

      await s
        .createTable('interviews')
        .addColumn('id', id, pk)
        .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
        .addColumn('role', 'varchar(40)', (c) => c.notNull())
        .addColumn('title_es', 'varchar(160)', (c) => c.notNull())
        .addColumn('title_en', 'varchar(160)', (c) => c.notNull())
        .addColumn('intro_es', 'text', (c) => c.notNull())
        .addColumn('intro_en', 'text', (c) => c.notNull())
        .addColumn('duration_minutes', 'integer', (c) => c.notNull().check(sql`duration_minutes > 0`))
        .addColumn('pass_mark', 'integer', (c) => c.notNull().check(sql`pass_mark between 0 and 100`))
        .execute();
      await s
        .createTable('interview_questions')
        .addColumn('id', id, pk)
        .addColumn('interview_id', fkInt, (c) => c.notNull().references('interviews.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('prompt_es', 'text', (c) => c.notNull())
        .addColumn('prompt_en', 'text', (c) => c.notNull())
        .addColumn('options_json', 'text', (c) => c.notNull())
        .addColumn('answer_index', 'integer', (c) => c.notNull())
        .addUniqueConstraint('interview_questions_position', ['interview_id', 'position'])
        .execute();
      await s
        .createTable('interview_attempts')
        .addColumn('id', id, pk)
        .addColumn('interview_id', fkInt, (c) => c.notNull().references('interviews.id').onDelete('cascade'))
        .addColumn('user_id', fkInt, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('started_at', ts, (c) => c.notNull().defaultTo(now))
        .addColumn('finished_at', ts)
        .addColumn('score', 'integer', (c) => c.check(sql`score is null or score between 0 and 100`))
        .addColumn('passed', 'integer')
        .execute();
      await s
        .createTable('certifications')
        .addColumn('id', id, pk)
        .addColumn('slug', 'varchar(160)', (c) => c.notNull().unique())
        .addColumn('user_id', fkInt, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('interview_id', fkInt, (c) => c.references('interviews.id').onDelete('set null'))
        .addColumn('role', 'varchar(40)', (c) => c.notNull())
        .addColumn('level', 'varchar(8)', (c) => c.notNull().check(sql`level in ('junior','mid','senior')`))
        .addColumn('score', 'integer', (c) => c.notNull().check(sql`score between 0 and 100`))
        .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('issued_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await s.createIndex('certifications_user').on('certifications').column('user_id').execute();

      await s
        .createTable('fx_rates')
        .addColumn('currency', 'varchar(3)', (c) => c.primaryKey())
        .addColumn('usd_rate', 'real', (c) => c.notNull().check(sql`usd_rate > 0`))
        .addColumn('as_of', 'varchar(10)', (c) => c.notNull())
        .execute();
      await s
        .createTable('salary_reports')
        .addColumn('id', id, pk)
        .addColumn('source', 'varchar(40)', (c) => c.notNull())
        .addColumn('source_licence', 'varchar(40)', (c) => c.notNull())
        .addColumn('external_id', 'varchar(120)')
        .addColumn('country', 'varchar(24)', (c) => c.notNull())
        .addColumn('role', 'varchar(40)', (c) => c.notNull())
        .addColumn('seniority', 'varchar(8)', (c) => c.notNull().check(sql`seniority in ('junior','mid','senior')`))
        .addColumn('years', 'integer')
        .addColumn('english', 'varchar(16)')
        .addColumn('modality', 'varchar(16)')
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('amount', money, (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('period', 'varchar(8)', (c) => c.notNull().check(sql`period in ('month','year')`))
        .addColumn('gross', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('local_month', money, (c) => c.notNull())
        .addColumn('usd_month', 'integer', (c) => c.notNull())
        .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('collected_at', ts, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addUniqueConstraint('salary_reports_source_external', ['source', 'external_id'])
        .execute();
      await s.createIndex('salary_reports_group').on('salary_reports').columns(['country', 'role', 'seniority']).execute();
      await s
        .createTable('salary_report_skills')
        .addColumn('report_id', fkInt, (c) => c.notNull().references('salary_reports.id').onDelete('cascade'))
        .addColumn('skill', 'varchar(40)', (c) => c.notNull())
        .addPrimaryKeyConstraint('salary_report_skills_pk', ['report_id', 'skill'])
        .execute();

      await s
        .createTable('leads')
        .addColumn('id', id, pk)
        .addColumn('name', 'varchar(160)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('company', 'varchar(160)')
        .addColumn('phone', 'varchar(40)')
        .addColumn('message', 'text')
        .addColumn('locale', 'varchar(2)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await s
        .createTable('bookings')
        .addColumn('id', id, pk)
        .addColumn('lead_id', fkInt, (c) => c.references('leads.id').onDelete('set null'))
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('starts_at', ts, (c) => c.notNull().unique())
        .addColumn('status', 'varchar(12)', (c) =>
          c
            .notNull()
            .defaultTo('confirmed')
            .check(sql`status in ('confirmed','cancelled')`),
        )
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await s
        .createTable('short_links')
        .addColumn('code', 'varchar(16)', (c) => c.primaryKey())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await s
        .createTable('email_outbox')
        .addColumn('id', id, pk)
        .addColumn('to_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('subject', 'varchar(300)', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('locale', 'varchar(2)', (c) => c.notNull())
        .addColumn('status', 'varchar(8)', (c) =>
          c
            .notNull()
            .defaultTo('queued')
            .check(sql`status in ('queued','sent','failed')`),
        )
        .addColumn('error', 'text')
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addColumn('sent_at', ts)
        .execute();
      await s
        .createTable('rate_limits')
        .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of [
        'rate_limits',
        'email_outbox',
        'short_links',
        'bookings',
        'leads',
        'salary_report_skills',
        'salary_reports',
        'fx_rates',
        'certifications',
        'interview_attempts',
        'interview_questions',
        'interviews',
        'enrollments',
        'lessons',
        'courses',
        'applications',
        'offer_countries',
        'offer_skills',
        'offers',
        'company_users',
        'companies',
        'candidate_skills',
        'candidate_profiles',
        'auth_codes',
        'oauth_identities',
        'users',
      ]) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
