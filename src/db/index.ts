import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type MigrationResultSet } from 'kysely';
import pg from 'pg';
import type { Config } from '../config/index.js';
import { migrations } from './migrations/index.js';
import type { Database } from './types.js';

export type { Database } from './types.js';
export type Dialect = 'sqlite' | 'postgres';

/** How long /readyz waits for the database. */
export const PING_TIMEOUT_MS = 2000;
/** How long a request waits for a new PostgreSQL connection (or a free one from a full pool) before it fails with 503. */
export const CONNECT_TIMEOUT_MS = 5000;
export type Db = Kysely<Database>;

export interface DbHandle {
  readonly db: Db;
  readonly dialect: Dialect;
  destroy(): Promise<void>;
}

// The pg driver hands BIGINT/COUNT back in string form; counts here are far below 2^53.
pg.types.setTypeParser(20, (v: string) => Number(v));

export interface DbOptions {
  /**
   * A pooled connection that was idle failed (the server terminated it, a restart, a network cut).
   * The pool has already dropped it and opens a new one on the next query; this only reports it.
   */
  onIdleError?: (err: Error) => void;
}

export function createDb(database: Config['database'], opts: DbOptions = {}): DbHandle {
  if (database.dialect === 'sqlite') {
    // The file holds the token-signing private key and every account's personal data: only its owner may
    // read it. Directories created here are 0700; the file (and the -wal/-shm SQLite derives from it) 0600.
    if (database.file !== ':memory:') {
      mkdirSync(dirname(database.file), { recursive: true, mode: 0o700 });
      closeSync(openSync(database.file, 'a', 0o600));
      chmodSync(database.file, 0o600);
    }
    const sqlite = new SQLite(database.file);
    // WAL lets the worker and API readers run alongside one writer; busy_timeout
    // makes a second process wait for the write lock instead of failing at once.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    // Erasure must reach the disk: freed and overwritten cells are zeroed rather than left in free space.
    sqlite.pragma('secure_delete = ON');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', destroy: () => db.destroy() };
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}

// The schema must be named on PostgreSQL: without it the Migrator looks for
// its tables in every schema and can mistake another schema's for its own.
function migrator(db: Db, schema?: string): Migrator {
  return new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: { getMigrations: () => Promise.resolve(migrations) },
    migrationTableName: 'eventline_migration',
    migrationLockTableName: 'eventline_migration_lock',
  });
}

// Before it migrates, Kysely's Migrator looks for its own tables by listing the tables of every
// schema in the database, naming each one. A table another process drops meanwhile (a second
// deployment in its own schema migrating down) makes that listing fail with 42P01 (undefined
// table) before anything ran here: that is worth another try, not a failed start.
export async function migrating(run: () => Promise<MigrationResultSet>): Promise<MigrationResultSet> {
  for (let attempt = 1; ; attempt++) {
    const result = await run();
    const code: unknown = result.error !== null && typeof result.error === 'object' && 'code' in result.error ? result.error.code : undefined;
    const nothingRan = (result.results ?? []).length === 0;
    if (code === '42P01' && nothingRan && attempt < 5) {
      await new Promise((r) => setTimeout(r, 50 * attempt));
      continue;
    }
    if (result.error) throw result.error;
    return result;
  }
}

export async function migrateToLatest(db: Db, schema?: string): Promise<MigrationResultSet> {
  return migrating(() => migrator(db, schema).migrateToLatest());
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
