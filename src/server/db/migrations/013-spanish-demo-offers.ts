import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { SENIORITY_SHORT_ES, demoOfferDescription, spanishLabel } from '../demo-vocabulary';

// Decision 029. Demo offers were seeded with an English modality id in their Spanish text ("Modalidad: hybrid"),
// demo profiles with a seniority id in their headline ("Desarrollador/a Backend · mid"). Those still
// carrying that generated text get the Spanish text new seeds write; anything edited since is left alone.
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
      const profiles = db as unknown as Kysely<{
        candidate_profiles: { user_id: number; headline: string | null };
        users: { id: number; is_demo: number };
      }>;
      const demoUsers = profiles.selectFrom('users').select('id').where('is_demo', '=', 1);
      for (const [id, label] of Object.entries(SENIORITY_SHORT_ES)) {
        const rows = await profiles
          .selectFrom('candidate_profiles')
          .select(['user_id', 'headline'])
          .where('user_id', 'in', demoUsers)
          .where('headline', 'like', `% · ${id}`)
          .execute();
        for (const p of rows) {
          const headline = `${p.headline!.slice(0, -id.length)}${label}`;
          await profiles.updateTable('candidate_profiles').set({ headline }).where('user_id', '=', p.user_id).execute();
        }
      }
    },
    async down() {
      // The old text was a defect; there is nothing to restore.
    },
  };
}
