import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type DatabaseIntrospector, type LogEvent, type MigrationResultSet, type SqliteDatabase, type TableMetadata } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Config } from '../config/index.js';
import { migrations } from './migrations/index.js';
import type { Database } from './types.js';
import { PostgresChangeFeed, SqliteChangeFeed, type ChangeFeed } from './changes.js';
import { registerDirectRead } from './compiled.js';
import { SEARCH_SYNC_EVERY_MS, syncSearchIndex } from './search-index.js';
import { createReadPool, PoolingSqliteDialect } from './read-pool.js';
export { OFF_THREAD } from './read-pool.js';
import { markOpen } from './processes.js';
import { tracedDialect, tracedSync } from './tracing.js';
import { tracingEnabled } from '../telemetry/index.js';
export { flushSearchIndex, syncSearchIndexIn } from './search-index.js';

export type { Database } from './types.js';
export type Dialect = 'sqlite' | 'postgres';
export { ANY_CHANGE, type ChangeFeed } from './changes.js';

/** The read-only connections in worker threads that run lists on SQLite (SQLITE_READ_WORKERS). */
export const DEFAULT_READ_WORKERS = 2;

/** How often SQLite's planner statistics are refreshed where the data changed (PRAGMA optimize). */
export const OPTIMIZE_EVERY_MS = 10 * 60 * 1000;

/** How long /readyz waits for the database. */
export const PING_TIMEOUT_MS = 2000;
/** How long a request waits for a new PostgreSQL connection (or a free one from a full pool) before it fails with 503. */
export const CONNECT_TIMEOUT_MS = 5000;
export type Db = Kysely<Database>;

export interface DbHandle {
  readonly db: Db;
  readonly dialect: Dialect;
  /** Change notifications between the processes on this database (per-process caches). */
  readonly changes: ChangeFeed;
  /** Connections of this process (PostgreSQL's pool; SQLite: its one connection), read by the metrics at scrape time. */
  poolStats(): PoolStats;
  /** Hears every failed query Kysely runs (the metrics count them by class); returns the unsubscribe. Never log the error's parameters. */
  onQueryError(listener: (err: unknown) => void): () => void;
  destroy(): Promise<void>;
}

export interface PoolStats {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

// The pg driver hands BIGINT/COUNT back in string form; counts here are far below 2^53.
pg.types.setTypeParser(20, (v: string) => Number(v));

export interface DbOptions {
  /**
   * A pooled connection that was idle failed (the server terminated it, a restart, a network cut).
   * The pool has already dropped it and opens a new one on the next query; this only reports it.
   */
  onIdleError?: (err: Error) => void;
  /**
   * Sees every query Kysely runs, with its parameters (not the direct reads of compiledOnce): the plan test
   * (test/db/plans.test.ts) EXPLAINs the list queries it records. Never set in production: parameters hold personal data.
   */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
}

// Kysely's log hook is the one place that sees every failed query of both dialects. It also runs after each
// successful query (one call that returns at once) unless onQuery is set.
function queryLog(opts: DbOptions, errorListeners: Set<(err: unknown) => void>): { log: (event: LogEvent) => void } {
  const onQuery = opts.onQuery;
  return {
    log: (event) => {
      if (event.level === 'error') {
        for (const listener of errorListeners) listener(event.error);
      } else if (onQuery !== undefined) {
        onQuery(event.query.sql, event.query.parameters);
      }
    },
  };
}

function listening(listeners: Set<(err: unknown) => void>): (listener: (err: unknown) => void) => () => void {
  return (listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
}

/** The writer connection's page cache (KiB) and how many WAL pages trigger an automatic checkpoint. */
const SQLITE_CACHE_KIB = 65_536;
const SQLITE_CHECKPOINT_PAGES = 10_000;

export function createDb(database: Config['database'], opts: DbOptions = {}): DbHandle {
  const errorListeners = new Set<(err: unknown) => void>();
  if (database.dialect === 'sqlite') {
    // The file holds the token-signing private key and every account's personal data: only its owner may
    // read it. Directories created here are 0700; the file (and the -wal/-shm SQLite derives from it) 0600.
    if (database.file !== ':memory:') {
      mkdirSync(dirname(database.file), { recursive: true, mode: 0o700 });
      closeSync(openSync(database.file, 'a', 0o600));
      chmodSync(database.file, 0o600);
    }
    const sqlite = new SQLite(database.file);
    // `eventline restore` refuses to replace a database a live process has open (src/db/processes.ts).
    const unmark = database.file === ':memory:' ? () => undefined : markOpen(database.file);
    // WAL lets the worker and API readers run alongside one writer; busy_timeout
    // makes a second process wait for the write lock instead of failing at once.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    // Erasure must reach the disk: freed and overwritten cells are zeroed rather than left in free space.
    sqlite.pragma('secure_delete = ON');
    // A million contacts: every insert lands on a random leaf of each of the contacts' b-trees (the id, the
    // lower(email), lower(firstName), lower(lastName) keys, the history's), so the default 2 MB page cache misses on
    // nearly each of them, and a checkpoint every 1,000 WAL pages writes the same hot pages back again and again.
    // 64 MiB of cache and a checkpoint every 10,000 pages (~40 MB of WAL) keep a bulk load's rate as the tables
    // grow (bench/README.md, the write cost of the indexes). Erasure still truncates the WAL itself
    // (src/modules/obfuscation/disk.repository.ts).
    sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
    sqlite.pragma(`wal_autocheckpoint = ${SQLITE_CHECKPOINT_PAGES}`);
    const statements = cachingStatements(sqlite);
    // Lists that may scan run on read-only connections in worker threads (src/db/read-pool.ts); an in-memory
    // database has no file for another connection to open.
    const readers = database.file === ':memory:' ? 0 : database.readWorkers ?? DEFAULT_READ_WORKERS;
    const dialect = readers > 0
      ? new PoolingSqliteDialect({ database: statements }, createReadPool(database.file, readers))
      : new SqliteDialect({ database: statements });
    // A span per query only while tracing is on: otherwise the driver is Kysely's own, unwrapped.
    const traced = tracingEnabled();
    const db = new Kysely<Database>({ dialect: traced ? tracedDialect(dialect, 'sqlite') : dialect, ...queryLog(opts, errorListeners) });
    // A BEGIN on the connection (a Kysely transaction, which holds the connection across awaits) makes
    // `inTransaction` true until its COMMIT or ROLLBACK: reads then take Kysely's path and wait for it.
    registerDirectRead(db, traced
      ? (text, parameters) => (sqlite.inTransaction ? undefined : tracedSync('sqlite', text, () => statements.prepare(text).all(parameters)))
      : (text, parameters) => (sqlite.inTransaction ? undefined : statements.prepare(text).all(parameters)));
    const changes = new SqliteChangeFeed(sqlite);
    // Statistics follow the data (a million contacts loaded through the API after the start): PRAGMA optimize
    // re-analyzes only tables that changed much since their last analysis, each on a bounded sample.
    sqlite.pragma('analysis_limit = 1000');
    const optimizing = setInterval(() => {
      try {
        if (sqlite.open && !sqlite.inTransaction) sqlite.pragma('optimize');
      } catch {
        // A busy database: the next round tries again.
      }
    }, OPTIMIZE_EVERY_MS);
    optimizing.unref();
    // The contacts' trigram index follows the writes a few times a second, in batches (src/db/search-index.ts).
    const syncing = setInterval(() => {
      try {
        if (sqlite.open && !sqlite.inTransaction) syncSearchIndex(sqlite);
      } catch {
        // Busy (another process writes), or the schema is not migrated yet: the next round tries again. Until
        // then the queued contacts are read from their rows, through the contacts_search view.
      }
    }, SEARCH_SYNC_EVERY_MS);
    syncing.unref();
    const stop = () => { clearInterval(optimizing); clearInterval(syncing); };
    // One connection, busy while a transaction holds it (the read workers' connections are not counted).
    const poolStats = (): PoolStats => ({ total: 1, idle: sqlite.open && sqlite.inTransaction ? 0 : 1, waiting: 0 });
    return {
      db, dialect: 'sqlite', changes, poolStats, onQueryError: listening(errorListeners),
      destroy: async () => { stop(); await db.destroy(); unmark(); },
    };
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    // Per process: N processes open up to N x poolMax connections (docs/deployment.md).
    max: database.poolMax ?? 10,
    // Unbounded by default: with the database silent (a network partition) every request would wait forever.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Lets the kernel notice a peer that vanished without closing the connection.
    keepAlive: true,
    ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
  });
  // Without listeners, a connection's error (pg_terminate_backend, a PostgreSQL restart, a failover,
  // a network cut) is an unhandled 'error' event that ends the process: every API process and worker
  // at once. Idle connections report through the pool, which drops them; a connection checked out
  // between two queries reports on the client itself: its next query fails (that request answers 503,
  // see http/errors.ts) and the pool drops it on release.
  pool.on('error', (err) => opts.onIdleError?.(err));
  pool.on('connect', (client) => client.on('error', () => undefined));
  const pgDialect = new PostgresDialect({ pool });
  const db = new Kysely<Database>({ dialect: tracingEnabled() ? tracedDialect(pgDialect, 'postgres') : pgDialect, ...queryLog(opts, errorListeners) });
  const changes = new PostgresChangeFeed(db as unknown as Kysely<never>, {
    connectionString: database.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true,
  });
  return {
    db, dialect: 'postgres', changes,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onQueryError: listening(errorListeners),
    destroy: async () => {
      await changes.close();
      await db.destroy();
    },
  };
}

/** How many prepared statements a SQLite connection keeps (the distinct SQL texts of the hot paths fit many times over). */
export const STATEMENT_CACHE_SIZE = 1000;

/** A statement as Kysely's SQLite driver uses it, plus better-sqlite3's `busy` (a streamed query still iterating). */
type CachedStatement = ReturnType<SqliteDatabase['prepare']> & { readonly busy: boolean };
type RawRow = unknown[];

/**
 * A reading statement that returns its rows as arrays (better-sqlite3's raw mode), made into objects here with
 * the statement's column names. better-sqlite3 builds each row object key by key in C++, which costs about twice
 * as much. Measured on the server (bench/ab.ts, SQLite, server CPU per request): `GET /ea/sessions?limit=100`
 * 2,068 → 1,403 µs, `GET /ea/events/{id}` 173 → 143 µs. The rows are the same objects as before: the same keys in
 * column order, a later column of the same name overwriting an earlier one, and maps shared with every other row
 * of the same columns (each object starts empty and gains its keys in order, as in C++; an object literal
 * compiled per statement was tried and was slower overall, as every statement's rows then had maps of their own).
 */
function objectRows(statement: SQLite.Statement): CachedStatement {
  if (!statement.reader) return statement;
  let names: string[] = [];
  const shape = (): void => {
    names = statement.columns().map((c) => c.name);
  };
  shape();
  statement.raw(true);
  const row = (raw: RawRow): Record<string, unknown> => {
    // SQLite re-prepares a statement whose tables changed (another process's migration): `select *` may then
    // return more or fewer columns than were named when it was first prepared.
    if (raw.length !== names.length) shape();
    const o: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) o[names[i]!] = raw[i];
    return o;
  };
  return {
    reader: true,
    get busy() { return statement.busy; },
    all: (parameters) => (statement.all(parameters) as RawRow[]).map(row),
    run: (parameters) => statement.run(parameters),
    iterate: function* (parameters) {
      for (const raw of statement.iterate(parameters) as IterableIterator<RawRow>) yield row(raw);
    },
  };
}

/**
 * Kysely prepares every query afresh, and on SQLite preparing costs more than
 * running a primary-key read. The same SQL text gets the same statement back,
 * least recently used ones dropped past STATEMENT_CACHE_SIZE. A statement still
 * iterating a streamed query is busy: that SQL gets a fresh one. SQLite
 * re-prepares a statement by itself when the schema changed under it.
 * Reading statements build their row objects in JavaScript (objectRows).
 */
export function cachingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, CachedStatement>({ max: STATEMENT_CACHE_SIZE });
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (text: string) => {
      const cached = statements.get(text);
      if (cached && !cached.busy) return cached;
      const statement = objectRows(sqlite.prepare(text));
      statements.set(text, statement);
      return statement;
    },
  };
}

// Kysely's Migrator looks for its two tables by listing every column of every table in every
// schema, with two function calls per column. On a database holding many schemas (several
// deployments, a test run) that takes seconds per call, three calls per start, and races with the
// other schemas' DDL. It only needs the names of the tables in its own schema: this lists those.
function introspectingOnly(db: Db, schema: string): Db {
  const getTables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ name: string }>`select tablename as name from pg_catalog.pg_tables where schemaname = ${schema}`.execute(db);
    return rows.map(({ name }) => ({ name, schema, isView: false, columns: [] }));
  };
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables,
    getMetadata: async () => ({ tables: await getTables() }),
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

// The schema must be named on PostgreSQL: without it the Migrator looks for
// its tables in every schema and can mistake another schema's for its own.
function migrator(db: Db, schema?: string): Migrator {
  return new Migrator({
    db: schema ? introspectingOnly(db, schema) : db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: { getMigrations: () => Promise.resolve(migrations) },
    migrationTableName: 'eventline_migration',
    migrationLockTableName: 'eventline_migration_lock',
  });
}

// Before it migrates, Kysely's Migrator looks for its own tables by listing the tables of every
// schema in the database, naming each one. A table another process drops meanwhile (a second
// deployment in its own schema migrating down) makes that listing fail with 42P01 (undefined
// table), or 42703 (undefined column: another schema's table changing under the listing), before anything
// ran here: that is worth another try, not a failed start.
export async function migrating(run: () => Promise<MigrationResultSet>): Promise<MigrationResultSet> {
  for (let attempt = 1; ; attempt++) {
    const result = await run();
    const code: unknown = result.error !== null && typeof result.error === 'object' && 'code' in result.error ? result.error.code : undefined;
    const nothingRan = (result.results ?? []).length === 0;
    if ((code === '42P01' || code === '42703') && nothingRan && attempt < 5) {
      await new Promise((r) => setTimeout(r, 50 * attempt));
      continue;
    }
    if (result.error) throw result.error;
    return result;
  }
}

export async function migrateToLatest(db: Db, schema?: string): Promise<MigrationResultSet> {
  const result = await migrating(() => migrator(db, schema).migrateToLatest());
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) await optimizeSqlite(db);
  return result;
}

/**
 * SQLite's planner knows a unique email is selective only from statistics (sqlite_stat1), which it never gathers by
 * itself: `PRAGMA optimize` analyzes the tables whose statistics are missing or stale, each on a bounded sample
 * (analysis_limit), as SQLite recommends at start and after large changes. PostgreSQL's autovacuum analyzes.
 */
async function optimizeSqlite(db: Db): Promise<void> {
  // analysis_limit is set on the connection when it opens (createDb).
  await sql`pragma optimize = 0x10002`.execute(db);
}

export interface MigrationStatus {
  /** Migrations this database has run, oldest first, with when. */
  readonly applied: ReadonlyArray<{ readonly name: string; readonly executedAt: string }>;
  /** Migrations of this version of eventline that the database has not run yet (the next start or `eventline migrate` runs them). */
  readonly pending: readonly string[];
  /** Migrations the database has run that this version does not know: a newer eventline migrated it. */
  readonly unknown: readonly string[];
}

/** What `eventline db status` shows: reads the migration table only, runs and locks nothing. */
export async function migrationStatus(db: Db, schema?: string): Promise<MigrationStatus> {
  const infos = await migrator(db, schema).getMigrations();
  const known = new Set(infos.map((i) => i.name));
  let executed: string[] = [];
  try {
    const table = sql.table(schema ? `${schema}.eventline_migration` : 'eventline_migration');
    executed = (await sql<{ name: string }>`select name from ${table}`.execute(db)).rows.map((r) => r.name);
  } catch {
    // No migration table yet: a new database, nothing applied.
  }
  return {
    applied: infos.flatMap((i) => (i.executedAt ? [{ name: i.name, executedAt: i.executedAt.toISOString() }] : [])),
    pending: infos.filter((i) => !i.executedAt).map((i) => i.name),
    unknown: executed.filter((n) => !known.has(n)).sort(),
  };
}

/** Up or down to the named migration (tests of a migration's data step: an old schema, then latest). */
export async function migrateTo(db: Db, target: string, schema?: string): Promise<MigrationResultSet> {
  return migrating(() => migrator(db, schema).migrateTo(target));
}

/**
 * Rejects when the database does not answer within `timeoutMs`: a database behind a network that drops
 * packets never refuses, it only stays silent, and a readiness check must still answer.
 */
export async function ping(db: Db, timeoutMs = PING_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the database did not answer in time')), timeoutMs);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), late]);
  } finally {
    clearTimeout(timer);
  }
}
