import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface LoopbackS3 {
  /** S3_URL for eventline: this server, its bucket and a key prefix. */
  readonly url: string;
  readonly endpoint: string;
  readonly bucket: string;
  readonly prefix: string;
  /** Every key under the prefix, without the prefix. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, pure JS) on 127.0.0.1 with one bucket, for
 * the S3 backend's tests and benchmark: started by the test itself, so the S3
 * suite needs no outside service and always runs, in CI too.
 */
export async function startLoopbackS3(bucket = 'eventline-files', prefix = 'uploads'): Promise<LoopbackS3> {
  const dir = mkdtempSync(join(tmpdir(), 'eventline-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's one account; it checks the key id (signature v4 itself it does not verify).
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  return {
    url: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}/${prefix}?region=us-east-1&forcePathStyle=true`,
    endpoint, bucket, prefix,
    async keys() {
      const out: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/`, ...(token ? { ContinuationToken: token } : {}) }));
        for (const o of page.Contents ?? []) if (o.Key) out.push(o.Key.slice(prefix.length + 1));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out;
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
