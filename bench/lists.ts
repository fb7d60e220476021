// P7 (issue 37, "lists that stay fast at a million rows"): contacts loaded through the API, and filtered contact
// lists at 10,000 and at 1,000,000 contacts, on SQLite and on PostgreSQL.
//
//   npm run bench:lists                        # 1,000,000 contacts against 10,000; rewrites the results in bench/README.md
//   npm run bench:lists -- --quick             # 20,000 against 10,000, fewer calls; README untouched
//   npx tsx bench/lists.ts --dialect sqlite --contacts 200000 --calls 100 --no-readme
//
// 1. Bulk load: `POST /ea/contacts` (the multi-status form, 10 contacts per request) from --clients concurrent
//    clients against a server process (test/helpers/server-process.ts, rate limits off for the load), in contacts/s,
//    over the API load and over its first 10,000 contacts. SQLite: the 10,000 fixture goes wholly through the API;
//    the large one until --sqlite-api contacts (100,000) or --api-seconds (420 s): a million through the API takes
//    over 8 minutes at the ~2,000/s it might reach; then SQL writes the rest with the trigram index's queue triggers
//    set aside and the index rebuilt (both fixtures' alike). PostgreSQL: the first --pg-api contacts of the large
//    fixture go through the API (its rate is reported), the rest, and the whole 10,000 fixture, are written with SQL
//    (INSERT ... SELECT FROM unnest(...)), then VACUUM ANALYZE: a million through the API would take over 20 minutes.
// 2. Filtered lists: for each filter, sequential calls interleaved between a server on the 10,000 fixture and one on
//    the large fixture (each its own process, started after the load: SQLite's PRAGMA optimize at start gathers the
//    planner's statistics), `limit=100`, p50/p99 of the calls' latency as this process sees it, and the server's CPU
//    per call from /proc (PostgreSQL: the Node process plus its backends in pg_stat_activity).
// 3. The plans the databases chose at the large size (EXPLAIN QUERY PLAN / EXPLAIN ANALYZE of the queries the list ran),
//    printed to stdout.
//
// The values are varied and deterministic (a PRNG per contact index): first and last names from lists of a few
// hundred, last names with a random suffix half the time, unique emails, companies, phones. One known contact in
// the middle of each fixture carries values nobody else has (its email, last name, a first name part and a company),
// and 1% of the contacts share the first name "Marisol" (the "common" filter). Nothing here is timed in tests.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CompiledQuery } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildApp, buildServices } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/index.js';
import { createDb } from '../src/db/index.js';
import { newId } from '../src/db/ids.js';
import { createTenant } from '../test/helpers/app.js';
import { createTestDatabaseConfig } from '../test/helpers/db.js';
import { workflowEvent } from '../test/helpers/workflow.js';
import { cpuSeconds, root, startProcess, type Server } from './lib.js';
import { seededRandom } from '../src/seeded-random.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    contacts: { type: 'string' },
    baseline: { type: 'string', default: '10000' },
    'pg-api': { type: 'string' },
    'sqlite-api': { type: 'string' },
    'api-seconds': { type: 'string' },
    clients: { type: 'string', default: '8' },
    calls: { type: 'string' },
    'scan-calls': { type: 'string' },
    dialect: { type: 'string', default: 'sqlite,postgres' },
    url: { type: 'string' },
    readme: { type: 'boolean' },
    'no-readme': { type: 'boolean', default: false },
    'stall-seconds': { type: 'string' },
  },
});
const quick = args.quick === true;
const BIG = Number(args.contacts ?? (quick ? 20_000 : 1_000_000));
const SMALL = Number(args.baseline);
const PG_API = Math.min(BIG, Number(args['pg-api'] ?? (quick ? 2_000 : 20_000)));
// The large fixture's API load stops at this many contacts or this many seconds, whichever comes first, and SQL
// writes the rest (a million through the API would take the better part of an hour on a busy machine).
const SQLITE_API = Math.min(BIG, Number(args['sqlite-api'] ?? 100_000));
const API_SECONDS = Number(args['api-seconds'] ?? 420);
const CLIENTS = Number(args.clients);
const CALLS = Number(args.calls ?? (quick ? 40 : 300));
const SCAN_CALLS = Number(args['scan-calls'] ?? (quick ? 5 : 15));
const BATCH = 10; // MAX_BULK_CONTACTS: the multi-status form's limit
const FIRST_SPAN = 10_000;
const EVENTS = 10;
const writeReadme = args['no-readme'] ? false : args.readme ?? !quick;
const dialects = (args.dialect ?? '').split(',').map((d) => d.trim()).filter((d): d is Dialect => d === 'sqlite' || d === 'postgres');
if (!(BIG >= SMALL && SMALL >= 1000 && BIG % BATCH === 0 && SMALL % BATCH === 0 && CLIENTS >= 1 && CLIENTS <= 64 && CALLS >= 5)) {
  throw new Error('--contacts ≥ --baseline ≥ 1000, both multiples of 10; --clients 1-64; --calls ≥ 5');
}

type Dialect = 'sqlite' | 'postgres';
const publicUrl = 'http://bench.eventline.invalid';
const HUGE_TIERS = JSON.stringify({ Enterprise: { perDay: 1e12, perSecond: 1e9, burst: 1e9 } });
// As the harness: logging at info to /dev/null, the memory limiter (no Redis: the database is what is measured).
const ENV = { DEMO: 'false', LOG_LEVEL: 'info', SERVER_LOG: 'devnull', RUN_WORKER: 'false', PUBLIC_URL: publicUrl, REDIS_URL: '', RATE_LIMIT_TIERS: HUGE_TIERS, TOKEN_TTL_SECONDS: '86400' };
const fmt = (n: number | undefined, digits = 0) => (n === undefined || Number.isNaN(n) ? 'n/a' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }));
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

// ---------------------------------------------------------------------------------------------------------------
// The data

const FIRST = (
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah ' +
  'Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Sandra Mark Margaret Donald Ashley Steven Kimberly Andrew Emily ' +
  'Paul Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Melissa George Deborah Timothy Stephanie Ronald Dorothy Jason Rebecca ' +
  'Edward Sharon Jeffrey Laura Ryan Cynthia Jacob Amy Gary Kathleen Nicholas Angela Eric Shirley Jonathan Brenda Stephen Emma Larry ' +
  'Anna Justin Pamela Scott Nicole Brandon Samantha Benjamin Katherine Samuel Christine Gregory Helen Alexander Debra Patrick Rachel ' +
  'Frank Carolyn Raymond Janet Jack Maria Dennis Catherine Jerry Heather Tyler Diane Aaron Olivia Jose Julie Adam Joyce Nathan Victoria ' +
  'Henry Ruth Zachary Virginia Douglas Lauren Peter Kelly Kyle Christina Noah Joan Ethan Evelyn Jeremy Judith Walter Andrea Christian ' +
  'Hannah Keith Megan Roger Cheryl Terry Jacqueline Austin Martha Sean Madison Gerald Teresa Carl Gloria Harold Sara Dylan Janice Arthur ' +
  'Ann Lawrence Kathryn Jordan Abigail Jesse Sophia Bryan Frances Billy Jean Bruce Alice Gabriel Judy Joe Isabella Logan Julia Alan ' +
  'Grace Juan Amber Albert Denise Willie Danielle Elijah Natalie Wayne Marilyn Randy Beverly Vincent Charlotte Mason Theresa Roy Diana ' +
  'Ralph Brittany Bobby Doris Russell Kayla Bradley Alexis Philip Lori Eugene Tiffany Ingrid Sven Astrid Lars Freya Mateo Lucia Hugo ' +
  'Chloe Louis Camille Jules Manon Luca Giulia Marco Francesca Kenji Yuki Haruto Aiko Wei Mei Arjun Priya Ravi Ananya Omar Layla ' +
  'Tariq Amira Kwame Ama Chidi Ngozi Diego Valentina Santiago Camila Mateus Beatriz Pavel Olga Dmitri Irina Bogdan Ioana Piotr Zofia'
).split(' ');
const LAST = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor ' +
  'Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott ' +
  'Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz ' +
  'Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed ' +
  'Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo ' +
  'Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales ' +
  'Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant ' +
  'Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington ' +
  'Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw ' +
  'Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice ' +
  'Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce ' +
  'Hansen Peters Santos Hart Bradley Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray ' +
  'Delgado Berry Perkins Hoffman Johnston Matthews Pena Richards Willis Carpenter Lawrence Sandoval Okafor Adeyemi Mensah Nakamura ' +
  'Tanaka Suzuki Watanabe Yamamoto Kowalski Nowak Wisniewski Novak Horvat Jensen Nielsen Larsen Andersson Johansson Lindqvist ' +
  'Muller Schneider Fischer Weber Becker Rossi Russo Ferrari Esposito Bianchi Dubois Moreau Laurent Lefebvre Girard Singh Kumar Sharma'
).split(' ');
const COMPANY_A = 'Acme Northwind Contoso Globex Initech Umbrella Stark Wayne Wonka Tyrell Cyberdyne Soylent Hooli Vandelay Pied Massive Oscorp Gringotts Monarch Sirius'.split(' ');
const COMPANY_B = 'Labs Systems Partners Holdings Logistics Media Health Foods Energy Capital Software Group Consulting Motors Bio'.split(' ');
const TITLES = 'Engineer,Manager,Director,Analyst,Consultant,Designer,Nurse,Teacher,Sales Lead,Account Executive,CTO,CFO,Researcher,Editor,Architect,Buyer'.split(',');
const DOMAINS = 'example.com example.org mail.example example.net corp.example work.example'.split(' ');
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

interface ContactInput { firstName: string; lastName: string; email: string; company: string; title: string; workPhone: string }

/** The values nobody else has, on the contact in the middle of each fixture, and the 1% first name. */
const KNOWN = {
  firstName: 'Zeldarina', lastName: 'Quarrington', email: 'zeldarina.quarrington@probe.example',
  company: 'Quarrington Holdings Ltd', workPhone: '+1 999 000 0001', title: 'Curator',
} as const;
const COMMON_FIRST = 'Marisol'; // no name of FIRST contains 'risol'

function contactAt(i: number, size: number): ContactInput {
  if (i === Math.floor(size / 2)) return { ...KNOWN };
  const r = seededRandom(i * 2654435761 + 12345);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const first = i % 100 === 37 ? COMMON_FIRST : pick(FIRST);
  let last = pick(LAST);
  if (r() < 0.5) for (let k = 2 + Math.floor(r() * 3); k > 0; k--) last += LETTERS[Math.floor(r() * 26)];
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
  return {
    firstName: first, lastName: last,
    email: `${first}.${last}.${i.toString(36)}@${pick(DOMAINS)}`.toLowerCase(),
    company: `${pick(COMPANY_A)} ${pick(COMPANY_B)}`, title: pick(TITLES), workPhone: `+1 ${digits(3)} 555 ${digits(4)}`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Fixtures and servers

interface Fixture {
  readonly dialect: Dialect;
  readonly size: number;
  readonly database: Config['database'];
  readonly clientId: string;
  readonly clientSecret: string;
  readonly accountId: string;
  /** The account's events: the first holds 1% of the attendees, the other nine the rest. */
  readonly events: readonly string[];
  /** The known contact's id, once loaded. */
  knownContact?: string;
  drop(): Promise<void>;
}

async function fixture(dialect: Dialect, size: number, pgUrl: string): Promise<Fixture> {
  const saved = process.env['DATABASE_URL'];
  if (dialect === 'postgres') process.env['DATABASE_URL'] = pgUrl;
  else delete process.env['DATABASE_URL'];
  const { config: database, drop } = await createTestDatabaseConfig();
  if (saved === undefined) delete process.env['DATABASE_URL'];
  else process.env['DATABASE_URL'] = saved;
  // Migrates, then an Enterprise account with an application holding every scope.
  const services = await buildServices(loadConfig({ ...ENV, LOG_LEVEL: 'silent' }, { database }));
  const tenant = await createTenant(services, { tier: 'Enterprise' });
  await services.accounts.setFeature(tenant.accountId, 'compliance-communications', true);
  const events: string[] = [];
  for (let e = 0; e < EVENTS; e++) events.push(await workflowEvent(services, tenant.accountId, 'Hybrid', `Event ${e + 1}`));
  await services.db.destroy();
  return { dialect, size, database, clientId: tenant.clientId, clientSecret: tenant.clientSecret, accountId: tenant.accountId, events, drop };
}

const servers: Server[] = [];
async function serve(f: Fixture, extra: Record<string, string> = {}): Promise<Server> {
  const s = await startProcess(['--import', 'tsx', 'test/helpers/server-process.ts', JSON.stringify(f.database), String(4 * 3_600_000)], { ...process.env, ...ENV, ...extra });
  servers.push(s);
  return s;
}
async function stop(s: Server): Promise<void> {
  servers.splice(servers.indexOf(s), 1);
  await s.stop();
}

/** A bearer token from the server's own token endpoint (client credentials, HTTP Basic). */
async function token(s: Server, f: Fixture): Promise<string> {
  const res = await fetch(`${s.address}/ea/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${f.clientId}:${f.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
  });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The PostgreSQL backends serving a database (a fixture's server's pool), by pid. */
async function backends(admin: pg.Client | undefined, f: Fixture): Promise<number[]> {
  if (!admin || f.database.dialect !== 'postgres') return [];
  const name = new URL(f.database.url).pathname.slice(1);
  const r = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
  return r.rows.map((x) => x.pid);
}

/** CPU seconds of a server process and of its database backends; `pids` snapshot at the start. */
class CpuMeter {
  private start = new Map<number, number>();
  constructor(private readonly server: Server, private readonly admin: pg.Client | undefined, private readonly f: Fixture) {}
  async begin(): Promise<void> {
    this.start = new Map();
    for (const pid of [this.server.pid ?? -1, ...(await backends(this.admin, this.f))]) {
      const c = cpuSeconds(pid);
      if (c !== undefined) this.start.set(pid, c);
    }
  }
  /** CPU seconds since begin(): processes present at both ends, plus whole lives of backends started since. */
  async end(): Promise<number> {
    let total = 0;
    for (const pid of new Set([this.server.pid ?? -1, ...(await backends(this.admin, this.f))])) {
      const c = cpuSeconds(pid);
      if (c === undefined) continue;
      total += c - (this.start.get(pid) ?? 0);
    }
    return total;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Loading

interface LoadResult { readonly contacts: number; readonly seconds: number; readonly firstSeconds: number | undefined; readonly cpuUsPerContact: number | undefined; readonly segments: string[] }

/** Contacts [from, to) of a fixture of `size` through POST /ea/contacts, `CLIENTS` clients, 10 per request. */
async function loadApi(s: Server, bearer: string, f: Fixture, from: number, to: number, meter: CpuMeter): Promise<LoadResult> {
  let next = from;
  let done = 0;
  let firstSeconds: number | undefined;
  const segments: string[] = [];
  const every = Math.max(10_000, Math.round((to - from) / 10 / 10_000) * 10_000);
  let lastMark = { at: performance.now(), done: 0 };
  await meter.begin();
  const started = performance.now();
  const client = async (): Promise<void> => {
    for (;;) {
      const i = next;
      if (i >= to || performance.now() - started > API_SECONDS * 1000) return;
      next += BATCH;
      const body = Array.from({ length: Math.min(BATCH, to - i) }, (_, k) => contactAt(i + k, f.size));
      const res = await fetch(`${s.address}/ea/contacts`, {
        method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== 207) throw new Error(`POST /ea/contacts answered ${res.status}: ${text.slice(0, 500)}`);
      const items = JSON.parse(text) as Array<{ status: number; message?: string }>;
      const bad = items.find((x) => x.status !== 201);
      if (bad || items.length !== body.length) throw new Error(`POST /ea/contacts: an item answered ${bad?.status ?? '?'} ${bad?.message ?? ''}`);
      done += body.length;
      if (firstSeconds === undefined && done >= FIRST_SPAN) firstSeconds = (performance.now() - started) / 1000;
      if (done - lastMark.done >= every || done === to - from) {
        const now = performance.now();
        const rate = ((done - lastMark.done) * 1000) / (now - lastMark.at);
        segments.push(`${fmt(from + lastMark.done)}–${fmt(from + done)}: ${fmt(rate)}/s`);
        log(`${f.dialect} ${fmt(f.size)}: ${fmt(from + done)} contacts, ${fmt(rate)}/s over the last ${fmt(done - lastMark.done)} (load ${loadavg().map((x) => x.toFixed(1)).join(' ')})`);
        lastMark = { at: now, done };
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = (performance.now() - started) / 1000;
  const cpu = await meter.end();
  if (done - lastMark.done > 0) segments.push(`${fmt(from + lastMark.done)}–${fmt(from + done)}: ${fmt(((done - lastMark.done) * 1000) / (performance.now() - lastMark.at))}/s`);
  return { contacts: done, seconds, firstSeconds: done >= FIRST_SPAN ? firstSeconds : undefined, cpuUsPerContact: (cpu * 1e6) / done, segments };
}

/**
 * Contacts [from, to) written straight into SQLite (no server running), 10,000 rows a transaction, with the trigram
 * index's triggers set aside and the index then rebuilt over every contact ('rebuild', as migration 0023 builds it
 * over existing contacts), the triggers put back as they were. Written through the triggers, each row cost 9–15 ms
 * past 130,000 contacts here (see the README), hours for a million.
 */
function loadSqlSqlite(f: Fixture, from: number, to: number): { seconds: number; rebuildSeconds: number } {
  if (f.database.dialect !== 'sqlite') throw new Error('SQLite only');
  const sqlite = new SQLite(f.database.file);
  try {
    const started = performance.now();
    const triggers = sqlite.prepare(`select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'contacts' and name like 'contacts_search_queue_%'`).all() as Array<{ name: string; sql: string }>;
    if (triggers.length !== 3) throw new Error(`expected the 3 contacts_search_queue triggers, found ${triggers.length}`);
    const insert = sqlite.prepare(`insert into contacts (id, account_id, first_name, last_name, email, company, title, profile, created, last_modified, created_by, last_modified_by)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    sqlite.transaction(() => { for (const t of triggers) sqlite.exec(`drop trigger ${t.name}`); })();
    for (let i = from; i < to; i += 10_000) {
      const at = new Date().toISOString();
      sqlite.transaction(() => {
        for (let j = i; j < Math.min(to, i + 10_000); j++) {
          const c = contactAt(j, f.size);
          insert.run(newId(), f.accountId, c.firstName, c.lastName, c.email, c.company, c.title, JSON.stringify({ workPhone: c.workPhone }), at, at, f.clientId, f.clientId);
        }
      })();
      if ((i - from) % 100_000 === 0 && i > from) log(`sqlite ${fmt(f.size)}: ${fmt(i)} contacts written with SQL`);
    }
    const seconds = (performance.now() - started) / 1000;
    const rebuilding = performance.now();
    sqlite.transaction(() => {
      sqlite.exec(`insert into contacts_search_index (contacts_search_index) values ('rebuild')`);
      sqlite.exec('delete from contacts_search_queue');
      for (const t of triggers) sqlite.exec(t.sql);
    })();
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    return { seconds, rebuildSeconds: (performance.now() - rebuilding) / 1000 };
  } finally {
    sqlite.close();
  }
}

/** Contacts [from, to) written straight into PostgreSQL, 10,000 rows per INSERT ... SELECT FROM unnest(...). */
async function loadSql(f: Fixture, from: number, to: number): Promise<number> {
  if (f.database.dialect !== 'postgres') throw new Error('SQL load: PostgreSQL only');
  const client = new pg.Client({ connectionString: f.database.url });
  await client.connect();
  const table = `"${f.database.schema}".contacts`;
  const started = performance.now();
  try {
    for (let i = from; i < to; i += 10_000) {
      const cols: string[][] = Array.from({ length: 13 }, () => []);
      const at = new Date().toISOString();
      for (let j = i; j < Math.min(to, i + 10_000); j++) {
        const c = contactAt(j, f.size);
        // What POST /ea/contacts writes (src/modules/contacts/contacts.mapping.ts toColumns): the profile holds workPhone.
        const row = [newId(), f.accountId, c.firstName, c.lastName, c.email, c.company, c.title, JSON.stringify({ workPhone: c.workPhone }), at, at, f.clientId, f.clientId];
        row.forEach((v, k) => cols[k]?.push(v));
      }
      await client.query(
        `insert into ${table} (id, account_id, first_name, last_name, email, company, title, profile, created, last_modified, created_by, last_modified_by)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])`,
        cols.slice(0, 12),
      );
      if ((i - from) % 100_000 === 0 && i > from) log(`postgres ${fmt(f.size)}: ${fmt(i)} contacts written with SQL`);
    }
    const seconds = (performance.now() - started) / 1000;
    await client.query(`vacuum analyze ${table}`);
    return seconds;
  } finally {
    await client.end();
  }
}

/** The event of the k-th attendee: 1 in 100 to the first event, the others spread over the other nine. */
const eventOf = (f: Fixture, k: number): string => (k % 100 === 0 ? f.events[0] : f.events[1 + (k % (EVENTS - 1))]) as string;
const ATTENDEE_COLUMNS = 'id, account_id, event_id, contact_id, confirmation_number, status, registered_at, extra, created, last_modified, attendee_last_modified, created_by, last_modified_by';

/** One attendee per contact of the fixture, written with SQL (no server running); notes the known contact's id. */
async function loadAttendees(f: Fixture): Promise<number> {
  const started = performance.now();
  const at = new Date().toISOString();
  const row = (k: number, contactId: string) => [randomUUID(), f.accountId, eventOf(f, k), contactId, `C${k}`, 'Accepted', at, '{}', at, at, at, f.clientId, f.clientId];
  if (f.database.dialect === 'sqlite') {
    const sqlite = new SQLite(f.database.file);
    try {
      const ids = sqlite.prepare('select id from contacts where account_id = ? order by rowid').pluck().all(f.accountId) as string[];
      f.knownContact = sqlite.prepare('select id from contacts where account_id = ? and email = ?').pluck().get(f.accountId, KNOWN.email) as string;
      const insert = sqlite.prepare(`insert into attendees (${ATTENDEE_COLUMNS}) values (${ATTENDEE_COLUMNS.split(',').map(() => '?').join(', ')})`);
      // The kept-count triggers of migration 0022 run on every row, as for any writer.
      sqlite.transaction(() => { ids.forEach((id, k) => insert.run(...row(k, id))); })();
    } finally {
      sqlite.close();
    }
  } else if (f.database.dialect === 'postgres') {
    const client = new pg.Client({ connectionString: f.database.url });
    await client.connect();
    const schema = `"${f.database.schema}"`;
    // The kept-count triggers' functions name their tables without a schema, as the server's connections see them.
    await client.query(`set search_path to ${schema}`);
    try {
      const ids = (await client.query<{ id: string }>(`select id from ${schema}.contacts where account_id = $1 order by id`, [f.accountId])).rows.map((r) => r.id);
      f.knownContact = (await client.query<{ id: string }>(`select id from ${schema}.contacts where account_id = $1 and email = $2`, [f.accountId, KNOWN.email])).rows[0]?.id;
      for (let i = 0; i < ids.length; i += 10_000) {
        const cols: string[][] = Array.from({ length: 13 }, () => []);
        ids.slice(i, i + 10_000).forEach((id, j) => row(i + j, id).forEach((v, c) => cols[c]?.push(v)));
        await client.query(`insert into ${schema}.attendees (${ATTENDEE_COLUMNS}) select * from unnest(${cols.map((_, c) => `$${c + 1}::text[]`).join(', ')})`, cols);
      }
      await client.query(`vacuum analyze ${schema}.attendees`);
    } finally {
      await client.end();
    }
  }
  if (!f.knownContact) throw new Error('the known contact is missing');
  return (performance.now() - started) / 1000;
}

/**
 * As many archived communication messages as the fixture has contacts, written with SQL: one in a hundred a session
 * Q&A message (the rare type), the rest chat, a millisecond apart within the last hour (inside retention). The
 * kept-count triggers of migration 0022 run on every row.
 */
async function loadMessages(f: Fixture): Promise<number> {
  const started = performance.now();
  const since = Date.now() - f.size - 60_000;
  const payload = JSON.stringify({ actionType: 'message.created', chatType: 'session', attendee: { id: randomUUID() }, message: { id: randomUUID(), textHtml: 'a message' } });
  const row = (i: number) => [randomUUID(), f.accountId, i % 100 === 42 ? 'session_qa' : 'chat', new Date(since + i).toISOString(), f.events[0] ?? '', payload, '{}'];
  if (f.database.dialect === 'sqlite') {
    const sqlite = new SQLite(f.database.file);
    try {
      const insert = sqlite.prepare(`insert into communication_messages (${MESSAGE_COLUMNS}) values (?, ?, ?, ?, ?, ?, ?)`);
      for (let i = 0; i < f.size; i += 10_000) sqlite.transaction(() => { for (let j = i; j < Math.min(f.size, i + 10_000); j++) insert.run(...row(j)); })();
    } finally {
      sqlite.close();
    }
  } else if (f.database.dialect === 'postgres') {
    const client = new pg.Client({ connectionString: f.database.url });
    await client.connect();
    const schema = `"${f.database.schema}"`;
    await client.query(`set search_path to ${schema}`);
    try {
      for (let i = 0; i < f.size; i += 10_000) {
        const cols: string[][] = Array.from({ length: 7 }, () => []);
        for (let j = i; j < Math.min(f.size, i + 10_000); j++) row(j).forEach((v, c) => cols[c]?.push(v));
        await client.query(`insert into ${schema}.communication_messages (${MESSAGE_COLUMNS}) select * from unnest(${cols.map((_, c) => `$${c + 1}::text[]`).join(', ')})`, cols);
      }
      await client.query(`vacuum analyze ${schema}.communication_messages`);
    } finally {
      await client.end();
    }
  }
  return (performance.now() - started) / 1000;
}
const MESSAGE_COLUMNS = 'id, account_id, type, created, event_id, payload, tags';

// ---------------------------------------------------------------------------------------------------------------
// 2. Filtered lists

interface Query {
  readonly key: string;
  /** The list, and its filter on a fixture (attendee filters name the fixture's event or contact). */
  readonly list?: 'contacts' | 'attendees' | 'logs/communications/messages';
  readonly filter: string | ((f: Fixture) => string);
  readonly expect: 'one' | 'many';
  readonly goal?: { ratio?: number; p99Ms?: number };
  /** Measured with --scan-calls calls (it reads every row of the account at the large size). */
  readonly scan?: boolean;
}

const QUERIES: readonly Query[] = [
  { key: 'email eq (one match)', filter: `email eq '${KNOWN.email}'`, expect: 'one', goal: { ratio: 2 } },
  { key: 'lastName eq (one match)', filter: `lastName eq '${KNOWN.lastName}'`, expect: 'one', goal: { ratio: 2 } },
  { key: 'lastName sw (one match)', filter: `lastName sw '${KNOWN.lastName.slice(0, 6)}'`, expect: 'one', goal: { p99Ms: 50 } },
  { key: 'firstName contains (one match)', filter: `firstName contains '${KNOWN.firstName.slice(2, 8)}'`, expect: 'one', goal: { p99Ms: 50 } },
  { key: `firstName contains (common: 1%)`, filter: `firstName contains '${COMMON_FIRST.slice(2)}'`, expect: 'many' },
  { key: 'company eq (one match; not indexed: scans)', filter: `company eq '${KNOWN.company}'`, expect: 'one', scan: true },
  { key: 'workPhone eq (one match; not indexed: scans the profile JSON)', filter: `workPhone eq '${KNOWN.workPhone}'`, expect: 'one', scan: true },
  { key: 'attendees: event.id eq (1% of the attendees)', list: 'attendees', filter: (f) => `event.id eq '${f.events[0] ?? ''}'`, expect: 'many' },
  { key: 'attendees: contact.id eq (one match)', list: 'attendees', filter: (f) => `contact.id eq '${f.knownContact ?? ''}'`, expect: 'one' },
  { key: 'attendees: contact.email eq (one match)', list: 'attendees', filter: `contact.email eq '${KNOWN.email}'`, expect: 'one' },
  { key: 'messages: type eq (1%: session_qa)', list: 'logs/communications/messages', filter: `type eq 'session_qa'`, expect: 'many' },
  { key: 'messages: type eq (99%: chat)', list: 'logs/communications/messages', filter: `type eq 'chat'`, expect: 'many' },
];
const filterOf = (q: Query, f: Fixture) => (typeof q.filter === 'string' ? q.filter : q.filter(f));
const listPath = (q: Query, f: Fixture) => `/ea/${q.list ?? 'contacts'}?limit=100&filter=${encodeURIComponent(filterOf(q, f))}`;

interface Side { readonly f: Fixture; readonly server: Server; readonly bearer: string; readonly meter: CpuMeter }
interface Measured { readonly p50: number; readonly p99: number; readonly cpuUs: number; readonly calls: number; readonly matches: number; readonly totalCount: number | undefined }

const pct = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};

async function call(side: Side, path: string): Promise<{ ms: number; matches: number; totalCount: number | undefined }> {
  const t0 = performance.now();
  const res = await fetch(`${side.server.address}${path}`, { headers: { authorization: `Bearer ${side.bearer}` } });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { data: unknown[]; paging: { totalCount?: number } };
  return { ms, matches: body.data.length, totalCount: body.paging.totalCount };
}

/** `calls` calls per side, interleaved (small, big, big, small, ...), after a warm-up; p50/p99 and CPU per call. */
async function measurePair(q: Query, sides: readonly Side[], calls: number): Promise<Measured[]> {
  const found: Array<{ matches: number; totalCount: number | undefined }> = [];
  for (const side of sides) {
    const path = listPath(q, side.f);
    let first: Awaited<ReturnType<typeof call>> | undefined;
    for (let w = 0; w < Math.max(3, Math.min(20, Math.floor(calls / 5))); w++) first = await call(side, path);
    if (!first) throw new Error('no warm-up');
    if (q.expect === 'one' && first.matches !== 1) throw new Error(`${q.key} on ${fmt(side.f.size)} found ${first.matches} contacts, not one`);
    found.push({ matches: first.matches, totalCount: first.totalCount });
  }
  const ms: number[][] = sides.map(() => []);
  for (const side of sides) await side.meter.begin();
  for (let k = 0; k < calls; k++) {
    const order = k % 2 === 0 ? sides.map((s, i) => i) : sides.map((s, i) => sides.length - 1 - i);
    for (const i of order) ms[i]?.push((await call(sides[i] as Side, listPath(q, (sides[i] as Side).f))).ms);
  }
  const out: Measured[] = [];
  for (const [i, side] of sides.entries()) {
    const cpu = await side.meter.end();
    const xs = ms[i] ?? [];
    out.push({ p50: pct(xs, 50), p99: pct(xs, 99), cpuUs: (cpu * 1e6) / calls, calls, matches: found[i]?.matches ?? 0, totalCount: found[i]?.totalCount });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// 2b. A slow filter does not stall the process

const STALL_CLIENTS = 4;
const STALL_SECONDS = Number(args['stall-seconds'] ?? (quick ? 10 : 40));
interface Stall { readonly idle: number[]; readonly loaded: number[]; readonly scans: number; readonly scanMs: number[] }

/**
 * GET /ea/events/{id} one call after another (20 ms apart) on the large fixture's server: first alone, then while
 * STALL_CLIENTS clients each run the slowest filter in a loop. Issue 37: its p99 stays under 50 ms.
 */
async function stall(side: Side, q: Query): Promise<Stall> {
  const eventPath = `/ea/events/${side.f.events[0] ?? ''}`;
  const getEvent = async (): Promise<number> => {
    const t0 = performance.now();
    const res = await fetch(`${side.server.address}${eventPath}`, { headers: { authorization: `Bearer ${side.bearer}` } });
    await res.text();
    if (res.status !== 200) throw new Error(`GET ${eventPath} answered ${res.status}`);
    return performance.now() - t0;
  };
  const probe = async (until: () => boolean): Promise<number[]> => {
    const out: number[] = [];
    while (!until()) {
      out.push(await getEvent());
      await new Promise((r) => setTimeout(r, 20));
    }
    return out;
  };
  const idleEnd = performance.now() + 5_000;
  const idle = await probe(() => performance.now() > idleEnd);
  let stop = false;
  const scanMs: number[] = [];
  const path = listPath(q, side.f);
  const scanners = Array.from({ length: STALL_CLIENTS }, async () => {
    while (!stop) scanMs.push((await call(side, path)).ms);
  });
  // The probe starts once every scanner has a scan running.
  await new Promise((r) => setTimeout(r, 200));
  const end = performance.now() + STALL_SECONDS * 1000;
  const loaded = await probe(() => performance.now() > end);
  stop = true;
  await Promise.all(scanners);
  return { idle, loaded, scans: scanMs.length, scanMs };
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Plans

/** The list's own queries (page and count) as the server runs them, and the plan each got on the fixture's database. */
async function plans(f: Fixture, queries: readonly Query[]): Promise<string[]> {
  const recorded: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  let recording = false;
  let current: RegExp = /from "contacts"/;
  const handle = createDb(f.database, { onQuery: (text, parameters) => { if (recording && current.test(text)) recorded.push({ sql: text, parameters }); } });
  const config = loadConfig({ ...ENV, LOG_LEVEL: 'silent' }, { database: f.database });
  const { app } = await buildApp(config, { db: handle, logger: false, worker: false });
  const table = (q: Query) => new RegExp(`from "${q.list ?? 'contacts'}"`);
  const out: string[] = [];
  try {
    await app.ready();
    const tok = await app.inject({
      method: 'POST', url: '/ea/oauth2/token',
      headers: { authorization: `Basic ${Buffer.from(`${f.clientId}:${f.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    const bearer = (tok.json() as { access_token: string }).access_token;
    for (const q of queries) {
      recorded.length = 0;
      current = table(q);
      recording = true;
      const res = await app.inject({ method: 'GET', url: listPath(q, f), headers: { authorization: `Bearer ${bearer}` } });
      recording = false;
      if (res.statusCode !== 200) throw new Error(`plans: ${q.key} answered ${res.statusCode}`);
      out.push(`### ${f.dialect}, ${fmt(f.size)} contacts: ${q.list ?? 'contacts'} ${filterOf(q, f)}`);
      for (const r of recorded) {
        const kind = /count\(\*\)/.test(r.sql) ? 'count' : /offset/.test(r.sql) ? 'count bound (limit 1 offset 10000)' : 'page';
        out.push(`-- ${kind}`);
        if (f.dialect === 'sqlite') {
          const p = await handle.db.executeQuery<{ detail: string; id: number; parent: number }>(CompiledQuery.raw(`explain query plan ${r.sql}`, [...r.parameters]));
          const depth = new Map<number, number>();
          for (const row of p.rows) {
            const d = (depth.get(row.parent) ?? -1) + 1;
            depth.set(row.id, d);
            out.push(`${'  '.repeat(d)}${row.detail}`);
          }
        } else {
          const p = await handle.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, costs off, buffers) ${r.sql}`, [...r.parameters]));
          for (const row of p.rows) out.push(row['QUERY PLAN']);
        }
      }
    }
  } finally {
    await app.close();
    await handle.destroy(); // an app given its database does not close it
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------

interface Row { readonly dialect: Dialect; readonly q: Query; readonly small?: Measured; readonly big: Measured }

async function pgAnswers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** One dialect: its fixtures, loads, measures and plans; returns the README block's lines. */
async function runDialect(dialect: Dialect, pgUrl: string): Promise<string[]> {
  const loadBefore = loadavg().map((x) => x.toFixed(1)).join(' ');
  const startedAt = new Date();
  const name = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const notes: string[] = [];
  const fixtures: Fixture[] = [];
  const loads: string[] = [];
  const rows: Row[] = [];
  let stallNote: string | undefined;
  let admin: pg.Client | undefined;
  try {
    if (dialect === 'postgres') {
      admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
    }
    log(`${name}: fixtures of ${fmt(SMALL)} and ${fmt(BIG)} contacts`);
    const small = await fixture(dialect, SMALL, pgUrl);
    fixtures.push(small);
    const big = await fixture(dialect, BIG, pgUrl);
    fixtures.push(big);
    // Load: one server per fixture, rate limits off, stopped afterwards.
    for (const f of [small, big]) {
      let apiCount = dialect === 'sqlite' ? (f === big ? SQLITE_API : f.size) : f === big ? PG_API : 0;
      if (apiCount > 0) {
        const s = await serve(f, { RATE_LIMIT_ENABLED: 'false' });
        const meter = new CpuMeter(s, admin, f);
        const r = await loadApi(s, await token(s, f), f, 0, apiCount, meter);
        await stop(s);
        apiCount = r.contacts; // the time budget may have stopped it early
        const rate = r.contacts / r.seconds;
        const first = r.firstSeconds !== undefined ? FIRST_SPAN / r.firstSeconds : undefined;
        loads.push(`| ${name} | ${fmt(f.size)} | contacts through the API, ${CLIENTS} clients, 10 per request | ${fmt(r.contacts)} | ${fmt(r.seconds, 1)} | **${fmt(rate)}** | ${first !== undefined ? fmt(first) : 'n/a'} | ${fmt(r.cpuUsPerContact)} | ${dialect === 'sqlite' ? (rate >= 2000 ? 'yes' : 'no') : 'n/a'} |`);
        if (f === big && r.segments.length > 1) notes.push(`${name} load through the API by segment: ${r.segments.join('; ')}.`);
      }
      if (dialect === 'sqlite' && apiCount === f.size && SQLITE_API < BIG) {
        // The large fixture's trigram index is rebuilt after its SQL load: this one's is too, so both sizes are read
        // from an index in the same state.
        const { rebuildSeconds } = loadSqlSqlite(f, f.size, f.size);
        notes.push(`The ${fmt(f.size)} fixture's trigram index was rebuilt too after its load (${fmt(rebuildSeconds, 1)} s), as the large one's.`);
      } else if (dialect === 'sqlite' && apiCount < f.size) {
        const { seconds, rebuildSeconds } = loadSqlSqlite(f, apiCount, f.size);
        log(`sqlite ${fmt(f.size)}: ${fmt(f.size - apiCount)} contacts with SQL in ${fmt(seconds, 1)} s, trigram index rebuilt in ${fmt(rebuildSeconds, 1)} s`);
        loads.push(`| ${name} | ${fmt(f.size)} | contacts with SQL (10,000 rows a transaction, the trigram index's triggers set aside), then the index rebuilt over all (${fmt(rebuildSeconds, 1)} s) | ${fmt(f.size - apiCount)} | ${fmt(seconds + rebuildSeconds, 1)} | ${fmt((f.size - apiCount) / (seconds + rebuildSeconds))} | n/a | n/a | n/a |`);
      }
      if (dialect === 'postgres' && apiCount < f.size) {
        const seconds = await loadSql(f, apiCount, f.size);
        loads.push(`| ${name} | ${fmt(f.size)} | contacts with SQL (INSERT ... SELECT FROM unnest, 10,000 rows a statement), then VACUUM ANALYZE | ${fmt(f.size - apiCount)} | ${fmt(seconds, 1)} | ${fmt((f.size - apiCount) / seconds)} | n/a | n/a | n/a |`);
      }
    }
    for (const f of [small, big]) {
      const seconds = await loadMessages(f);
      log(`${name} ${fmt(f.size)}: ${fmt(f.size)} communication messages written with SQL in ${fmt(seconds, 1)} s`);
      loads.push(`| ${name} | ${fmt(f.size)} | communication messages (1% session_qa, the rest chat) with SQL${dialect === 'postgres' ? ', then VACUUM ANALYZE' : ''} | ${fmt(f.size)} | ${fmt(seconds, 1)} | ${fmt(f.size / seconds)} | n/a | n/a | n/a |`);
    }
    for (const f of [small, big]) {
      const seconds = await loadAttendees(f);
      log(`${name} ${fmt(f.size)}: ${fmt(f.size)} attendees written with SQL in ${fmt(seconds, 1)} s`);
      loads.push(`| ${name} | ${fmt(f.size)} | attendees (one per contact, over ${EVENTS} events) with SQL${dialect === 'postgres' ? ', then VACUUM ANALYZE' : ''} | ${fmt(f.size)} | ${fmt(seconds, 1)} | ${fmt(f.size / seconds)} | n/a | n/a | n/a |`);
    }
    // Measure: fresh servers (SQLite: PRAGMA optimize at start analyzes the grown tables).
    const sides: Side[] = [];
    for (const f of [small, big]) {
      const s = await serve(f);
      sides.push({ f, server: s, bearer: await token(s, f), meter: new CpuMeter(s, admin, f) });
    }
    for (const q of QUERIES) {
      const calls = q.scan ? SCAN_CALLS : CALLS;
      log(`${name}: ${q.list ?? 'contacts'} ${filterOf(q, big)}, ${calls} calls a size`);
      const [s, b] = await measurePair(q, sides, calls);
      if (s && b) rows.push({ dialect, q, small: s, big: b });
      log(`  p50 ${fmt(s?.p50, 1)} / ${fmt(b?.p50, 1)} ms, p99 ${fmt(s?.p99, 1)} / ${fmt(b?.p99, 1)} ms, CPU ${fmt(s?.cpuUs)} / ${fmt(b?.cpuUs)} µs`);
    }
    // The slowest filter measured at the large size, run by STALL_CLIENTS clients while GET /events/{id} is timed.
    const slowest = rows.filter((r) => r.dialect === dialect).sort((a, b) => b.big.p50 - a.big.p50)[0];
    const bigSide = sides[1];
    if (slowest && bigSide) {
      log(`${name}: GET /events/{id} while ${STALL_CLIENTS} clients run ${slowest.q.key} for ${STALL_SECONDS} s`);
      const st = await stall(bigSide, slowest.q);
      const p99 = pct(st.loaded, 99);
      stallNote = `While ${STALL_CLIENTS} clients each ran the slowest filter at ${fmt(BIG)} (\`${slowest.q.key}\`, ${fmt(st.scans)} calls completed in ${STALL_SECONDS} s, ` +
        `p50 ${fmt(pct(st.scanMs, 50))} ms), \`GET /ea/events/{id}\` on the same server process, called one after another (20 ms apart, ${fmt(st.loaded.length)} calls): ` +
        `p50 ${fmt(pct(st.loaded, 50), 1)} ms, p99 **${fmt(p99, 1)} ms**, max ${fmt(Math.max(...st.loaded), 1)} ms (alone, just before: p50 ${fmt(pct(st.idle, 50), 1)} ms, p99 ${fmt(pct(st.idle, 99), 1)} ms). ` +
        `Goal (issue 37): p99 under 50 ms: ${p99 < 50 ? 'met' : 'not met'}.`;
      log(`  ${stallNote}`);
    }
    for (const side of sides) await stop(side.server);
    log(`${name}: plans at ${fmt(BIG)}`);
    console.log((await plans(big, QUERIES)).join('\n'));
  } finally {
    await Promise.all(servers.splice(0).map((s) => s.stop()));
    for (const f of fixtures) await f.drop().catch(() => undefined);
    await admin?.end().catch(() => undefined);
  }

  const cpuInfo = cpus();
  const header = `${name}: ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpuInfo.length} × ${cpuInfo[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
    `\`npx tsx bench/lists.ts${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(' ')}` : ''}\`; load average (1, 5, 15 min) before ${loadBefore}, after ${loadavg().map((x) => x.toFixed(1)).join(' ')}`;
  const ms = (x: number) => fmt(x, x < 10 ? 1 : 0);
  return [
    header, '',
    '| database | fixture | what | rows | seconds | rows/s | first 10,000: contacts/s | server CPU µs/contact | ≥ 2,000/s |', '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...loads, '',
    `Filtered lists (\`GET /ea/contacts?limit=100&filter=...\`, \`GET /ea/attendees\` with one attendee per contact, and \`GET /ea/logs/communications/messages\` with one message per contact), ${fmt(CALLS)} sequential calls per size (${fmt(SCAN_CALLS)} for the filters that scan), interleaved between the two servers:`, '',
    `| database | filter | p50 ms ${fmt(SMALL)} / ${fmt(BIG)} | p99 ms ${fmt(SMALL)} / ${fmt(BIG)} | CPU µs/call ${fmt(SMALL)} / ${fmt(BIG)} | ratio p99 (p50) | goal | met | found at ${fmt(BIG)} |`,
    '| --- | --- | ---: | ---: | ---: | ---: | --- | --- | --- |',
    ...rows.map((r) => {
      const s = r.small;
      const b = r.big;
      const ratio = s ? b.p99 / s.p99 : undefined;
      const ratio50 = s ? b.p50 / s.p50 : undefined;
      const g = r.q.goal;
      const goal = g?.ratio !== undefined ? `ratio ≤ ${g.ratio}` : g?.p99Ms !== undefined && r.dialect === 'sqlite' ? `p99 < ${g.p99Ms} ms` : '';
      const met = g?.ratio !== undefined && ratio !== undefined ? (ratio <= g.ratio ? 'yes' : 'no') : goal && g?.p99Ms !== undefined ? (b.p99 < g.p99Ms ? 'yes' : 'no') : 'n/a';
      const found = `${b.matches}${b.totalCount !== undefined ? ` (totalCount ${fmt(b.totalCount)})` : ' (no totalCount: beyond the bound)'}`;
      return `| ${name} | \`${r.q.key}\` | ${s ? ms(s.p50) : ''} / ${ms(b.p50)} | ${s ? ms(s.p99) : ''} / ${ms(b.p99)} | ${s ? fmt(s.cpuUs) : ''} / ${fmt(b.cpuUs)} | ${fmt(ratio, 2)} (${fmt(ratio50, 2)}) | ${goal} | ${met} | ${found} |`;
    }),
    ...(stallNote !== undefined ? ['', stallNote] : []),
    ...(notes.length > 0 ? ['', ...notes] : []),
  ];
}

async function main(): Promise<void> {
  const pgUrl = args.url ?? process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
  for (const dialect of dialects) {
    if (dialect === 'postgres' && !(await pgAnswers(pgUrl))) {
      console.error(`PostgreSQL at ${pgUrl} did not answer: not run.`);
      continue;
    }
    const lines = await runDialect(dialect, pgUrl);
    console.log(`\n${lines.join('\n')}\n`);
    // Each database's results go into a block of their own as soon as they are measured.
    if (writeReadme) {
      const file = join(root, 'bench/README.md');
      const readme = readFileSync(file, 'utf8');
      const marker = (end: string) => `<!-- lists-${dialect}:${end} -->`;
      if (!readme.includes(marker('start'))) throw new Error(`bench/README.md has no ${marker('start')} marker`);
      const at = readme.indexOf(marker('start'));
      const to = readme.indexOf(marker('end'));
      writeFileSync(file, `${readme.slice(0, at)}${marker('start')}\n${lines.join('\n')}\n${readme.slice(to)}`);
      console.error(`bench/README.md updated (${dialect})`);
    }
  }
}

// A stray server must not outlive a crash.
process.on('SIGINT', () => { void Promise.all(servers.map((s) => s.stop())).finally(() => process.exit(130)); });
await main();
