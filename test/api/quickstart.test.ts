import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnProcess, type Spawned } from '../helpers/process.js';

const root = new URL('../..', import.meta.url).pathname;
const hasCurl = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('quick start: npm start on an empty embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-quickstart-'));
  let server: Spawned | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints a curl line that gets a token, and GET /ea/events then returns the demo event; SIGTERM shuts down cleanly', async () => {
    const port = await freePort();
    // The README's quick start, on SQLite whatever the surrounding environment says.
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env['DATABASE_URL'];
    delete env['REDIS_URL'];
    server = spawnProcess('npm', ['start', '--silent'], { cwd: root, env });
    const [curlLine] = await server.waitForOutput(/curl -s -X POST \S+ -u '[^']+' -d grant_type=client_credentials/, 90_000);
    expect(statSync(join(dataDir, 'eventline.db')).isFile()).toBe(true);
    expect(statSync(join(dataDir, 'demo-credentials.json')).mode & 0o077).toBe(0);

    let tokenJson: string;
    if (hasCurl) {
      tokenJson = execFileSync('sh', ['-c', curlLine], { encoding: 'utf8' });
    } else {
      // Same request as the printed line, for machines without curl.
      const m = /POST (\S+) -u '([^:]+):([^']+)'/.exec(curlLine);
      const res = await fetch(m?.[1] ?? '', { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${m?.[2]}:${m?.[3]}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
      tokenJson = await res.text();
    }
    const token = JSON.parse(tokenJson) as { access_token: string; token_type: string; expires_in: number };
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });

    const events = await fetch(`http://localhost:${port}/ea/events`, { headers: { authorization: `Bearer ${token.access_token}` } });
    expect(events.status).toBe(200);
    const body = (await events.json()) as { paging: { totalCount: number; limit: number; _links: { self: { href: string } } }; data: Array<{ title: string; format: string }> };
    expect(body.paging).toMatchObject({ limit: 100, totalCount: 1 });
    expect(body.data).toEqual([expect.objectContaining({ title: 'eventline Demo Summit', format: 'Hybrid' })]);

    await server.stop('SIGTERM');
    server = undefined;
  }, 120_000);

  it('shuts down gracefully on SIGTERM: exit code 0, and a restart keeps issued tokens valid', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' };
    delete env['DATABASE_URL'];
    delete env['REDIS_URL'];
    const first = spawnProcess(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: root, env });
    const [line] = await first.waitForOutput(/curl -s -X POST \S+ -u '[^']+' -d grant_type=client_credentials/, 90_000);
    const m = /POST (\S+) -u '([^:]+):([^']+)'/.exec(line);
    const res = await fetch(m?.[1] ?? '', { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${m?.[2]}:${m?.[3]}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
    const { access_token: accessToken } = (await res.json()) as { access_token: string };
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).toMatch(/shutting down/);

    const second = spawnProcess(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: root, env });
    try {
      await second.waitForOutput(/Get a token/, 90_000);
      const again = await fetch(`http://localhost:${port}/ea/token-validation`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect(again.status).toBe(200);
    } finally {
      await second.stop('SIGKILL');
    }
  }, 120_000);
});
