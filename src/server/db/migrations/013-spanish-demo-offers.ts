import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { demoOfferDescription, spanishLabel } from '../demo-vocabulary';

// Issue 16. Demo offers were seeded with an English modality id in their Spanish text ("Modalidad: hybrid").
// Those still carrying that generated text get the Spanish description new seeds write; demo offers the
// demo company has edited since are left as they are.
type Row = { id: number; title: string; area: string; country: string; modality: string; seniority: string; english: string | null };

export function spanishDemoOffers(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const q = db as unknown as Kysely<{ offers: Row & { description: string; is_demo: number } }>;
      const rows = await q
        .selectFrom('offers')
        .select(['id', 'title', 'area', 'country', 'modality', 'seniority', 'english'])
        .where('is_demo', '=', 1)
        .where('description', 'like', 'Oferta de demostración para %- Modalidad: %- Datos generados para la demo.')
        .execute();
      for (const r of rows) {
        const description = demoOfferDescription({ ...r, english: r.english ?? 'basic' }, spanishLabel);
        await q.updateTable('offers').set({ description }).where('id', '=', r.id).execute();
      }
    },
    async down() {
      // The old text was a defect; there is nothing to restore.
    },
  };
}
