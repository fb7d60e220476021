// Paging measures of issue 18 (P2b, the attendees' P2, P5), each a ratio to a baseline taken in the same run.
//
//   npx tsx bench/paging.ts --quick                   # 20,000 rows against 10,000, short rounds
//   npx tsx bench/paging.ts --messages 1000000        # the issue's sizes (1M messages, 1M attendees)
//   npx tsx bench/paging.ts --only P2b,P5 --archive-seconds 60
//
// P2b: page 1 (limit 100) with N rows ÷ page 1 with 10,000 rows, p99 latency, for
//      GET /ea/logs/communications/messages, GET /ea/attendees, and GET /ea/attendees filtered by event.id.
// P2:  GET /ea/attendees?filter=event.id eq '…' over N attendees: page 10,000 (or the last page of a smaller
//      run), reached by nextToken, ÷ page 1, p99 latency.
// P5:  the archiver (src/cli/commands/archive.ts runArchive, through the SDK with its pacing) reading the N-message
//      archive from a server with the Enterprise tier's real limits (25 calls/s, burst 25): messages/s ÷ 2,500.
// SQLite only (the fixture is written with one prepared statement per table, in one transaction). The exported
// functions return rows in bench/run.ts's Row shape, so run.ts can add them to its table.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { buildServices } from '../src/app.js';
import { runArchive } from '../src/cli/commands/archive.js';
import { createClient, type EventlineClient } from '../src/client/index.js';
import { loadConfig, type Config } from '../src/config/index.js';
import { createTenant } from '../test/helpers/app.js';
import { createTestDatabaseConfig } from '../test/helpers/db.js';
import { workflowEvent } from '../test/helpers/workflow.js';
import { load, median, startProcess, type Sample, type Server } from './lib.js';

export interface Row {
  readonly measure: string;
  readonly what: string;
  readonly value: number | undefined;
  readonly goal: string;
  readonly met: boolean | undefined;
  readonly detail: string;
}

export interface PagingOptions {
  /** Rows of the large fixture (messages and attendees each); the baseline has 10,000. */
  readonly rows: number;
  readonly rounds: number;
  readonly duration: number;
  readonly warmup: number;
  readonly connections: number;
  /** How long P5's archiver runs, in seconds. */
  readonly archiveSeconds: number;
  readonly log?: (line: string) => void;
}

const BASELINE_ROWS = 10_000;
const publicUrl = 'http://bench.eventline.invalid';
const HUGE_TIERS = JSON.stringify({ Enterprise: { perDay: 1e12, perSecond: 1e9, burst: 1e9 } });
const ENV = { DEMO: 'false', LOG_LEVEL: 'info', SERVER_LOG: 'devnull', RUN_WORKER: 'false', PUBLIC_URL: publicUrl, REDIS_URL: '' };
const ENTERPRISE_MESSAGES_PER_SECOND = 25 * 100;

interface Fixture {
  readonly database: Extract<Config['database'], { dialect: 'sqlite' }>;
  readonly token: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The event holding all but 1,000 of the attendees (the filter of the filtered lists). */
  readonly bigEvent: string;
  drop(): Promise<void>;
}

/** An Enterprise account with `rows` chat messages and `rows` attendees (each with its contact) on SQLite. */
async function fixture(rows: number, log: (line: string) => void, attendees = rows): Promise<Fixture> {
  const saved = process.env['DATABASE_URL'];
  delete process.env['DATABASE_URL'];
  const { config: database, drop } = await createTestDatabaseConfig();
  if (saved !== undefined) process.env['DATABASE_URL'] = saved;
  if (database.dialect !== 'sqlite') throw new Error('bench/paging.ts writes its fixture to SQLite only');
  const services = await buildServices(loadConfig({ ...ENV, LOG_LEVEL: 'silent' }, { database }));
  const tenant = await createTenant(services, { tier: 'Enterprise' });
  const bigEvent = await workflowEvent(services, tenant.accountId);
  const smallEvent = await workflowEvent(services, tenant.accountId, 'Virtual', 'The other event');
  const { access_token: token } = await services.oauth.clientCredentials({ clientId: tenant.clientId, clientSecret: tenant.clientSecret });
  await services.accounts.setFeature(tenant.accountId, 'compliance-communications', true);
  await services.db.destroy();

  log(`writing ${rows.toLocaleString('en-US')} chat messages and ${attendees.toLocaleString('en-US')} attendees`);
  const sqlite = new SQLite(database.file);
  const account = tenant.accountId;
  const message = sqlite.prepare('insert into communication_messages (id, account_id, type, created, event_id, contact_id, payload, tags, mail_id) values (?, ?, ?, ?, ?, null, ?, ?, null)');
  const contact = sqlite.prepare(`insert into contacts (id, account_id, first_name, last_name, middle_name, email, company, title, source_id, profile, deleted, purged, created, last_modified, created_by, last_modified_by)
    values (?, ?, 'Ada', ?, null, ?, null, null, null, '{}', 0, 0, ?, ?, 'bench', 'bench')`);
  const attendee = sqlite.prepare(`insert into attendees (id, account_id, event_id, contact_id, confirmation_number, status, checked_in, check_in, check_out, duration, reference_id, note, guest, visibility,
    invited_by, response_method, registered_at, extra, created, last_modified, attendee_last_modified, created_by, last_modified_by)
    values (?, ?, ?, ?, ?, 'Accepted', 0, null, null, null, null, null, 0, null, null, null, ?, '{}', ?, ?, ?, 'bench', 'bench')`);
  // Messages of the last minutes, a millisecond apart (all within retention).
  const since = Date.now() - rows - 60_000;
  sqlite.transaction(() => {
    for (let i = 0; i < rows; i++) {
      const payload = JSON.stringify({ actionType: 'message.created', chatType: 'session', attendee: { id: randomUUID() }, message: { id: randomUUID(), textHtml: `message ${i}` } });
      message.run(randomUUID(), account, 'chat', new Date(since + i).toISOString(), bigEvent, payload, '{}');
    }
    const t = new Date().toISOString();
    for (let i = 0; i < attendees; i++) {
      const c = randomUUID();
      contact.run(c, account, `Attendee${i}`, `ada${i}@example.test`, t, t);
      attendee.run(randomUUID(), account, i < 1_000 ? smallEvent : bigEvent, c, `C${i}`, t, t, t, t);
    }
  })();
  sqlite.pragma('optimize');
  sqlite.close();
  return { database, token, clientId: tenant.clientId, clientSecret: tenant.clientSecret, bigEvent, drop };
}

const serverArgv = (database: Config['database']) => ['--import', 'tsx', 'test/helpers/server-process.ts', JSON.stringify(database), String(3_600_000)];

interface Target { readonly name: string; readonly server: Server; readonly path: string; readonly token: string; readonly samples: Sample[] }

const p99 = (t: Target) => median(t.samples.map((s) => s.p99));
const p50 = (t: Target) => median(t.samples.map((s) => s.p50));
const fmt = (n: number) => n.toLocaleString('en-US');

/** Loads every target in turn for `rounds` rounds, after a warm-up; a non-2xx answer stops the run. */
async function measure(targets: readonly Target[], o: PagingOptions): Promise<void> {
  const run = (t: Target, seconds: number) => load([t.server], t.path, { authorization: `Bearer ${t.token}` }, seconds, o.connections);
  for (const t of targets) {
    const first = await run(t, o.warmup > 0 ? o.warmup : 0.5);
    if (first.non2xx > 0 || first.errors > 0) throw new Error(`${t.name}: ${first.non2xx} non-2xx answers and ${first.errors} errors in the warm-up`);
  }
  for (let round = 1; round <= o.rounds; round++) {
    for (const t of targets) t.samples.push(await run(t, o.duration));
    o.log?.(`round ${round}/${o.rounds} done`);
  }
}

/** Follows nextToken from `path` up to page `pages` (or the last page); returns the path of the page reached. */
async function walk(server: Server, token: string, path: string, pages: number): Promise<{ page: number; path: string }> {
  const base = path.split('?')[0] ?? path;
  let url = path;
  let page = 1;
  for (; page < pages; page++) {
    const res = await fetch(`${server.address}${url}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`page ${page} of ${base} answered ${res.status}: ${await res.text()}`);
    const next = ((await res.json()) as { paging: { nextToken?: string } }).paging.nextToken;
    if (!next) break;
    url = `${base}?token=${encodeURIComponent(next)}`;
  }
  return { page, path: url };
}

/** P2b for messages and attendees, and the attendees' filtered P2, on two fixtures: `rows` and 10,000 rows. */
export async function measureP2b(o: PagingOptions, only: ReadonlySet<string> = new Set(['P2B', 'P2'])): Promise<{ rows: Row[]; targets: Target[] }> {
  const log = o.log ?? (() => undefined);
  const fixtures: Fixture[] = [];
  const servers: Server[] = [];
  try {
    const small = await fixture(BASELINE_ROWS, log);
    fixtures.push(small);
    const big = await fixture(o.rows, log);
    fixtures.push(big);
    const env = { ...process.env, ...ENV, RATE_LIMIT_TIERS: HUGE_TIERS };
    const start = async (f: Fixture) => {
      const s = await startProcess(serverArgv(f.database), env);
      servers.push(s);
      return s;
    };
    const lists = (f: Fixture) => [
      { key: 'messages', path: '/ea/logs/communications/messages?limit=100' },
      { key: 'attendees', path: '/ea/attendees?limit=100' },
      { key: 'attendees of one event', path: `/ea/attendees?limit=100&filter=${encodeURIComponent(`event.id eq '${f.bigEvent}'`)}` },
    ];
    const targets: Target[] = [];
    const pairs: Array<{ key: string; small: Target; big: Target }> = [];
    if (only.has('P2B')) {
      // Each list and size has a server of its own, so one target's heap does not land on another.
      for (const [i, l] of lists(small).entries()) {
        const b = lists(big)[i] ?? l;
        const smallT: Target = { name: `${l.key}, ${fmt(BASELINE_ROWS)} rows: page 1`, server: await start(small), path: l.path, token: small.token, samples: [] };
        const bigT: Target = { name: `${l.key}, ${fmt(o.rows)} rows: page 1`, server: await start(big), path: b.path, token: big.token, samples: [] };
        targets.push(smallT, bigT);
        pairs.push({ key: l.key, small: smallT, big: bigT });
      }
    }
    let deep: { first: Target; deep: Target; page: number } | undefined;
    if (only.has('P2')) {
      const server = await start(big);
      const path = lists(big)[2]?.path ?? '';
      log('P2 (attendees): walking by nextToken');
      const reached = await walk(server, big.token, path, Math.min(10_000, Math.floor(o.rows / 100)));
      log(`P2 (attendees): at page ${fmt(reached.page)}`);
      const first: Target = { name: `attendees of one event, ${fmt(o.rows)} rows: page 1`, server, path, token: big.token, samples: [] };
      const d: Target = { name: `attendees of one event, ${fmt(o.rows)} rows: page ${fmt(reached.page)} by nextToken`, server, path: reached.path, token: big.token, samples: [] };
      targets.push(first, d);
      deep = { first, deep: d, page: reached.page };
    }
    await measure(targets, o);
    const rows: Row[] = [];
    for (const p of pairs) {
      const r = p99(p.big) / p99(p.small);
      rows.push({
        measure: 'P2b', what: `${p.key}: page 1 at ${fmt(o.rows)} rows ÷ at ${fmt(BASELINE_ROWS)}, p99 latency`, value: r, goal: '≤ 1.5', met: r <= 1.5,
        detail: `p99 ${p99(p.big)} vs ${p99(p.small)} ms, p50 ${p50(p.big)} vs ${p50(p.small)} ms, CPU ${fmt(Math.round(median(p.big.samples.map((s) => s.cpuUs ?? Number.NaN))))} vs ${fmt(Math.round(median(p.small.samples.map((s) => s.cpuUs ?? Number.NaN))))} µs/request`,
      });
    }
    if (deep) {
      const r = p99(deep.deep) / p99(deep.first);
      rows.push({
        measure: 'P2', what: `attendees filtered by event.id (${fmt(o.rows - 1_000)} match): page ${fmt(deep.page)} ÷ page 1, p99 latency`, value: r, goal: '≤ 1.2', met: r <= 1.2,
        detail: `p99 ${p99(deep.deep)} vs ${p99(deep.first)} ms, p50 ${p50(deep.deep)} vs ${p50(deep.first)} ms`,
      });
    }
    return { rows, targets };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    for (const f of fixtures) {
      await f.drop().catch(() => undefined);
      rmSync(f.database.file, { force: true });
    }
  }
}

/** An archiver's client whose listing ends after `seconds`: runArchive then finishes as after a last page. */
function stoppingAfter(client: EventlineClient, seconds: number): EventlineClient {
  const deadline = Date.now() + seconds * 1000;
  const limited = Object.create(client) as EventlineClient;
  const pages: EventlineClient['pages'] = async function* (this: unknown, ...args: Parameters<EventlineClient['pages']>) {
    for await (const page of client.pages(...args)) {
      yield page;
      if (Date.now() >= deadline) return;
    }
  } as EventlineClient['pages'];
  return Object.assign(limited, { pages });
}

/** P5: the archiver against the Enterprise tier's real limits, messages/s ÷ 2,500. */
export async function measureP5(o: PagingOptions): Promise<{ rows: Row[] }> {
  const log = o.log ?? (() => undefined);
  const f = await fixture(o.rows, log, 0);
  const out = mkdtempSync(join(tmpdir(), 'eventline-archive-'));
  // The tier's own limits (no RATE_LIMIT_TIERS), the memory limiter.
  const server = await startProcess(serverArgv(f.database), { ...process.env, ...ENV, RATE_LIMIT_ENABLED: 'true' });
  try {
    // The SDK's paging as the archiver calls it (limit 100, its pacing from the RateLimit fields), without the
    // archive's disk writes; then the archiver itself, which also stores and fsyncs every message.
    const reader = createClient({ baseUrl: server.address, clientId: f.clientId, clientSecret: f.clientSecret });
    log(`P5: reading pages through the SDK for ${o.archiveSeconds} s`);
    let read = 0;
    let started = performance.now();
    for await (const page of stoppingAfter(reader, o.archiveSeconds).pages('/logs/communications/messages', { limit: 100 })) read += page.data.length;
    const readSeconds = (performance.now() - started) / 1000;
    // A second client: the limiter's bucket of the first has refilled by the time its token is fetched.
    await new Promise((r) => setTimeout(r, 2000));
    const client = createClient({ baseUrl: server.address, clientId: f.clientId, clientSecret: f.clientSecret });
    log(`P5: archiving for ${o.archiveSeconds} s`);
    started = performance.now();
    const result = await runArchive({ client: stoppingAfter(client, o.archiveSeconds), out });
    const seconds = (performance.now() - started) / 1000;
    const row = (what: string, n: number, secs: number): Row => {
      const rate = n / secs;
      const r = rate / ENTERPRISE_MESSAGES_PER_SECOND;
      return { measure: 'P5', what: `${what} over ${fmt(o.rows)} messages, Enterprise limits ÷ 25 calls/s × 100`, value: r, goal: '≥ 0.9', met: r >= 0.9, detail: `${fmt(n)} messages in ${secs.toFixed(1)} s = ${fmt(Math.round(rate))} messages/s` };
    };
    return { rows: [row("the SDK's pages() as the archiver pages (no disk writes)", read, readSeconds), row('the archiver (runArchive: SDK paging + the archive store, fsynced a page at a time)', result.added, seconds)] };
  } finally {
    await server.stop();
    rmSync(out, { recursive: true, force: true });
    await f.drop().catch(() => undefined);
    rmSync(f.database.file, { force: true });
  }
}

export function table(rows: readonly Row[], targets: readonly Target[] = []): string {
  const n = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? 'n/a' : v.toFixed(2));
  return [
    '| measure | what | ratio | goal | met | detail |', '| --- | --- | ---: | --- | --- | --- |',
    ...rows.map((r) => `| ${r.measure} | ${r.what} | ${n(r.value)} | ${r.goal} | ${r.met === undefined ? 'n/a' : r.met ? 'yes' : 'no'} | ${r.detail} |`),
    ...(targets.length > 0 ? ['', '| target | requests/s (median) | server CPU µs/request | p50 ms | p99 ms |', '| --- | ---: | ---: | ---: | ---: |',
      ...targets.map((t) => `| ${t.name} | ${fmt(Math.round(median(t.samples.map((s) => s.rps))))} | ${fmt(Math.round(median(t.samples.map((s) => s.cpuUs ?? Number.NaN))))} | ${p50(t)} | ${p99(t)} |`)] : []),
  ].join('\n');
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      messages: { type: 'string' },
      rounds: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string', default: '10' },
      'archive-seconds': { type: 'string' },
      only: { type: 'string', default: 'P2b,P2,P5' },
    },
  });
  const quick = args.quick === true;
  const o: PagingOptions = {
    rows: Number(args.messages ?? (quick ? 20_000 : 1_000_000)),
    rounds: Number(args.rounds ?? (quick ? 1 : 3)),
    duration: Number(args.duration ?? (quick ? 1 : 5)),
    warmup: Number(args.warmup ?? (quick ? 1 : 3)),
    connections: Number(args.connections),
    archiveSeconds: Number(args['archive-seconds'] ?? (quick ? 5 : 30)),
    log: (line) => console.error(line),
  };
  if (!(o.rows >= BASELINE_ROWS && o.rounds >= 1 && o.duration > 0 && o.connections > 0 && o.archiveSeconds > 0)) {
    throw new Error(`--messages ≥ ${BASELINE_ROWS}, --rounds ≥ 1, --duration > 0, --connections > 0, --archive-seconds > 0`);
  }
  const only = new Set(args.only.split(',').map((s) => s.trim().toUpperCase()));
  const rows: Row[] = [];
  const targets: Target[] = [];
  if (only.has('P2B') || only.has('P2')) {
    const r = await measureP2b(o, only);
    rows.push(...r.rows);
    targets.push(...r.targets);
  }
  if (only.has('P5')) rows.push(...(await measureP5(o)).rows);
  console.log(`${new Date().toISOString().slice(0, 10)}, ${fmt(o.rows)} rows, ${o.connections} connections, ${o.rounds} round(s) of ${o.duration} s after ${o.warmup} s warm-up\n`);
  console.log(table(rows, targets));
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) await main();
