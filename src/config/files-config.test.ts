import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';

// Where files are stored: the directory under DATA_DIR unless S3_URL or S3_BUCKET is set.

describe('files configuration', () => {
  it('defaults to DATA_DIR/files, 10 MiB and 1-hour URLs', () => {
    expect(loadConfig({ DATA_DIR: '/srv/eventline' }).files).toEqual({
      maxBytes: 10 * 1024 * 1024, urlTtlSeconds: 3600, storage: { kind: 'local', dir: resolve('/srv/eventline/files') },
    });
  });

  it('reads S3_URL: credentials (percent-decoded), endpoint scheme, bucket, prefix, region and path style', () => {
    expect(loadConfig({ S3_URL: 's3+http://AKID:se%2Fcret@127.0.0.1:9000/media/eventline/files?region=eu-west-1&forcePathStyle=true' }).files?.storage).toEqual({
      kind: 's3', endpoint: 'http://127.0.0.1:9000', bucket: 'media', prefix: 'eventline/files/', region: 'eu-west-1',
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'se/cret' }, forcePathStyle: true,
    });
    expect(loadConfig({ S3_URL: 's3://s3.eu-central-1.amazonaws.com/bucket?forcePathStyle=false', S3_REGION: 'eu-central-1' }).files?.storage).toEqual({
      kind: 's3', endpoint: 'https://s3.eu-central-1.amazonaws.com', bucket: 'bucket', prefix: '', region: 'eu-central-1', forcePathStyle: false,
    });
  });

  it('reads the S3_* variables, with AWS defaults when no endpoint is given', () => {
    expect(loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'https://minio.internal:9000/', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_PREFIX: '/up/' }).files?.storage).toEqual({
      kind: 's3', endpoint: 'https://minio.internal:9000', bucket: 'b', prefix: 'up/', region: 'us-east-1', credentials: { accessKeyId: 'k', secretAccessKey: 's' }, forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'b', S3_REGION: 'us-west-2' }).files?.storage).toEqual({ kind: 's3', bucket: 'b', prefix: '', region: 'us-west-2', forcePathStyle: false });
  });

  it('refuses settings that cannot work, with the form they should take', () => {
    for (const env of [
      { S3_URL: 'https://host/bucket' }, { S3_URL: 's3://host' }, { S3_URL: 'not a url' }, { S3_URL: 's3://key@host/bucket' },
      { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, { S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, { FILES_MAX_BYTES: '0' }, { FILES_URL_TTL_SECONDS: '1' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });
});
