import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addOffer } from '../../testing/marketplace';
import { createEmailService } from '../email/email-service';
import { createAuthService, type AuthService } from './auth-service';
import { createAccountPurge } from './account-purge';
import { DELETION_GRACE_MS } from './account-deletion';

// Deleting one's own account (decision 073), on SQLite and PostgreSQL, with a test clock: the request ends
// every session and hides the person at once; a sign-in within 30 days cancels it; after them the
// housekeeping's step leaves no row of the person in any table (the list of columns comes from the migrated
// schema, so a new table is checked too) except their salary report, unlinked.
const SECRET = 's'.repeat(40);
const IP = { ip: '198.51.100.7' };
const PASSWORD = 'clave-segura-1';
const DAY = 86_400_000;

/** Columns that name a person: an account id or an email address. */
const PERSON_COLUMN = /(^|_)user_id$|^(candidate_id|sender_id|author_id|actor_id|proposer_id|invited_by|used_by)$|(^|_)email$/;

describe.each(testDatabases)('account deletion on %s', (_name, open) => {
  let t: TestDb;
  let auth: AuthService;
  let clock = Date.now();
  let seq = 0;
  const purge = () => createAccountPurge({ db: t.db, now: () => clock }).purgeDue();
  beforeAll(async () => {
    t = await open();
    auth = createAuthService(t, SECRET, { email: createEmailService(t, { log: () => {} }), now: () => clock });
  });
  afterAll(async () => t?.cleanup());

  const account = async (type: 'match' | 'hire', locale: 'es' | 'en' = 'es') => {
    const email = `borrar${++seq}@example.com`;
    const r = await auth.register(
      type,
      { name: 'Sol', last_name: 'Vera', email, password: PASSWORD, company_name: `Vera ${seq}`, locale },
      IP,
    );
    return { email, token: r.access_token, id: r.user.id, slug: r.user.profile_slug! };
  };
  const companyOf = async (userId: number) =>
    (await t.db.selectFrom('company_users').select('company_id').where('user_id', '=', userId).executeTakeFirstOrThrow()).company_id;
  const live = (token: string) =>
    auth.me(null, token).then(
      () => true,
      () => false,
    );

  /**
   * The tables of this test's schema. On PostgreSQL the introspector reads every schema of the server, and
   * another test file dropping its own schema meanwhile failed the read ("schema t_… does not exist").
   */
  async function ownTables(): Promise<{ name: string; columns: { name: string }[] }[]> {
    if (t.dialect === 'sqlite') return t.db.introspection.getTables();
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() order by table_name, ordinal_position`.execute(t.db);
    const tables = new Map<string, { name: string }[]>();
    for (const r of rows) tables.set(r.table_name, [...(tables.get(r.table_name) ?? []), { name: r.column_name }]);
    return [...tables].map(([name, columns]) => ({ name, columns }));
  }

  /** Rows of the person in every table the schema has. */
  async function traces(id: number, email: string): Promise<string[]> {
    const found: string[] = [];
    for (const table of await ownTables()) {
      if (table.name.startsWith('kysely_')) continue;
      for (const col of table.columns.filter((c) => PERSON_COLUMN.test(c.name))) {
        const value = col.name.endsWith('email') ? email : id;
        const cmp = col.name.endsWith('email') ? sql`lower(${sql.ref(col.name)}) = ${email}` : sql`${sql.ref(col.name)} = ${value}`;
        const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table.name)} where ${cmp}`.execute(t.db);
        if (Number(r.rows[0]!.n) > 0) found.push(`${table.name}.${col.name}`);
      }
    }
    return found;
  }

  it('a candidate: hidden at once, sessions ended, everything purged after 30 days but the anonymous salary report', async () => {
    const me = await account('match');
    const other = (await auth.login('match', me.email, PASSWORD, IP)).access_token;
    const company = await account('hire');
    const companyId = await companyOf(company.id);
    const offer = await addOffer(t.db, companyId);
    const now = new Date(clock);
    // A bit of everything a candidate leaves behind.
    await t.db.updateTable('candidate_profiles').set({ is_public: 1 }).where('user_id', '=', me.id).execute();
    await t.db.insertInto('candidate_skills').values({ user_id: me.id, skill: 'go' }).execute();
    await t.db
      .insertInto('profile_education')
      .values({ user_id: me.id, school: 'UNI', degree: 'CS', start_year: 2010, created_at: now })
      .execute();
    const app = await t.db
      .insertInto('applications')
      .values({ offer_id: offer.id, candidate_id: me.id, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('saved_offers').values({ candidate_id: me.id, offer_id: offer.id, created_at: now }).execute();
    await t.db.insertInto('notifications').values({ user_id: me.id, kind: 'x', data: '{}', link: '/', created_at: now }).execute();
    await t.db
      .insertInto('alert_recipients')
      .values({ email: me.email, user_id: null, manage_nonce: `n${seq}`, manage_hash: `h${seq}`, created_at: now })
      .execute();
    await t.db.insertInto('leads').values({ name: 'Sol', email: me.email.toUpperCase(), locale: 'es', created_at: now }).execute();
    const conv = await t.db
      .insertInto('conversations')
      .values({ company_id: companyId, candidate_id: me.id, application_id: app.id, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('messages')
      .values({ conversation_id: conv.id, sender_side: 'candidate', sender_id: me.id, body: 'hola', created_at: now })
      .execute();
    await t.db
      .insertInto('salary_reports')
      .values({
        source: 'tandem-users',
        source_licence: 'x',
        external_id: `user:${me.id}`,
        country: 'peru',
        role: 'backend',
        seniority: 'mid',
        currency: 'PEN',
        amount: 9000,
        period: 'month',
        gross: 1,
        local_month: 9000,
        usd_month: 2400,
        is_demo: 0,
        collected_at: now,
      })
      .execute();

    // A certificate, revoked (the purge's first step): its bit must outlive its row.
    const cert = await t.db
      .insertInto('certifications')
      .values({
        slug: `cert-borrar-${seq}`,
        user_id: me.id,
        role: 'backend',
        level: 'mid',
        score: 90,
        is_demo: 0,
        issued_at: now,
        revoked_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('certifications').set({ status_index: cert.id }).where('id', '=', cert.id).execute();

    await expect(auth.requestDeletion(me.token, 'mala-clave-1', IP)).rejects.toMatchObject({ code: 'invalid-input' });
    const { purgeAfter } = await auth.requestDeletion(me.token, PASSWORD, IP);
    expect(purgeAfter.getTime()).toBe(clock + DELETION_GRACE_MS);
    expect(await live(me.token)).toBe(false);
    expect(await live(other)).toBe(false);
    const hidden = await t.db
      .selectFrom('users')
      .select(['deletion_requested_at', 'purge_after'])
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(hidden.deletion_requested_at).not.toBeNull();

    // Not yet: 29 days later nothing is purged.
    clock += 29 * DAY;
    expect(await purge()).toBe(0);
    clock += 2 * DAY;
    expect(await purge()).toBe(1);
    expect(await traces(me.id, me.email)).toEqual([]);
    expect(await t.db.selectFrom('certifications').select('id').where('id', '=', cert.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('revoked_status_entries').select('status_index').where('status_index', '=', cert.id).execute()).toEqual([
      { status_index: cert.id },
    ]);
    const report = await t.db.selectFrom('salary_reports').select('external_id').where('usd_month', '=', 2400).execute();
    expect(report).toEqual([{ external_id: null }]);
    // The company's side is untouched: its account, its offer.
    expect(await traces(company.id, company.email)).not.toEqual([]);
    expect(await t.db.selectFrom('offers').select('status').where('id', '=', offer.id).executeTakeFirst()).toEqual({ status: 'published' });
  });

  it('signing in within the grace period cancels the deletion and says so', async () => {
    const me = await account('match');
    await auth.requestDeletion(me.token, PASSWORD, IP);
    clock += 10 * DAY;
    const back = await auth.login('match', me.email, PASSWORD, IP);
    expect(back.deletionCancelled).toBe(true);
    expect(await live(back.access_token)).toBe(true);
    expect((await auth.login('match', me.email, PASSWORD, IP)).deletionCancelled).toBe(false);
    clock += 40 * DAY;
    expect(await purge()).toBe(0);
    expect(await t.db.selectFrom('users').select('purge_after').where('id', '=', me.id).executeTakeFirst()).toEqual({ purge_after: null });
  });

  it("a company's only owner: its offers close now, its applicants are emailed, the company goes with the purge", async () => {
    const owner = await account('hire');
    const companyId = await companyOf(owner.id);
    const offer = await addOffer(t.db, companyId, { title: 'Data Engineer' });
    const draft = await addOffer(t.db, companyId, { status: 'draft' });
    const applicant = await account('match', 'en');
    const now = new Date(clock);
    await t.db
      .insertInto('applications')
      .values({ offer_id: offer.id, candidate_id: applicant.id, created_at: now, updated_at: now })
      .execute();

    await auth.requestDeletion(owner.token, PASSWORD, IP);
    const statuses = await t.db.selectFrom('offers').select('status').where('company_id', '=', companyId).orderBy('id').execute();
    expect(statuses.map((s) => s.status)).toEqual(['closed', 'closed']);
    const mails = await t.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body', 'locale'])
      .where('to_email', '=', applicant.email)
      .where('kind', '=', 'offer-closed-account-deleted')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe('en');
    expect(mails[0]!.subject).toContain('Data Engineer');

    clock += DELETION_GRACE_MS + DAY;
    expect(await purge()).toBe(1);
    expect(await traces(owner.id, owner.email)).toEqual([]);
    expect(await t.db.selectFrom('companies').select('id').where('id', '=', companyId).execute()).toEqual([]);
    expect(await t.db.selectFrom('offers').select('id').where('id', 'in', [offer.id, draft.id]).execute()).toEqual([]);
    // The applicant's account stays.
    expect(await t.db.selectFrom('users').select('id').where('id', '=', applicant.id).execute()).toHaveLength(1);
  });

  it("a team member leaves the team: the company, its offers and the candidate's thread stay", async () => {
    const owner = await account('hire');
    const companyId = await companyOf(owner.id);
    const offer = await addOffer(t.db, companyId);
    const member = await account('hire');
    // The member joins the owner's company (their own company was made at sign-up: it goes with them).
    await t.db.deleteFrom('company_users').where('user_id', '=', member.id).execute();
    await t.db.insertInto('company_users').values({ company_id: companyId, user_id: member.id, role: 'recruiter' }).execute();
    const candidate = await account('match');
    const now = new Date(clock);
    const app = await t.db
      .insertInto('applications')
      .values({ offer_id: offer.id, candidate_id: candidate.id, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const conv = await t.db
      .insertInto('conversations')
      .values({ company_id: companyId, candidate_id: candidate.id, application_id: app.id, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await t.db
      .insertInto('messages')
      .values({ conversation_id: conv.id, sender_side: 'candidate', sender_id: candidate.id, body: 'hola', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const second = await t.db
      .insertInto('messages')
      .values({ conversation_id: conv.id, sender_side: 'company', sender_id: member.id, body: 'buenas', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('conversations').set({ last_message_id: second.id }).where('id', '=', conv.id).execute();
    await t.db
      .insertInto('application_notes')
      .values({ application_id: app.id, author_id: member.id, body: 'nota', created_at: now })
      .execute();

    await auth.requestDeletion(member.token, PASSWORD, IP);
    expect(await t.db.selectFrom('offers').select('status').where('id', '=', offer.id).executeTakeFirst()).toEqual({ status: 'published' });
    clock += DELETION_GRACE_MS + DAY;
    expect(await purge()).toBe(1);
    expect(await traces(member.id, member.email)).toEqual([]);
    expect(await t.db.selectFrom('company_users').select('user_id').where('company_id', '=', companyId).execute()).toEqual([
      { user_id: owner.id },
    ]);
    const thread = await t.db.selectFrom('conversations').select('last_message_id').where('id', '=', conv.id).executeTakeFirstOrThrow();
    expect(thread.last_message_id).toBe(first.id);
  });
});
