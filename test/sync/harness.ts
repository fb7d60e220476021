import { fileURLToPath } from 'node:url';
import { freePort, spawnProcess, type Spawned } from '../helpers/process.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/eventline.js', import.meta.url));

export interface SimProcess {
  readonly url: string;
  readonly proc: Spawned;
  control<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

/** `eventline provider-sim` as its own process. */
export async function startSimProcess(): Promise<SimProcess> {
  const port = await freePort();
  const proc = spawnProcess(process.execPath, [BIN, 'provider-sim', '--port', String(port)], { cwd: ROOT, env: { ...process.env } });
  const m = await proc.waitForOutput(/provider-sim listening on (http:\/\/\S+)/);
  const url = m[1] ?? '';
  return {
    url, proc,
    async control<T>(method: string, path: string, body?: unknown): Promise<T> {
      const res = await fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    async stop() {
      await proc.stop();
    },
  };
}

/** `eventline sync --provider sim ...` as its own process, calling eventline with the application's credentials. */
export function spawnSync(args: string[], env: { url: string; clientId: string; clientSecret: string; simUrl: string }): Spawned {
  return spawnProcess(process.execPath, [BIN, 'sync', '--provider', 'sim', ...args], {
    cwd: ROOT,
    env: { ...process.env, EVENTLINE_URL: env.url, EVENTLINE_CLIENT_ID: env.clientId, EVENTLINE_CLIENT_SECRET: env.clientSecret, SYNC_SIM_URL: env.simUrl },
  });
}

/** The exit code once the process has ended by itself. */
export function exitCode(p: Spawned): Promise<number | null> {
  if (p.child.exitCode !== null) return Promise.resolve(p.child.exitCode);
  return new Promise((resolve) => p.child.once('exit', (code) => resolve(code)));
}
