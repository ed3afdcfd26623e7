import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { demoCompanyProfile } from '../demo-vocabulary';

// Decision 086. A company's profile gains its perks (short texts) and its tech stack (skills of the
// catalogue), each a JSON array of strings in a text column (null: none given). The demo companies already
// seeded get plausible ones, picked by their id so that every install shows the same.
export function companyProfile(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('companies').addColumn('perks', 'text').execute();
      await db.schema.alterTable('companies').addColumn('tech_stack', 'text').execute();
      const k = db as Kysely<{ companies: { id: number; is_demo: number; perks: string | null; tech_stack: string | null } }>;
      const demo = await k.selectFrom('companies').select('id').where('is_demo', '=', 1).orderBy('id').execute();
      for (const [i, c] of demo.entries()) {
        const p = demoCompanyProfile(i);
        await k
          .updateTable('companies')
          .set({ perks: JSON.stringify(p.perks), tech_stack: JSON.stringify(p.stack) })
          .where('id', '=', c.id)
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('companies').dropColumn('tech_stack').execute();
      await db.schema.alterTable('companies').dropColumn('perks').execute();
    },
  };
}
