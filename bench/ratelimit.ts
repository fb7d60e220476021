// Throughput of one authenticated endpoint with the rate limiter off, in
// memory and in Redis, next to a raw node:http server answering the same body.
// Each server runs in its own process on loopback; autocannon runs here.
//
//   npx tsx bench/ratelimit.ts [--duration 5] [--rounds 3] [--connections 10] [--path /ea/token-validation]
//
// All servers stay up while the variants are measured in turn, round after
// round, and each row reports the median round (and the range): on a shared
// machine this keeps background load from landing on one variant only.
//
// REDIS_URL (default redis://127.0.0.1:6379) is used for the Redis variant,
// which is skipped when Redis does not answer. DATABASE_URL switches the
// database to PostgreSQL as for the server. Nothing here is timed in tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { buildServices } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/index.js';
import { createTenant } from '../test/helpers/app.js';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    path: { type: 'string', default: '/ea/token-validation' },
  },
});
const duration = Number(args.duration);
const rounds = Number(args.rounds);
const warmup = Number(args.warmup);
const connections = Number(args.connections);
const path = args.path;
if (!(duration > 0 && duration <= 60 && rounds >= 1 && rounds <= 9 && warmup >= 0 && warmup <= 30 && connections > 0 && connections <= 500)) {
  throw new Error('--duration 1-60 s, --rounds 1-9, --warmup 0-30 s, --connections 1-500');
}

const root = fileURLToPath(new URL('../', import.meta.url));
const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const publicUrl = 'http://bench.eventline.invalid';
// Limits no run can reach, so every call takes the limiter's full path and none is refused.
const HUGE_TIERS = JSON.stringify({ Enterprise: { perDay: 1e12, perSecond: 1e9, burst: 1e9 } });

interface Server {
  readonly address: string;
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

// CPU time the server process has used (user + system), from /proc; undefined where there is no /proc.
// It counts only the server's own work, so it moves much less with other load on the machine than requests/s.
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime in clock ticks (USER_HZ = 100)
  } catch {
    return undefined;
  }
}

function startProcess(argv: string[], env: NodeJS.ProcessEnv): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, argv, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString('utf8');
      const m = /\{"address":"([^"]+)"\}/.exec(out);
      if (!m?.[1]) return;
      clearTimeout(timer);
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      resolve({ address: m[1], pid: child.pid, stop: async () => { child.kill('SIGTERM'); await exited; } });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => { out += d.toString('utf8'); });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited (${String(code)}):\n${out}`)); });
  });
}

const BASELINE = `
const http = require('node:http');
const body = JSON.stringify({ tokenValid: true, statusCode: 200 });
const server = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }); res.end(body); });
server.listen(0, '127.0.0.1', () => { console.log(JSON.stringify({ address: 'http://127.0.0.1:' + server.address().port })); });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

interface Sample {
  readonly rps: number;
  /** Server CPU per answered request, µs. */
  readonly cpuUs: number | undefined;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

async function load(server: Server, token: string, seconds: number): Promise<Sample> {
  const cpu0 = cpuSeconds(server.pid);
  const r = await autocannon({ url: `${server.address}${path}`, connections, duration: seconds, headers: { authorization: `Bearer ${token}` } });
  const cpu1 = cpuSeconds(server.pid);
  const cpuUs = cpu0 !== undefined && cpu1 !== undefined && r.requests.total > 0 ? ((cpu1 - cpu0) * 1e6) / r.requests.total : undefined;
  return { rps: r.requests.average, cpuUs, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

function median(samples: readonly Sample[]): Sample {
  const sorted = [...samples].sort((a, b) => a.rps - b.rps);
  const mid = sorted[Math.floor(sorted.length / 2)];
  if (!mid) throw new Error('no samples');
  return mid;
}

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
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

async function main(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0;
  const databaseUrl = process.env['DATABASE_URL'];
  const dir = mkdtempSync(join(tmpdir(), 'eventline-bench-'));
  const database: Config['database'] = databaseUrl ? { dialect: 'postgres', url: databaseUrl } : { dialect: 'sqlite', file: join(dir, 'eventline.db') };
  const env = { DEMO: 'false', LOG_LEVEL: 'silent', RUN_WORKER: 'false', PUBLIC_URL: publicUrl, RATE_LIMIT_TIERS: HUGE_TIERS };
  const services = await buildServices(loadConfig(env, { database }));
  const tenant = await createTenant(services, { tier: 'Enterprise' });
  const { access_token: token } = await services.oauth.clientCredentials({ clientId: tenant.clientId, clientSecret: tenant.clientSecret });
  await services.db.destroy();

  const prefix = `eventline:bench:${randomUUID()}:`;
  const appArgv = ['--import', 'tsx', 'test/helpers/server-process.ts', JSON.stringify(database)];
  const base = { ...process.env, ...env, REDIS_URL: '' };
  const variants: Array<{ name: string; start: () => Promise<Server> }> = [
    { name: 'raw node:http (no framework, same body)', start: () => startProcess(['-e', BASELINE], process.env) },
    { name: 'eventline, rate limiter off', start: () => startProcess(appArgv, { ...base, RATE_LIMIT_ENABLED: 'false' }) },
    { name: 'eventline, in-memory limiter', start: () => startProcess(appArgv, base) },
  ];
  if (await redisAnswers()) {
    variants.push({ name: 'eventline, Redis limiter', start: () => startProcess(appArgv, { ...base, REDIS_URL: redisUrl, RATE_LIMIT_KEY_PREFIX: prefix }) });
  } else {
    console.error(`Redis at ${redisUrl} does not answer: the Redis variant is skipped`);
  }

  const servers: Server[] = [];
  const samples = variants.map(() => [] as Sample[]);
  try {
    for (const v of variants) servers.push(await v.start());
    for (const server of servers) if (warmup > 0) await load(server, token, warmup);
    for (let round = 1; round <= rounds; round++) {
      for (const [i, server] of servers.entries()) samples[i]?.push(await load(server, token, duration));
      console.error(`round ${round}/${rounds} done`);
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => undefined);
    const keys = await redis.keys(`${prefix}*`).catch(() => []);
    if (keys.length > 0) await redis.del(...keys).catch(() => 0);
    redis.disconnect();
    rmSync(dir, { recursive: true, force: true });
  }

  const cpu = cpus();
  console.log(`GET ${path}, ${connections} connections, ${rounds} rounds of ${duration} s per variant after ${warmup} s warm-up, loopback; ` +
    `${new Date().toISOString().slice(0, 10)}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${database.dialect}; ` +
    `load average before/after ${loadBefore.toFixed(1)}/${(loadavg()[0] ?? 0).toFixed(1)}\n`);
  console.log('| server | requests/s (median round) | range over rounds | server CPU µs/request (median) | p50 ms | p99 ms | non-2xx | errors |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [i, v] of variants.entries()) {
    const all = samples[i] ?? [];
    const m = median(all);
    const rps = all.map((s) => Math.round(s.rps));
    const bad = all.reduce((n, s) => n + s.non2xx, 0);
    const errors = all.reduce((n, s) => n + s.errors, 0);
    const cpu = all.map((s) => s.cpuUs).filter((c): c is number => c !== undefined).sort((a, b) => a - b);
    const cpuMedian = cpu.length > 0 ? String(Math.round(cpu[Math.floor(cpu.length / 2)] ?? 0)) : 'n/a';
    console.log(`| ${v.name} | ${Math.round(m.rps)} | ${Math.min(...rps)}–${Math.max(...rps)} | ${cpuMedian} | ${m.p50} | ${m.p99} | ${bad} | ${errors} |`);
  }
}

await main();
