import 'server-only';
import { resolve } from 'node:path';
import type { Database } from '../db/client';
import { loadLearningContent } from './content-files';
import { syncLearningContent, type SyncResult } from './data/content-sync';

/** Reads the content folder and brings the database in line with it (a no-op when nothing changed). */
export async function loadContentInto(database: Database, dir: string, log: (m: string) => void = console.log): Promise<SyncResult> {
  const content = loadLearningContent(resolve(dir));
  const result = await syncLearningContent(database.db, database.dialect, content);
  if (result.changed)
    log(
      `[content] loaded ${result.courses} courses (${result.lessons} lessons) and ${result.interviews} interviews (${result.questions} questions) from ${dir}`,
    );
  return result;
}
