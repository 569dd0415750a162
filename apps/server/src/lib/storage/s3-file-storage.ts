import type { FileStorage } from './file-storage.ts';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket's objects are readable by browsers (a CDN, or the bucket's own URL). */
  publicUrl: string;
  forcePathStyle: boolean;
}

/**
 * Uploads in S3-compatible storage (AWS S3, MinIO, R2…), for deployments with several
 * instances. The SDK is loaded only when configured: it is large, and start-up time counts.
 */
export async function createS3FileStorage(config: S3StorageConfig): Promise<FileStorage> {
  const { DeleteObjectCommand, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint && { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const prefix = `${config.publicUrl.replace(/\/$/, '')}/`;
  return {
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: bytes,
          ContentType: key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream',
          // Keys are random and never reused.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return `${prefix}${key}`;
    },
    async remove(url) {
      if (!url.startsWith(prefix)) return;
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: url.slice(prefix.length) }));
    },
    keyOf(url) {
      return url.startsWith(prefix) ? url.slice(prefix.length) : undefined;
    },
  };
}
