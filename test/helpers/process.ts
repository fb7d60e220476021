import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface Spawned {
  readonly child: ChildProcess;
  output(): string;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Spawns a command in its own process group so stop() also ends its children (npm -> node). */
export function spawnProcess(command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Spawned {
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => { out += d.toString('utf8'); });
  child.stderr?.on('data', (d: Buffer) => { out += d.toString('utf8'); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    async waitForOutput(pattern, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const m = out.match(pattern);
        if (m) return m;
        if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before printing ${pattern}:\n${out}`);
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.pid) {
        try {
          process.kill(-child.pid, signal);
        } catch {
          // already gone
        }
      }
      return exited;
    },
  };
}

/**
 * Starts `count` real server processes (test/helpers/server-process.ts) on one database, with `env` added to this
 * process's environment, and waits for the address each prints. Stop them with `stop()` on each.
 */
export async function startServerProcesses(count: number, database: unknown, env: NodeJS.ProcessEnv): Promise<{ servers: Spawned[]; addresses: string[] }> {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const servers = Array.from({ length: count }, () => spawnProcess(process.execPath, ['--import', 'tsx', 'test/helpers/server-process.ts', JSON.stringify(database)], { cwd: root, env: { ...process.env, ...env } }));
  const addresses = await Promise.all(servers.map(async (s) => (JSON.parse((await s.waitForOutput(/\{"address":"[^"]+"\}/))[0]) as { address: string }).address));
  return { servers, addresses };
}
