import type { FileStorageConfig } from '../config/index.js';
import { LocalStorage } from './local.js';
import { S3Storage } from './s3.js';
import type { ObjectStorage } from './storage.js';

export { LocalStorage } from './local.js';
export { S3Storage, type S3StorageConfig } from './s3.js';
export { StorageUnavailableError, type ObjectStorage, type StoredObject } from './storage.js';

/** The configured backend: S3 when S3_URL or S3_BUCKET is set, else the directory under DATA_DIR. */
export function createObjectStorage(config: FileStorageConfig): ObjectStorage {
  return config.kind === 's3' ? new S3Storage(config) : new LocalStorage(config.dir);
}
