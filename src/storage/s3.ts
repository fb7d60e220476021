import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client, S3ServiceException, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { FileStorageConfig } from '../config/index.js';
import { checkKey, type ObjectStorage, type StoredObject } from './storage.js';

export type S3StorageConfig = Extract<FileStorageConfig, { kind: 's3' }>;

// A multipart upload sends parts of this size, this many at once: what an upload
// holds in memory is about (queue + 1) parts, whatever the size of the file.
const PART_BYTES = 5 * 1024 * 1024;
const QUEUE = 2;

function isMissing(err: unknown): boolean {
  return err instanceof NoSuchKey || (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404));
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...) through the AWS SDK:
 * what every process of a deployment shares. Uploads go through the SDK's
 * managed multipart upload, so a large file streams part by part; a failed
 * upload is aborted and its parts removed.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
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
    this.client = new S3Client(options);
  }

  private key(key: string): string {
    return `${this.config.prefix}${checkKey(key)}`;
  }

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: this.key(key), Body: body, ContentType: contentType },
      partSize: PART_BYTES, queueSize: QUEUE, leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // A one-part upload may have been written before the failure was seen.
      await this.delete(key).catch(() => undefined);
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) }));
      if (!(out.Body instanceof Readable)) throw new Error('the S3 client did not answer a Node.js stream');
      return { body: out.Body, size: out.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
