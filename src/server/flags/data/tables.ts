import type { Timestamp } from '../../db/column-types';

// Row types of the flags domain's tables, as the migrations make them (src/server/db/schema.ts puts
// every domain's tables together; its test compares them with a migrated database). Feature flags: overrides of the versioned file and the mark of the last change.

export interface FeatureOverridesTable {
  key: string;
  definition_json: string;
  updated_at: Timestamp;
}
export interface FeatureChangesTable {
  name: string;
  changed_at: Timestamp;
}
