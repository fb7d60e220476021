// The benchmark harness (issue 18): each measure is a ratio to a baseline taken
// in the same run, on the same machine, with rounds interleaved so background
// load hits every variant alike. Servers run in their own processes on loopback
// (test/helpers/server-process.ts, logging as `npm start` does, to /dev/null);
// autocannon runs here. Server CPU µs per request is read from /proc.
//
//   npm run bench                      # full run; rewrites the results section of bench/README.md
//   npm run bench -- --quick           # a short run (CI runs it so the harness cannot rot); README untouched
//   npm run bench -- --only P1,P3 --rounds 5 --duration 5 --no-readme
//
// PostgreSQL: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when it answers.
// Redis: REDIS_URL, else redis://127.0.0.1:6379 when it answers. Measures that need
// one that does not answer are reported as not run. Nothing here is timed in tests.
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildServices } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/index.js';
import { createTenant } from '../test/helpers/app.js';
import { createTestDatabaseConfig } from '../test/helpers/db.js';
import { sampleSession, workflowEvent } from '../test/helpers/workflow.js';
import { measureP4 } from './p4.js';
import { measureP2b, measureP5 } from './paging.js';
import { deleteRedisKeys, fastifyServer, redisInfo, handSqliteServer, load, median, rawServer, redisAnswers, root, startProcess, type Sample, type Server } from './lib.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string', default: 'P1,P2,P2B,P3,P4,P5,P6' },
    messages: { type: 'string' },
    readme: { type: 'boolean' },
    'no-readme': { type: 'boolean', default: false },
  },
});
const quick = args.quick === true;
const rounds = Number(args.rounds ?? (quick ? 1 : 3));
const duration = Number(args.duration ?? (quick ? 1 : 5));
const warmup = Number(args.warmup ?? (quick ? 1 : 3));
const connections = Number(args.connections);
const only = new Set(args.only.split(',').map((s) => s.trim().toUpperCase()));
const writeReadme = args['no-readme'] ? false : args.readme ?? !quick;
const messageCount = Number(args.messages ?? (quick ? 20_000 : 1_000_000));
if (!(duration > 0 && duration <= 60 && rounds >= 1 && rounds <= 9 && warmup >= 0 && warmup <= 30 && connections > 0 && connections <= 500)) {
  throw new Error('--duration 1-60 s, --rounds 1-9, --warmup 0-30 s, --connections 1-500');
}

const publicUrl = 'http://bench.eventline.invalid';
/** P6's offered load per process, requests/s: low enough that two processes, PostgreSQL, Redis and the load generator leave the 2 cores idle most of the time. */
const P6_RATE = 400;
/** How long each of P6's processes is loaded alone, flat out, before the rounds (tens of thousands of requests). */
const P6_WARMUP_S = 15;
// Limits no run can reach: every call takes the limiter's whole path and none is refused.
const HUGE_TIERS = JSON.stringify({ Enterprise: { perDay: 1e12, perSecond: 1e9, burst: 1e9 } });
const BASE_ENV = { DEMO: 'false', LOG_LEVEL: 'info', SERVER_LOG: 'devnull', RUN_WORKER: 'false', PUBLIC_URL: publicUrl, RATE_LIMIT_TIERS: HUGE_TIERS };

async function postgresUrl(): Promise<string | undefined> {
  const url = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface Fixture {
  readonly database: Config['database'];
  readonly token: string;
  readonly eventId: string;
  readonly accountId: string;
  drop(): Promise<void>;
}

/** An Enterprise account with one event of 100 sessions, and a bearer token for it. */
async function fixture(dialect: 'sqlite' | 'postgres', url?: string, messages = 0): Promise<Fixture> {
  const saved = process.env['DATABASE_URL'];
  if (dialect === 'postgres' && url) process.env['DATABASE_URL'] = url;
  else delete process.env['DATABASE_URL'];
  const { config: database, drop } = await createTestDatabaseConfig();
  if (saved === undefined) delete process.env['DATABASE_URL'];
  else process.env['DATABASE_URL'] = saved;
  const services = await buildServices(loadConfig({ ...BASE_ENV, LOG_LEVEL: 'silent' }, { database }));
  const tenant = await createTenant(services, { tier: 'Enterprise' });
  const eventId = await workflowEvent(services, tenant.accountId);
  const { access_token: token } = await services.oauth.clientCredentials({ clientId: tenant.clientId, clientSecret: tenant.clientSecret });
  const auth = await services.oauth.authenticate(token);
  for (let i = 0; i < 100; i++) {
    await services.sessions.create(auth, sampleSession(eventId, { title: `Session ${i + 1}`, start: `2027-03-01T${String(9 + (i % 8)).padStart(2, '0')}:00:00Z`, end: `2027-03-01T${String(10 + (i % 8)).padStart(2, '0')}:00:00Z` }) as never);
  }
  if (messages > 0) await services.accounts.setFeature(tenant.accountId, 'compliance-communications', true);
  await services.db.destroy();
  if (messages > 0) {
    if (database.dialect !== 'sqlite') throw new Error('the messages fixture is written to SQLite only');
    // Chat messages of the last hours, a millisecond apart, through one prepared statement in one transaction.
    const sqlite = new SQLite(database.file);
    const insert = sqlite.prepare('insert into communication_messages (id, account_id, type, created, event_id, contact_id, payload, tags, mail_id) values (?, ?, ?, ?, ?, null, ?, ?, null)');
    const since = Date.now() - messages - 60_000;
    sqlite.transaction(() => {
      for (let i = 0; i < messages; i++) {
        const payload = JSON.stringify({ actionType: 'message.created', chatType: 'session', attendee: { id: randomUUID() }, message: { id: randomUUID(), textHtml: `message ${i}` } });
        insert.run(randomUUID(), tenant.accountId, 'chat', new Date(since + i).toISOString(), eventId, payload, '{}');
      }
    })();
    sqlite.close();
  }
  return { database, token, eventId, accountId: tenant.accountId, drop };
}

const appArgv = (database: Config['database']) => ['--import', 'tsx', 'test/helpers/server-process.ts', JSON.stringify(database), String(3_600_000)];

interface Target {
  readonly name: string;
  readonly servers: readonly Server[];
  readonly path: string;
  readonly token?: string;
  /** Requests per second offered in all; absent: as fast as the target answers. */
  readonly rate?: number;
  readonly samples: Sample[];
}

interface Row {
  readonly measure: string;
  readonly what: string;
  readonly value: number | undefined;
  readonly goal: string;
  readonly met: boolean | undefined;
  readonly detail: string;
}

const fmt = (n: number | undefined, digits = 0) => (n === undefined || Number.isNaN(n) ? 'n/a' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }));

async function main(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0;
  const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const haveRedis = await redisAnswers(redisUrl);
  const pgUrl = only.has('P1') || only.has('P6') || only.has('P4') ? await postgresUrl() : undefined;
  const prefix = `eventline:bench:${randomUUID()}:`;
  const notes: string[] = [];
  if (!haveRedis) notes.push(`Redis at ${redisUrl} did not answer: the Redis variants were not run.`);
  if (!pgUrl && (only.has('P1') || only.has('P6') || only.has('P4'))) notes.push('PostgreSQL did not answer: the PostgreSQL variants were not run.');

  const servers: Server[] = [];
  const fixtures: Fixture[] = [];
  const targets: Target[] = [];
  const start = async (argv: string[], env: NodeJS.ProcessEnv) => {
    const s = await startProcess(argv, env);
    servers.push(s);
    return s;
  };
  const target = (name: string, on: readonly Server[], path: string, token?: string, rate?: number) => {
    const t: Target = { name, servers: on, path, ...(token ? { token } : {}), ...(rate !== undefined ? { rate } : {}), samples: [] };
    targets.push(t);
    return t;
  };

  try {
    const lite = await fixture('sqlite');
    fixtures.push(lite);
    const env = { ...process.env, ...BASE_ENV, REDIS_URL: '' };
    const liteMemory = await start(appArgv(lite.database), env);
    const eventPath = `/ea/events/${lite.eventId}`;
    const body = await (await fetch(`${liteMemory.address}${eventPath}`, { headers: { authorization: `Bearer ${lite.token}` } })).text();
    const rawProcess = await rawServer(body);
    servers.push(rawProcess);
    const raw = target('raw node:http, the same event JSON', [rawProcess], '/');
    let plainFastify: Target | undefined;
    let byHand: Target | undefined;
    if (only.has('P1')) {
      // The peers: the framework's floor, and the database's (the same read by hand).
      const f = await fastifyServer(body);
      servers.push(f);
      plainFastify = target('peer: a plain Fastify handler, the same event JSON', [f], '/');
      if (lite.database.dialect === 'sqlite') {
        const h = await handSqliteServer(lite.database.file, lite.accountId);
        servers.push(h);
        byHand = target('peer: node:http + better-sqlite3 by hand, the same read', [h], eventPath);
      }
    }
    const sqliteEvent = target('SQLite, memory limiter: GET /ea/events/{id}', [liteMemory], eventPath, lite.token);
    // Each list target has a server of its own: 100-session answers change a process's heap and garbage
    // collection, which would otherwise land on the event target it shares a process with (P3 and P6 compare those).
    const sqliteSessions = only.has('P1') ? target('SQLite, memory limiter: GET /ea/sessions?limit=100', [await start(appArgv(lite.database), env)], '/ea/sessions?limit=100', lite.token) : undefined;
    let sqliteOff: Target | undefined;
    let sqliteRedis: Target | undefined;
    if (only.has('P3')) {
      sqliteOff = target('SQLite, limiter off: GET /ea/events/{id}', [await start(appArgv(lite.database), { ...env, RATE_LIMIT_ENABLED: 'false' })], eventPath, lite.token);
      if (haveRedis) {
        sqliteRedis = target('SQLite, Redis limiter: GET /ea/events/{id}', [await start(appArgv(lite.database), { ...env, REDIS_URL: redisUrl, RATE_LIMIT_KEY_PREFIX: prefix })], eventPath, lite.token);
      }
    }
    let page1: Target | undefined;
    let deep: Target | undefined;
    let deepPage = 0;
    if (only.has('P2')) {
      console.error(`P2: writing ${messageCount.toLocaleString('en-US')} chat messages`);
      const big = await fixture('sqlite', undefined, messageCount);
      fixtures.push(big);
      const server = await start(appArgv(big.database), env);
      const list = '/ea/logs/communications/messages?limit=100';
      const headers = { authorization: `Bearer ${big.token}` };
      // Walk to page 10,000 (or the last page of a smaller run) by nextToken, as an archiver does.
      let next: string | undefined;
      let url = list;
      const pages = Math.min(10_000, Math.floor(messageCount / 100));
      for (deepPage = 1; deepPage < pages; deepPage++) {
        const res = await fetch(`${server.address}${url}`, { headers });
        if (res.status !== 200) throw new Error(`P2: page ${deepPage} answered ${res.status}: ${await res.text()}`);
        next = ((await res.json()) as { paging: { nextToken?: string } }).paging.nextToken;
        if (!next) break;
        url = `/ea/logs/communications/messages?token=${encodeURIComponent(next)}`;
      }
      console.error(`P2: at page ${deepPage}`);
      page1 = target(`SQLite, ${messageCount.toLocaleString('en-US')} messages: page 1 (totalCount from the kept count)`, [server], list, big.token);
      deep = target(`SQLite, ${messageCount.toLocaleString('en-US')} messages: page ${deepPage.toLocaleString('en-US')} by nextToken`, [server], url, big.token);
    }
    let pgEvent: Target | undefined;
    let pgSessions: Target | undefined;
    let pgOne: Target | undefined;
    let pgTwo: Target | undefined;
    let pgOneDouble: Target | undefined;
    const p6Warm: Target[] = [];
    if (pgUrl && (only.has('P1') || only.has('P6'))) {
      const pgf = await fixture('postgres', pgUrl);
      fixtures.push(pgf);
      const pgEnv = { ...env, REDIS_URL: haveRedis ? redisUrl : '', RATE_LIMIT_KEY_PREFIX: prefix };
      const one = await start(appArgv(pgf.database), pgEnv);
      const path = `/ea/events/${pgf.eventId}`;
      pgEvent = target(`PostgreSQL${haveRedis ? ' + Redis limiter' : ''}: GET /ea/events/{id}`, [one], path, pgf.token);
      if (only.has('P1')) pgSessions = target(`PostgreSQL${haveRedis ? ' + Redis limiter' : ''}: GET /ea/sessions?limit=100`, [await start(appArgv(pgf.database), pgEnv)], '/ea/sessions?limit=100', pgf.token);
      if (only.has('P6')) {
        // Each process at the same offered rate, well below what one answers: as a cluster grows to take
        // more traffic, each process keeps its share. Flat out, two servers and the load generator would
        // share the machine's 2 cores three ways, and each request's CPU time would grow with that
        // contention (and at a lower rate per process, with colder caches) rather than with anything a
        // cluster does.
        // Two processes of their own, each warmed up alone for the same time (p6Warm below): a process that
        // has answered only a few thousand requests still costs up to twice the CPU per request of one at its
        // steady state (the JIT is still at work), which compared a fresh process with a long-running one.
        const a = await start(appArgv(pgf.database), pgEnv);
        const b = await start(appArgv(pgf.database), pgEnv);
        p6Warm.push(...[a, b].map((s, i): Target => ({ name: `P6 warm-up, process ${i + 1}`, servers: [s], path, token: pgf.token, samples: [] })));
        pgOne = target(`PostgreSQL: one process at ${P6_RATE} requests/s, GET /ea/events/{id}`, [a], path, pgf.token, P6_RATE);
        pgTwo = target(`PostgreSQL: two processes at ${P6_RATE} requests/s each, GET /ea/events/{id}`, [a, b], path, pgf.token, 2 * P6_RATE);
        // Context, not a goal: the cluster's whole rate on one process. The machine carries the same load as
        // with two; one process at twice the rate serves more requests per turn of its event loop (and Redis
        // auto-pipelining batches more), so it is cheaper per request than either process of a pair.
        pgOneDouble = target(`PostgreSQL: one process at ${2 * P6_RATE} requests/s, GET /ea/events/{id}`, [a], path, pgf.token, 2 * P6_RATE);
      }
    }

    const run = (t: Target, seconds: number, rate = t.rate) => load(t.servers, t.path, t.token ? { authorization: `Bearer ${t.token}` } : {}, seconds, connections, rate);
    // Flat out, whatever the target's rate: every process's code is compiled by the JIT before it is measured.
    const warmUp = async (t: Target, seconds: number): Promise<void> => {
      const w = await run(t, seconds, undefined);
      if (w.non2xx > 0 || w.errors > 0) throw new Error(`${t.name}: ${w.non2xx} non-2xx answers and ${w.errors} errors in the warm-up`);
    };
    for (const t of targets) await warmUp(t, warmup > 0 ? warmup : 0.5);
    for (const t of p6Warm) await warmUp(t, quick ? 1 : P6_WARMUP_S);
    // P6's targets also count the work each request asks of Redis (commands on the Redis server per request,
    // a Lua script's own calls included): unlike CPU time, that does not move with what else the machine is doing.
    // (PostgreSQL's pg_stat_database is no use here: an idle backend publishes its counts up to 10 s late.)
    const work = new Map<Target, { commands: number; requests: number }>();
    const counters = async (): Promise<{ commands: number } | undefined> => {
      if (!haveRedis) return undefined;
      const info = await redisInfo(redisUrl, 'commandstats');
      return { commands: [...info.matchAll(/^cmdstat_[^:]+:calls=(\d+)/gm)].reduce((a, m) => a + Number(m[1]), 0) };
    };
    for (let round = 1; round <= rounds; round++) {
      for (const t of targets) {
        const counted = t === pgOne || t === pgTwo || t === pgOneDouble;
        const before = counted ? await counters() : undefined;
        const sample = await run(t, duration);
        t.samples.push(sample);
        const after = counted ? await counters() : undefined;
        if (before && after) {
          const w = work.get(t) ?? { commands: 0, requests: 0 };
          work.set(t, { commands: w.commands + after.commands - before.commands, requests: w.requests + sample.rps * duration });
        }
      }
      console.error(`round ${round}/${rounds} done`);
    }

    const rps = (t: Target | undefined) => (t ? median(t.samples.map((s) => s.rps)) : undefined);
    const cpu = (t: Target | undefined) => (t ? median(t.samples.map((s) => s.cpuUs ?? Number.NaN)) : undefined);
    const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined && b > 0 ? a / b : undefined);
    const rows: Row[] = [];
    const p1 = (t: Target | undefined, goal: number) => {
      if (!t) return;
      const r = ratio(rps(t), rps(raw));
      const c = cpu(t);
      rows.push({ measure: 'P1', what: `${t.name} ÷ raw`, value: r, goal: `≥ ${goal}, < 60 µs`, met: r !== undefined && c !== undefined ? r >= goal && c < 60 : undefined, detail: `${fmt(c)} µs/request` });
    };
    if (only.has('P1')) {
      for (const peer of [plainFastify, byHand]) {
        if (peer) rows.push({ measure: 'peer', what: `${peer.name} ÷ raw`, value: ratio(rps(peer), rps(raw)), goal: '', met: undefined, detail: `${fmt(cpu(peer))} µs/request` });
      }
      p1(sqliteEvent, 0.5);
      p1(sqliteSessions, 0.5);
      p1(pgEvent, 0.3);
      p1(pgSessions, 0.3);
    }
    if (only.has('P2') && page1 && deep) {
      const p99 = (t: Target) => median(t.samples.map((x) => x.p99));
      const p50 = (t: Target) => median(t.samples.map((x) => x.p50));
      const r = ratio(p99(deep), p99(page1));
      rows.push({ measure: 'P2', what: `page ${deepPage.toLocaleString('en-US')} ÷ page 1, p99 latency`, value: r, goal: '≤ 1.2', met: r === undefined ? undefined : r <= 1.2, detail: `p99 ${p99(deep)} vs ${p99(page1)} ms, p50 ${p50(deep)} vs ${p50(page1)} ms` });
    }
    if (only.has('P3')) {
      const memory = ratio(rps(sqliteEvent), rps(sqliteOff));
      rows.push({ measure: 'P3', what: 'memory limiter ÷ limiter off (requests/s)', value: memory, goal: '≥ 0.95', met: memory === undefined ? undefined : memory >= 0.95, detail: `CPU ${fmt(cpu(sqliteEvent))} vs ${fmt(cpu(sqliteOff))} µs/request` });
      if (sqliteRedis) {
        const redis = ratio(rps(sqliteRedis), rps(sqliteOff));
        rows.push({ measure: 'P3', what: 'Redis limiter ÷ limiter off (requests/s)', value: redis, goal: '≥ 0.85', met: redis === undefined ? undefined : redis >= 0.85, detail: `CPU ${fmt(cpu(sqliteRedis))} vs ${fmt(cpu(sqliteOff))} µs/request` });
      }
    }
    if (only.has('P6') && pgTwo && pgOne) {
      const r = ratio(cpu(pgTwo), cpu(pgOne));
      const per = (t: Target) => {
        const w = work.get(t);
        return w && w.requests > 0 ? `${(w.commands / w.requests).toFixed(2)} Redis commands per request` : 'n/a';
      };
      rows.push({
        measure: 'P6', what: `two processes ÷ one at ${P6_RATE} requests/s per process, server CPU µs/request`, value: r, goal: '≤ 1.15', met: r === undefined ? undefined : r <= 1.15,
        detail: `${fmt(cpu(pgTwo))} vs ${fmt(cpu(pgOne))} µs/request; work: two ${per(pgTwo)}, one ${per(pgOne)}`,
      });
      if (pgOneDouble) {
        const c = ratio(cpu(pgTwo), cpu(pgOneDouble));
        rows.push({
          measure: 'P6 context', what: `two processes at ${P6_RATE} requests/s each ÷ one process at ${2 * P6_RATE} requests/s (the same load on the machine), server CPU µs/request`,
          value: c, goal: '', met: undefined,
          detail: `${fmt(cpu(pgTwo))} vs ${fmt(cpu(pgOneDouble))} µs/request; work: one at ${2 * P6_RATE} ${per(pgOneDouble)}`,
        });
      }
    }

    // P4 runs after the load rounds, in this process on throwaway databases, with every server idle.
    if (only.has('P4')) {
      await Promise.all(servers.splice(0).map((x) => x.stop()));
      const goals = { sqlite: 500, postgres: 300 } as const;
      for (const dialect of ['sqlite', ...(pgUrl ? ['postgres' as const] : [])] as const) {
        console.error(`P4: bulk obfuscation on ${dialect}`);
        const [job, erasers] = await measureP4({ dialect, quick, ...(dialect === 'postgres' && pgUrl ? { url: pgUrl } : {}) });
        if (!job || !erasers) continue;
        rows.push({
          measure: 'P4', what: `bulk obfuscation, ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: contacts/s (${fmt(job.contacts)} contacts of about 10 rows each)`,
          value: job.contactsPerSecond, goal: `≥ ${goals[dialect]}/s`, met: job.contactsPerSecond >= goals[dialect],
          detail: `${fmt(job.ratio, 2)} of the erasers alone (${fmt(erasers.contactsPerSecond)}/s)`,
        });
      }
    }

    // P2b (page 1 at N rows ÷ at 10,000, messages and attendees), the attendees' filtered P2, and P5 (the
    // archiver under the Enterprise limits): their own fixtures and servers, after the rounds above.
    if (only.has('P2B') || only.has('P5')) {
      const o = {
        rows: messageCount, rounds, duration, warmup, connections,
        archiveSeconds: quick ? 5 : 30, log: (line: string) => console.error(line),
      };
      if (only.has('P2B')) rows.push(...(await measureP2b(o, new Set(['P2B', ...(only.has('P2') ? ['P2'] : [])]))).rows);
      if (only.has('P5')) rows.push(...(await measureP5(o)).rows);
    }

    const cpuInfo = cpus();
    const when = `${new Date().toISOString().slice(0, 10)}, ${cpuInfo.length} × ${cpuInfo[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
      `${connections} connections, ${rounds} round(s) of ${duration} s per target after ${warmup} s warm-up; load average before/after ${loadBefore.toFixed(1)}/${(loadavg()[0] ?? 0).toFixed(1)}`;
    const lines = [
      when, '',
      '| measure | what | figure | goal | met | detail |', '| --- | --- | ---: | --- | --- | --- |',
      ...rows.map((r) => `| ${r.measure} | ${r.what} | ${fmt(r.value, r.value !== undefined && r.value >= 100 ? 0 : 2)} | ${r.goal} | ${r.met === undefined ? 'n/a' : r.met ? 'yes' : 'no'} | ${r.detail} |`),
      '', '| target | requests/s (median) | range over rounds | server CPU µs/request | p50 ms | p99 ms |', '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...targets.map((t) => {
        const all = t.samples.map((s) => Math.round(s.rps));
        return `| ${t.name} | ${fmt(rps(t))} | ${Math.min(...all)}–${Math.max(...all)} | ${fmt(cpu(t))} | ${median(t.samples.map((s) => s.p50))} | ${median(t.samples.map((s) => s.p99))} |`;
      }),
      ...(notes.length > 0 ? ['', ...notes] : []),
    ];
    console.log(lines.join('\n'));
    if (writeReadme) {
      const file = join(root, 'bench/README.md');
      const readme = readFileSync(file, 'utf8');
      const section = `<!-- bench:start -->\n${lines.join('\n')}\n<!-- bench:end -->`;
      const next = readme.includes('<!-- bench:start -->') ? readme.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, section) : `${readme}\n${section}\n`;
      writeFileSync(file, next);
      console.error('bench/README.md updated');
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    for (const f of fixtures) await f.drop().catch(() => undefined);
    if (haveRedis) await deleteRedisKeys(redisUrl, prefix);
    for (const f of fixtures) if (f.database.dialect === 'sqlite') rmSync(f.database.file, { force: true });
  }
}

await main();
