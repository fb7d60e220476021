import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTenant, startTestApp, tokenFor } from '../helpers/app.js';
import { fileBackendSuite } from '../helpers/file-suite.js';
import { fileForm } from '../helpers/files.js';
import { startLoopbackS3, type LoopbackS3 } from '../helpers/s3.js';

// Files on the S3 backend, against a real S3-protocol server on loopback that
// the suite starts itself (no outside service: it always runs, in CI too).
// DATA_DIR points at an empty directory that must stay empty.

const dataDir = mkdtempSync(join(tmpdir(), 'eventline-files-s3-'));
let s3: LoopbackS3 | undefined;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

fileBackendSuite('an S3 bucket (S3 protocol on loopback)', async () => {
  s3 = await startLoopbackS3();
  const server = s3;
  return { kind: 's3', env: { DATA_DIR: dataDir, S3_URL: server.url }, objects: () => server.keys() };
}, async () => {
  await s3?.close();
});

describe('the S3 backend with a multipart upload', () => {
  it('aborts a file that passes the limit after some parts were sent, and leaves no object behind', async () => {
    const server = await startLoopbackS3('eventline-big', 'big');
    const limit = 12 * 1024 * 1024;
    const t = await startTestApp({ env: { DATA_DIR: dataDir, S3_URL: server.url, FILES_MAX_BYTES: String(limit) } });
    try {
      const token = await tokenFor(t.app, await createTenant(t.services));
      const send = (size: number) => {
        const { payload, headers } = fileForm('big.txt', Buffer.alloc(size, 'x'));
        return t.app.inject({ method: 'POST', url: '/ea/files', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
      };
      const over = await send(limit + 1);
      expect(over.statusCode, over.body).toBe(413);
      expect(await server.keys()).toEqual([]);
      expect(await t.services.db.db.selectFrom('files').select('id').execute()).toEqual([]);
      // Just at the limit: three parts of a multipart upload, put together.
      const ok = await send(limit);
      expect(ok.statusCode, ok.body).toBe(201);
      const id = (ok.json() as { id: string }).id;
      expect((await server.keys()).map((k) => k.split('/')[1])).toEqual([id]);
    } finally {
      await t.close();
      await server.close();
    }
  }, 60_000);
});

describe('the S3 backend without its bucket', () => {
  it('says so at check(), answers uploads 503 with Retry-After in the error shape, and stores no row', async () => {
    const server = await startLoopbackS3('eventline-present', 'p');
    const url = server.url.replace('/eventline-present/', '/eventline-missing/');
    const t = await startTestApp({ env: { DATA_DIR: dataDir, S3_URL: url } });
    try {
      await expect(t.services.files.storage.check()).rejects.toThrow(/the S3 bucket 'eventline-missing' at http:\/\/127\.0\.0\.1:\d+ cannot be used \(NoSuchBucket/);
      const token = await tokenFor(t.app, await createTenant(t.services));
      const { payload, headers } = fileForm('notes.txt', Buffer.from('hello\n'));
      const res = await t.app.inject({ method: 'POST', url: '/ea/files', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ code: 503, message: 'The file storage is not reachable; try again later' });
      expect(res.body).not.toContain('S3RVER');
      expect(await t.services.db.db.selectFrom('files').select('id').where('status', '=', 'stored').execute()).toEqual([]);
      // The bucket that exists passes the same check.
      const ok = await startTestApp({ env: { DATA_DIR: dataDir, S3_URL: server.url } });
      try {
        await expect(ok.services.files.storage.check()).resolves.toBeUndefined();
      } finally {
        await ok.close();
      }
    } finally {
      await t.close();
      await server.close();
    }
  }, 60_000);
});
