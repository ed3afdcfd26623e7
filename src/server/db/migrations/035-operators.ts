import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 070. The operator role (a row per operator account), its second factor (a TOTP secret, the last
// time step used, ten hashed recovery codes), the sessions that passed the second step (by token id), and
// the append-only audit log of what operators (and the operators CLI) did.
export function operators(dialect: Dialect): Migration {
  const { id, pk, ts, now } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('operators')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('totp_secret', 'varchar(64)')
        .addColumn('totp_pending_secret', 'varchar(64)')
        .addColumn('totp_enrolled_at', ts)
        .addColumn('totp_last_step', 'integer')
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createTable('operator_recovery_codes')
        .addColumn('id', id, pk)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('operators.user_id').onDelete('cascade'))
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('used_at', ts)
        .execute();
      await db.schema.createIndex('operator_recovery_codes_user').on('operator_recovery_codes').column('user_id').execute();
      await db.schema
        .createTable('operator_sessions')
        .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('operators.user_id').onDelete('cascade'))
        .addColumn('verified_at', ts, (c) => c.notNull())
        .addColumn('last_seen_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('operator_sessions_user').on('operator_sessions').column('user_id').execute();
      // No reference to users: the log outlives the accounts it names.
      await db.schema
        .createTable('operator_audit')
        .addColumn('id', id, pk)
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addColumn('actor', 'varchar(300)', (c) => c.notNull())
        .addColumn('actor_user_id', 'integer')
        .addColumn('action', 'varchar(80)', (c) => c.notNull())
        .addColumn('target_type', 'varchar(40)')
        .addColumn('target_id', 'varchar(120)')
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .execute();
      await db.schema.createIndex('operator_audit_created').on('operator_audit').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const name of ['operator_audit', 'operator_sessions', 'operator_recovery_codes', 'operators'])
        await db.schema.dropTable(name).execute();
    },
  };
}
