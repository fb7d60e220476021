import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestApp, type TestApp } from '../helpers/app.js';
import { spawnProcess, type Spawned } from '../helpers/process.js';
import { startLoopbackS3, type LoopbackS3 } from '../helpers/s3.js';
import { rssOf, sampleRss, streamDownload, streamUpload } from '../helpers/upload-stream.js';

// A streaming upload never holds the whole file in memory: a 256 MB file goes
// through a real server process over HTTP, and that process's resident memory
// (sampled from /proc while the upload runs) grows by less than half the file's
// size, on both backends. A memory bound, not a timing assertion. The growth is
// a constant, not a share of the file: buffers the garbage collector has not
// yet returned (V8 lets about 64 MB of released buffers pile up before it
// collects) and, on S3, the parts of the multipart upload in flight (5 MiB, two
// at a time): 30 to 75 MB measured. So the file is large enough for that
// constant to be well under half of it. bench/files-upload.ts reports the figures (bench/README.md).

const FILE_BYTES = 256 * 1024 * 1024;
const MAX_GROWTH = FILE_BYTES / 2;
const root = process.cwd();

let t: TestApp;
let s3: LoopbackS3;
const dirs: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ build: { worker: false } });
  s3 = await startLoopbackS3('eventline-stream', 'stream');
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function server(env: Record<string, string>): Promise<{ proc: Spawned; address: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-stream-'));
  dirs.push(dataDir);
  const proc = spawnProcess(process.execPath, ['--import', 'tsx', 'test/helpers/server-process.ts', JSON.stringify(t.db.config), '600000'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, FILES_MAX_BYTES: String(FILE_BYTES), LOG_LEVEL: 'silent', DEMO: 'false', RUN_WORKER: 'false', RATE_LIMIT_ENABLED: 'false', ...env },
  });
  const [line] = await proc.waitForOutput(/\{"address":"[^"]+"\}/);
  return { proc, address: (JSON.parse(line) as { address: string }).address };
}

async function token(address: string): Promise<string> {
  const tenant = await createTenant(t.services);
  const res = await fetch(`${address}/ea/oauth2/token`, {
    method: 'POST', body: 'grant_type=client_credentials',
    headers: { authorization: `Basic ${Buffer.from(`${tenant.clientId}:${tenant.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe.each([
  { backend: 'a local directory', env: (): Record<string, string> => ({}) },
  { backend: 'S3 (loopback)', env: (): Record<string, string> => ({ S3_URL: s3.url }) },
])('a 256 MB upload to $backend', ({ env }) => {
  it('streams: the server process grows by well under the file size, and serves the same bytes back', async () => {
    const { proc, address } = await server(env());
    try {
      const pid = proc.child.pid ?? 0;
      const bearer = await token(address);
      // Warm up (modules loaded, pools open) with a small upload; then measure.
      expect((await streamUpload(address, bearer, 64 * 1024)).status).toBe(201);
      const before = rssOf(pid);
      const sampler = sampleRss(pid);
      const sent = await streamUpload(address, bearer, FILE_BYTES);
      const { peak, samples } = sampler.stop();
      expect(sent.status, sent.body).toBe(201);
      const file = JSON.parse(sent.body) as { fileSize: number; path: { href: string } };
      expect(file.fileSize).toBe(FILE_BYTES);
      const growth = peak - before;
      console.log(`[files streaming] ${JSON.stringify({ fileMB: FILE_BYTES / 2 ** 20, rssBeforeMB: +(before / 2 ** 20).toFixed(1), peakMB: +(peak / 2 ** 20).toFixed(1), growthMB: +(growth / 2 ** 20).toFixed(1), samples })}`);
      expect(samples).toBeGreaterThan(5);
      expect(growth).toBeLessThan(MAX_GROWTH);
      const href = file.path.href.replace(/^http:\/\/localhost:\d+/, address);
      const back = await streamDownload(href);
      expect(back).toEqual({ status: 200, size: FILE_BYTES, sha256: sent.sha256 });
    } finally {
      await proc.stop();
    }
  }, 240_000);
});
