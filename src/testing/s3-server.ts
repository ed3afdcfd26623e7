// A local S3-compatible server (s3rver) for the S3 upload store's tests: 127.0.0.1 on a free port, one
// bucket in a temporary folder, its own fixed credentials. Nothing reaches AWS.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../server/config';

export async function startS3Server(bucket = 'tandem-test'): Promise<{ settings: S3Settings; stop: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'tandem-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    // s3rver's own credentials: it checks request signatures with them.
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
