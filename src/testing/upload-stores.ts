// Every upload store backend, for tests that must hold on each (decision 033): the database on SQLite and on
// PostgreSQL (when TEST_DATABASE_URL is set), and an S3 bucket served by a local s3rver.
import { createDatabaseStore } from '../server/uploads/data/database-store';
import { createS3Store } from '../server/uploads/s3-store';
import type { UploadStore } from '../server/uploads/upload-store';
import { testDatabases } from './databases';
import { startS3Server } from './s3-server';

export type StoreBackend = { store: UploadStore; cleanup: () => Promise<void> };

export const uploadStoreBackends: [string, () => Promise<StoreBackend>][] = [
  ...testDatabases.map(([name, open]): [string, () => Promise<StoreBackend>] => [
    `the database on ${name}`,
    async () => {
      const t = await open();
      return { store: createDatabaseStore(t), cleanup: t.cleanup };
    },
  ]),
  [
    'an S3 bucket (s3rver)',
    async () => {
      const s3 = await startS3Server();
      return { store: createS3Store(s3.settings), cleanup: s3.stop };
    },
  ],
];
