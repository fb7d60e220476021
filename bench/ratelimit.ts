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
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildServices } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/index.js';
import { createTenant } from '../test/helpers/app.js';
import { deleteRedisKeys, load as loadServers, rawServer, redisAnswers, startProcess, type Sample, type Server } from './lib.js';

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

const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const BASELINE_BODY = JSON.stringify({ tokenValid: true, statusCode: 200 });
const publicUrl = 'http://bench.eventline.invalid';
// Limits no run can reach, so every call takes the limiter's full path and none is refused.
const HUGE_TIERS = JSON.stringify({ Enterprise: { perDay: 1e12, perSecond: 1e9, burst: 1e9 } });

const load = (server: Server, token: string, seconds: number): Promise<Sample> =>
  loadServers([server], path, { authorization: `Bearer ${token}` }, seconds, connections);

function median(samples: readonly Sample[]): Sample {
  const sorted = [...samples].sort((a, b) => a.rps - b.rps);
  const mid = sorted[Math.floor(sorted.length / 2)];
  if (!mid) throw new Error('no samples');
  return mid;
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
    { name: 'raw node:http (no framework, same body)', start: () => rawServer(BASELINE_BODY) },
    { name: 'eventline, rate limiter off', start: () => startProcess(appArgv, { ...base, RATE_LIMIT_ENABLED: 'false' }) },
    { name: 'eventline, in-memory limiter', start: () => startProcess(appArgv, base) },
  ];
  if (await redisAnswers(redisUrl)) {
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
    await deleteRedisKeys(redisUrl, prefix);
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
