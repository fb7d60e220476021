// P4 (issue 18): bulk contact obfuscation in contacts/s, on SQLite and on
// PostgreSQL, each against an "erasers only" baseline taken in the same run.
//
// Every contact has about 10 linked rows: an attendee, a session enrollment, a
// check-in, a join link, a stored email and its communication message, a survey
// respondent and response, and an activity, all carrying its values
// (test/contract/obfuscation.fixtures.ts, plus the activity here).
//
// - `bulk job`: one bulk job over all of them through the real API (`POST /ea/bulk-jobs`,
//   data, run), worked by the in-process worker, with its compaction after each batch,
//   timed from `/run` until the job reads COMPLETED.
// - `erasers only`: the registered erasers run directly for the same number of
//   contacts (another account of the same size in the same database), a batch of
//   BULK_BATCH contacts per transaction: no job machinery, no obfuscation records, no compaction.
// Rounds alternate the two, each on fresh accounts, and the median is kept.
//
//   npx tsx bench/p4.ts [--contacts 2000] [--rounds 2] [--quick] [--dialect sqlite,postgres]
//
// PostgreSQL: --url, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; a throwaway
// database is created next to it and dropped at the end. Nothing here is timed in tests.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp, type Services } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/index.js';
import { newId } from '../src/db/ids.js';
import { BULK_BATCH } from '../src/modules/bulk-jobs/index.js';
import type { ErasureSubject } from '../src/modules/privacy/index.js';
import { apiClient, createTenant, tokenFor, type Api } from '../test/helpers/app.js';
import { createVenue, seedPerson } from '../test/contract/obfuscation.fixtures.js';

export type P4Dialect = 'sqlite' | 'postgres';

export interface P4Options {
  readonly dialect: P4Dialect;
  /** PostgreSQL server to create the throwaway database on. */
  readonly url?: string;
  /** Contacts per variant and round (default 2000; quick: 200). */
  readonly contacts?: number;
  /** Rounds per variant (default 2; quick: 1). */
  readonly rounds?: number;
  readonly quick?: boolean;
}

export interface P4Row {
  readonly target: string;
  readonly dialect: P4Dialect;
  readonly contacts: number;
  /** Median over the rounds. */
  readonly seconds: number;
  readonly contactsPerSecond: number;
  /** Bulk job ÷ erasers only (1 for the baseline itself). */
  readonly ratio: number;
  readonly rounds: number;
}

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';

async function throwawayDatabase(dialect: P4Dialect, url: string): Promise<{ database: Config['database']; dataDir: string; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-bench-p4-'));
  if (dialect === 'sqlite') {
    return { database: { dialect: 'sqlite', file: join(dataDir, 'eventline.db') }, dataDir, drop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })) };
  }
  const name = `p4_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    database: { dialect: 'postgres', url: own.toString(), schema: 'public' },
    dataDir,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An account with obfuscation on and `n` contacts, each with its linked rows. */
async function seedAccount(services: Services, n: number, tag: string): Promise<{ accountId: string; tenant: Awaited<ReturnType<typeof createTenant>>; ids: string[] }> {
  const tenant = await createTenant(services);
  await services.accounts.setFeature(tenant.accountId, 'contact-obfuscation', true);
  const venue = await createVenue(services, tenant.accountId);
  const db = services.db.db;
  const ids: string[] = [];
  const at = new Date().toISOString();
  for (let i = 0; i < n; i++) {
    const p = { firstName: `${tag}First${i}`, lastName: `Mark${i}`, email: `${tag.toLowerCase()}${i}@bench.test`, phone: `+1 555 ${String(100000 + i)}`, note: `note of ${tag}${i}` };
    const { contactId, attendeeId } = await seedPerson(db, venue, p);
    await db.insertInto('attendee_activities').values({
      id: newId(), account_id: tenant.accountId, event_id: venue.eventId, attendee_id: attendeeId, contact_id: contactId, type: 'event.external', name: 'Booth visit',
      time: at, created: at, session_id: null, exhibitor_id: null, appointment_id: null, speaker_id: null, data_id: null, external_date: at,
      details: JSON.stringify({ id: newId(), externalActivityDate: at, additionalFields: { visitor: `${p.firstName} ${p.lastName}`, contact: p.email } }),
    }).execute();
    ids.push(contactId);
  }
  return { accountId: tenant.accountId, tenant, ids };
}

async function runBulkJob(api: Api, ids: readonly string[]): Promise<number> {
  const job = (await api('POST', '/ea/bulk-jobs', { name: 'p4', url: '/contacts/{id}/obfuscate', operation: 'POST', mode: 'SEQUENTIAL', ttl: 3600 })).json() as { id: string };
  for (let i = 0; i < ids.length; i += 1000) {
    await api('POST', `/ea/bulk-jobs/${job.id}/data`, { data: ids.slice(i, i + 1000).map((id) => ({ pathParams: { id }, dataRecord: {} })) });
  }
  const started = performance.now();
  await api('POST', `/ea/bulk-jobs/${job.id}/run`);
  for (;;) {
    const state = (await api('GET', `/ea/bulk-jobs/${job.id}`)).json() as { status: string; successful: number };
    if (['COMPLETED', 'FAILED', 'CANCELED'].includes(state.status)) {
      const seconds = (performance.now() - started) / 1000;
      if (state.status !== 'COMPLETED' || state.successful !== ids.length) throw new Error(`bulk job ended ${state.status} with ${state.successful}/${ids.length}`);
      return seconds;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The registered erasers, a batch per transaction, as ObfuscationService runs them, without records, jobs or compaction. */
async function runErasersOnly(services: Services, accountId: string, ids: readonly string[]): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < ids.length; i += BULK_BATCH) {
    const batch = ids.slice(i, i + BULK_BATCH);
    await services.db.db.transaction().execute(async (trx) => {
      const subjects = [...(await services.contacts.erasureSubjects(accountId, batch, trx)).values()];
      const subject: ErasureSubject = {
        accountId, contactIds: batch,
        values: [...new Set(subjects.flatMap((s) => s.values))], identifying: [...new Set(subjects.flatMap((s) => s.identifying))],
      };
      const now = new Date().toISOString();
      for (const eraser of services.erasers.all()) await eraser.erase(trx, subject, now);
    });
  }
  return (performance.now() - started) / 1000;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

/** P4 on one database: the bulk job and its "erasers only" baseline, rounds interleaved. */
export async function measureP4(opts: P4Options): Promise<P4Row[]> {
  const contacts = opts.contacts ?? (opts.quick ? 200 : 2000);
  const rounds = opts.rounds ?? (opts.quick ? 1 : 2);
  const { database, dataDir, drop } = await throwawayDatabase(opts.dialect, opts.url ?? process.env['DATABASE_URL'] ?? DEFAULT_PG);
  const config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false', DATA_DIR: dataDir }, { database });
  const { app, services } = await buildApp(config, { logger: false, workerPollMs: 20 });
  const times: Record<'job' | 'erasers', number[]> = { job: [], erasers: [] };
  try {
    await app.ready();
    for (let r = 0; r < rounds; r++) {
      const job = await seedAccount(services, contacts, `J${r}x`);
      const base = await seedAccount(services, contacts, `E${r}x`);
      const api = apiClient(app, await tokenFor(app, job.tenant));
      // What seeding (and, on a fresh PostgreSQL database, the migrations) left dirty is written out now,
      // not charged to the first compaction that runs a checkpoint.
      await sql`${sql.raw(opts.dialect === 'postgres' ? 'checkpoint' : 'pragma wal_checkpoint(TRUNCATE)')}`.execute(services.db.db);
      // Alternate which goes first, so a warm cache or background load favours neither.
      const order = r % 2 === 0 ? (['erasers', 'job'] as const) : (['job', 'erasers'] as const);
      for (const variant of order) {
        if (variant === 'job') times.job.push(await runBulkJob(api, job.ids));
        else times.erasers.push(await runErasersOnly(services, base.accountId, base.ids));
      }
    }
  } finally {
    await app.close();
    await drop();
  }
  const row = (target: string, seconds: number, ratio: number): P4Row => ({
    target, dialect: opts.dialect, contacts, seconds: Number(seconds.toFixed(2)), contactsPerSecond: Math.round(contacts / seconds), ratio: Number(ratio.toFixed(2)), rounds,
  });
  const job = median(times.job);
  const erasers = median(times.erasers);
  return [row(`P4 bulk obfuscation job (${opts.dialect})`, job, erasers / job), row(`P4 erasers only (${opts.dialect})`, erasers, 1)];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values: args } = parseArgs({
    options: {
      contacts: { type: 'string' }, rounds: { type: 'string' }, quick: { type: 'boolean', default: false },
      dialect: { type: 'string', default: 'sqlite,postgres' }, url: { type: 'string' },
    },
  });
  const rows: P4Row[] = [];
  for (const dialect of (args.dialect ?? '').split(',').map((d) => d.trim()).filter((d): d is P4Dialect => d === 'sqlite' || d === 'postgres')) {
    rows.push(...await measureP4({
      dialect, quick: args.quick,
      ...(args.url ? { url: args.url } : {}), ...(args.contacts ? { contacts: Number(args.contacts) } : {}), ...(args.rounds ? { rounds: Number(args.rounds) } : {}),
    }));
  }
  console.table(rows);
}
