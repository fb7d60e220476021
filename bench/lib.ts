// What the load benchmarks share: server processes on loopback, autocannon
// rounds, and the server's own CPU time read from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';

export const root = fileURLToPath(new URL('../', import.meta.url));

export interface Server {
  readonly address: string;
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

/** CPU time (user + system) a process has used, in seconds; undefined where there is no /proc. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime in clock ticks (USER_HZ = 100)
  } catch {
    return undefined;
  }
}

/** Starts `node <argv>` and waits for the {"address": "..."} line it prints; its other output is drained. */
export function startProcess(argv: string[], env: NodeJS.ProcessEnv): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, argv, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let found = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      if (found) return;
      out += d.toString('utf8');
      const m = /\{"address":"([^"]+)"\}/.exec(out);
      if (!m?.[1]) return;
      found = true;
      out = '';
      clearTimeout(timer);
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      resolve({ address: m[1], pid: child.pid, stop: async () => { child.kill('SIGTERM'); await exited; } });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => { if (!found) out += d.toString('utf8'); });
    child.once('exit', (code) => { clearTimeout(timer); if (!found) reject(new Error(`server exited (${String(code)}):\n${out}`)); });
  });
}

/** A raw node:http server answering `body` as JSON: the ceiling of this machine and client. */
export function rawServer(body: string): Promise<Server> {
  const script = `
const http = require('node:http');
const body = ${JSON.stringify(body)};
const server = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }); res.end(body); });
server.listen(0, '127.0.0.1', () => { console.log(JSON.stringify({ address: 'http://127.0.0.1:' + server.address().port })); });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;
  return startProcess(['-e', script], process.env);
}

export interface Sample {
  readonly rps: number;
  /** Server CPU per answered request, µs (all the target's servers together). */
  readonly cpuUs: number | undefined;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

/** One round of load on `servers` (connections spread over them), `seconds` long. */
export async function load(servers: readonly Server[], path: string, headers: Record<string, string>, seconds: number, connections: number, rate?: number): Promise<Sample> {
  const before = servers.map((s) => cpuSeconds(s.pid));
  // autocannon spreads the connections over several URLs (its types know only one).
  const urls = servers.map((s) => `${s.address}${path}`);
  // `rate`: requests per second in all, offered whatever the answers' pace (not as fast as possible).
  const r = await autocannon({ url: (urls.length === 1 ? urls[0] : urls) as string, connections, duration: seconds, headers, ...(rate !== undefined ? { overallRate: rate } : {}) });
  const after = servers.map((s) => cpuSeconds(s.pid));
  let cpu: number | undefined = 0;
  for (const [i, b] of before.entries()) {
    const a = after[i];
    cpu = cpu === undefined || a === undefined || b === undefined ? undefined : cpu + (a - b);
  }
  const cpuUs = cpu !== undefined && r.requests.total > 0 ? (cpu * 1e6) / r.requests.total : undefined;
  return { rps: r.requests.average, cpuUs, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** One section of Redis's INFO (e.g. commandstats). */
export async function redisInfo(url: string, section: string): Promise<string> {
  const redis = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    return await redis.info(section);
  } finally {
    redis.disconnect();
  }
}

export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  const keys = await redis.keys(`${prefix}*`).catch(() => []);
  if (keys.length > 0) await redis.del(...keys).catch(() => 0);
  redis.disconnect();
}

/** A plain Fastify app answering `body` from one route, logger off: the framework's floor. */
export function fastifyServer(body: string): Promise<Server> {
  const script = `
import Fastify from 'fastify';
const body = ${JSON.stringify(body)};
const app = Fastify({ logger: false });
app.get('/', async (req, reply) => reply.type('application/json; charset=utf-8').send(body));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ address }));
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;
  return startProcess(['--input-type=module', '-e', script], process.env);
}

/**
 * node:http and better-sqlite3 by hand: the event's row read with one prepared statement by account and id,
 * its JSON columns parsed and the answer stringified: the database's floor for GET /ea/events/{id}.
 */
export function handSqliteServer(file: string, accountId: string): Promise<Server> {
  const script = `
const http = require('node:http');
const Database = require('better-sqlite3');
const db = new Database(${JSON.stringify(file)}, { readonly: true });
const find = db.prepare('select * from events where account_id = ? and id = ?');
const accountId = ${JSON.stringify(accountId)};
const server = http.createServer((req, res) => {
  const id = req.url.split('/').pop();
  const row = find.get(accountId, id);
  if (!row) { res.writeHead(404); res.end(); return; }
  const body = JSON.stringify({ ...row, languages: JSON.parse(row.languages), venues: JSON.parse(row.venues), planners: JSON.parse(row.planners) });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => { console.log(JSON.stringify({ address: 'http://127.0.0.1:' + server.address().port })); });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;
  return startProcess(['-e', script], process.env);
}
