import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { FileStorageConfig } from '../config/index.js';
import { checkKey, StorageUnavailableError, type ObjectStorage, type StoredObject } from './storage.js';

export type S3StorageConfig = Extract<FileStorageConfig, { kind: 's3' }>;

// A multipart upload sends parts of this size, this many at once: what an upload
// holds in memory is about (queue + 1) parts, whatever the size of the file.
const PART_BYTES = 5 * 1024 * 1024;
const QUEUE = 2;

// The AWS SDK is loaded on first use: a server on the local directory (the
// default) and every CLI command do not pay for it (about 130 ms and 25 MB).
const loadSdk = async () => ({ ...(await import('@aws-sdk/client-s3')), ...(await import('@aws-sdk/lib-storage')) });
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...) through the AWS SDK:
 * what every process of a deployment shares. Uploads go through the SDK's
 * managed multipart upload, so a large file streams part by part; a failed
 * upload is aborted and its parts removed.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3';
  private loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;

  constructor(private readonly config: S3StorageConfig) {}

  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.loaded ??= loadSdk().then((sdk) => {
      const { config } = this;
      const options: S3ClientConfig = {
        region: config.region,
        forcePathStyle: config.forcePathStyle,
        maxAttempts: 3,
        ...(config.endpoint ? {
          endpoint: config.endpoint,
          // S3-compatible services differ in the integrity checksums they know: send and
          // check them only where the protocol requires them.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        } : {}),
        ...(config.credentials ? { credentials: { accessKeyId: config.credentials.accessKeyId, secretAccessKey: config.credentials.secretAccessKey } } : {}),
      };
      return { sdk, client: new sdk.S3Client(options) };
    });
    return this.loaded;
  }

  private key(key: string): string {
    return `${this.config.prefix}${checkKey(key)}`;
  }

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    const { sdk, client } = await this.connect();
    const upload = new sdk.Upload({
      client,
      params: { Bucket: this.config.bucket, Key: this.key(key), Body: body, ContentType: contentType },
      partSize: PART_BYTES, queueSize: QUEUE, leavePartsOnError: false,
    });
    // The body's own failure (too large, cut off) is the client's; anything else is the bucket's.
    let bodyError: unknown;
    body.once('error', (err) => { bodyError = err; });
    try {
      await upload.done();
    } catch (err) {
      // A one-part upload may have been written before the failure was seen.
      await this.delete(key).catch(() => undefined);
      throw bodyError ?? this.unavailable(err);
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const { sdk, client } = await this.connect();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) }));
      if (!(out.Body instanceof Readable)) throw new Error('the S3 client did not answer a Node.js stream');
      return { body: out.Body, size: out.ContentLength ?? 0 };
    } catch (err) {
      const missing = err instanceof sdk.NoSuchKey || (err instanceof sdk.S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404));
      if (missing) return undefined;
      throw this.unavailable(err);
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) }));
    } catch (err) {
      throw this.unavailable(err);
    }
  }

  /** HeadBucket: the bucket exists and the credentials may use it. */
  async check(): Promise<void> {
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.config.bucket }));
    } catch (err) {
      throw this.unavailable(err);
    }
  }

  /** Names the bucket, the endpoint and the S3 error (NoSuchBucket, AccessDenied, ECONNREFUSED), never the credentials. */
  private unavailable(err: unknown): StorageUnavailableError {
    const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
    const status = e.$metadata?.httpStatusCode;
    const what = status === 404 ? 'NoSuchBucket' : e.code ?? e.name ?? 'error';
    const where = this.config.endpoint ?? `AWS region ${this.config.region}`;
    return new StorageUnavailableError(`the S3 bucket '${this.config.bucket}' at ${where} cannot be used (${what}${status ? `, HTTP ${status}` : ''})`, { cause: err });
  }

  async close(): Promise<void> {
    if (this.loaded) (await this.loaded).client.destroy();
  }
}
