import { publicKeyOf, type FileStorage } from './file-storage.ts';
import type { PrivateFileStorage } from './private-file-storage.ts';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket's objects are readable by browsers (a CDN, or the bucket's own URL). */
  publicUrl: string;
  forcePathStyle: boolean;
  /** Where private files go (S3_PRIVATE_BUCKET, else the same bucket under private/). */
  privateBucket: string;
}

async function createClient(config: S3StorageConfig) {
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    region: config.region,
    ...(config.endpoint && { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  return { sdk, client };
}

type S3Client = Awaited<ReturnType<typeof createClient>>['client'];
type GetObject = InstanceType<Awaited<ReturnType<typeof createClient>>['sdk']['GetObjectCommand']>;

/** An object's bytes, or undefined when there is none. */
async function readObject(client: S3Client, command: GetObject, NoSuchKey: abstract new (...args: never[]) => Error) {
  try {
    const reply = await client.send(command);
    return reply.Body ? Buffer.from(await reply.Body.transformToByteArray()) : undefined;
  } catch (error) {
    if (error instanceof NoSuchKey) return undefined;
    throw error;
  }
}

/**
 * Uploads in S3-compatible storage (AWS S3, MinIO, R2…), for deployments with several
 * instances. The SDK is loaded only when configured: it is large, and start-up time counts.
 */
export async function createS3FileStorage(config: S3StorageConfig): Promise<FileStorage> {
  const {
    sdk: { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand },
    client,
  } = await createClient(config);
  const prefix = `${config.publicUrl.replace(/\/$/, '')}/`;
  return {
    async put(kind, name, bytes) {
      const key = publicKeyOf(kind, name);
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
    async read(key) {
      return readObject(client, new GetObjectCommand({ Bucket: config.bucket, Key: key }), NoSuchKey);
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

/**
 * Private files in S3: objects with a private ACL under `private/`, read back through the SDK
 * with the server's credentials; no URL to them is ever handed out. Give browsers read access to
 * the public prefixes only (or set S3_PRIVATE_BUCKET to a bucket with no public policy).
 */
export async function createS3PrivateStorage(config: S3StorageConfig): Promise<PrivateFileStorage> {
  const {
    sdk: { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand },
    client,
  } = await createClient(config);
  const bucket = config.privateBucket;
  const objectKey = (key: string) => `private/${key}`;
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ACL: 'private',
          CacheControl: 'private, no-store',
        }),
      );
    },
    async read(key) {
      return readObject(client, new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }), NoSuchKey);
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}
