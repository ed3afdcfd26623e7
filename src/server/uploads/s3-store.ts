import 'server-only';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import { checkKey, sha256Hex, type UploadStore } from './upload-store';

type Sdk = typeof import('@aws-sdk/client-s3');

const notFound = (err: unknown) =>
  err instanceof Error &&
  (err.name === 'NoSuchKey' ||
    err.name === 'NotFound' ||
    (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

/**
 * Pictures in an S3-compatible bucket (S3_BUCKET). The SDK is loaded on first use, so an install that keeps
 * pictures in the database never loads it. Credentials are always explicit (from the environment through
 * the config): the SDK's default chain would otherwise try files and the instance metadata service.
 */
export function createS3Store(s: S3Settings): UploadStore {
  let opened: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const open = () =>
    (opened ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: s.region,
        ...(s.endpoint ? { endpoint: s.endpoint } : {}),
        forcePathStyle: s.forcePathStyle,
        credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
        // A store that does not answer soon makes /uploads answer 503 rather than hold the request.
        maxAttempts: 2,
        requestHandler: { connectionTimeout: 2000, requestTimeout: 10_000, throwOnRequestTimeout: true },
        // Checksums only where S3 requires them: many S3-compatible servers refuse the newer trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = s.bucket;
  return {
    async put(key, bytes, contentType) {
      const { sdk, client } = await open();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
          Metadata: { sha256: sha256Hex(bytes) },
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await open();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key: checkKey(key) }));
        const bytes = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
        // An object put by another tool may lack the metadata: its hash is then computed here.
        const sha256 = /^[0-9a-f]{64}$/.test(out.Metadata?.sha256 ?? '') ? out.Metadata!.sha256! : sha256Hex(bytes);
        return { bytes, contentType: out.ContentType ?? 'application/octet-stream', size: bytes.byteLength, sha256 };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async has(key) {
      const { sdk, client } = await open();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      const { sdk, client } = await open();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
  };
}
