import { sql, type Kysely } from 'kysely';
import { flushSearchIndex, type Database } from '../../db/index.js';
import { Repository } from '../../db/repository.js';

// SQL about where the database keeps its bytes: SQLite's checkpoint and VACUUM,
// PostgreSQL's table rewrites, CHECKPOINT, snapshots and relation files. Table
// names come from the database's own catalogue (or the operator, checked against
// it), never from a module: this is storage maintenance, not data access.

/** The SQLSTATE of a driver error (PostgreSQL), or its code (SQLite); undefined for other throws. */
export function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  return typeof err.code === 'string' ? err.code : undefined;
}

/** The advisory lock's first key ('EVLN'); the second is a hash of the schema, so deployments sharing a database do not wait on each other. */
const LOCK_CLASS = 0x45564c4e;

export interface RelationFile {
  /** The table (`contacts`), index (`contacts_pkey`) or `contacts (TOAST)`, `contacts (TOAST index)`. */
  readonly relation: string;
  /** Main fork, relative to the data directory (`base/16384/24576`); segments add `.1`, `.2`, ... */
  readonly path: string;
}

export interface WalCheckpoint {
  /** 1 when a reader kept the checkpoint from finishing (the next one completes it). */
  readonly busy: number;
  readonly log: number;
  readonly checkpointed: number;
}

/** One PostgreSQL session (connection) held for a compaction: VACUUM cannot run in a transaction, and the advisory lock belongs to the session. */
export class PgSession {
  constructor(private readonly conn: Kysely<Database>) {}

  async schema(): Promise<string> {
    const r = await sql<{ s: string | null }>`select current_schema() as s`.execute(this.conn);
    const s = r.rows[0]?.s;
    if (!s) throw new Error('PostgreSQL has no current schema for this connection (check search_path)');
    return s;
  }

  async tryLock(): Promise<boolean> {
    const r = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOCK_CLASS}, hashtext(current_schema())) as ok`.execute(this.conn);
    return r.rows[0]?.ok === true;
  }

  async unlock(): Promise<void> {
    await sql`select pg_advisory_unlock(${LOCK_CLASS}, hashtext(current_schema()))`.execute(this.conn);
  }

  /** The ordinary tables of the current schema. */
  async tables(): Promise<string[]> {
    const r = await sql<{ relname: string }>`
      select c.relname from pg_class c
      where c.relnamespace = (select oid from pg_namespace where nspname = current_schema()) and c.relkind in ('r', 'm')
      order by c.relname`.execute(this.conn);
    return r.rows.map((x) => x.relname);
  }

  /** The table's file number: VACUUM FULL gives the table a new file, so a changed number proves the rewrite happened. */
  async filenode(schema: string, table: string): Promise<string | null> {
    const r = await sql<{ n: string | null }>`select pg_relation_filenode(format('%I.%I', ${schema}::text, ${table}::text)::regclass)::text as n`.execute(this.conn);
    return r.rows[0]?.n ?? null;
  }

  /**
   * Rewrites the table, its TOAST table and its indexes into new files holding live rows only. No ANALYZE here: the
   * compaction analyzes first, so the statistics rows it replaces are dead before it waits for older snapshots.
   */
  async vacuumFull(schema: string, table: string): Promise<void> {
    await sql`vacuum full ${sql.table(`${schema}.${table}`)}`.execute(this.conn);
  }

  /** Refreshes the table's planner statistics from its live rows (most-common values and histograms hold column values). */
  async analyze(schema: string, table: string): Promise<void> {
    await sql`analyze ${sql.table(`${schema}.${table}`)}`.execute(this.conn);
  }

  /** pg_statistic's file number (this database's): VACUUM FULL gives it a new one. */
  async statisticsFilenode(): Promise<string | null> {
    const r = await sql<{ n: string | null }>`select pg_relation_filenode('pg_catalog.pg_statistic'::regclass)::text as n`.execute(this.conn);
    return r.rows[0]?.n ?? null;
  }

  /**
   * Rewrites pg_statistic (and its TOAST table): ANALYZE replaces a table's statistics rows, but the
   * old ones (with the erased values they sampled) stay in the catalogue's file as dead tuples until
   * it is rewritten. Only a superuser (or, on PostgreSQL 17, a role with MAINTAIN on it) may; another
   * role gets a warning from PostgreSQL and the file number stays.
   */
  async vacuumStatistics(): Promise<void> {
    await sql`vacuum full pg_catalog.pg_statistic`.execute(this.conn);
  }

  async setLockTimeout(ms: number): Promise<void> {
    // SET takes no bind parameters; the value is an integer we computed.
    await sql.raw(`set lock_timeout = ${Math.max(1, Math.trunc(ms))}`).execute(this.conn);
  }

  async resetLockTimeout(): Promise<void> {
    await sql`reset lock_timeout`.execute(this.conn);
  }

  /** The newest transaction id (64-bit) that has finished or is running now: every erasure committed before this call is at or below it. */
  async horizon(): Promise<string> {
    const r = await sql<{ x: string }>`select (pg_snapshot_xmax(pg_current_snapshot())::text::bigint - 1)::text as x`.execute(this.conn);
    return r.rows[0]?.x ?? '0';
  }

  /**
   * How many sessions, replication slots and prepared transactions may still see row
   * versions deleted by transaction `xid` (64-bit) or before: VACUUM FULL keeps those
   * versions for them. That includes a transaction of another database of the cluster
   * that was running before `xid` committed: the rewrite's own snapshot starts at it.
   * Sessions of other roles are seen only with pg_read_all_stats.
   */
  async olderSnapshots(xid: string): Promise<number> {
    // The views show 32-bit ids; age() compares them across wraparound.
    const r = await sql<{ n: number }>`
      with x as (select age((${xid}::bigint % 4294967296)::text::xid) as age)
      select count(*)::int as n from (
        select 1 from pg_stat_activity a
        where a.pid <> pg_backend_pid()
          and (((a.datname = current_database() or a.datname is null)
                and a.backend_xmin is not null and age(a.backend_xmin) >= (select age from x))
            -- A transaction still running in any database holds the rewrite's own snapshot
            -- back (snapshots span the cluster), so its xid counts wherever it runs.
            or (a.backend_xid is not null and age(a.backend_xid) >= (select age from x)))
        union all
        select 1 from pg_replication_slots s
        where (s.database is null or s.database = current_database()) and s.xmin is not null and age(s.xmin) >= (select age from x)
        union all
        select 1 from pg_prepared_xacts p where age(p.transaction) >= (select age from x)
      ) held`.execute(this.conn);
    return r.rows[0]?.n ?? 0;
  }

  async checkpoint(): Promise<void> {
    await sql`checkpoint`.execute(this.conn);
  }
}

export class DiskRepository extends Repository {
  /** SQLite: copies the WAL into the database file and truncates it to zero bytes. */
  async sqliteCheckpoint(): Promise<WalCheckpoint> {
    const r = await sql<WalCheckpoint>`pragma wal_checkpoint(TRUNCATE)`.execute(this.db);
    return r.rows[0] ?? { busy: 1, log: -1, checkpointed: -1 };
  }

  /** SQLite: rebuilds the database file, so no free page or freed cell keeps bytes written before secure_delete was on. */
  async sqliteVacuum(): Promise<void> {
    await this.sqliteFlushSearch();
    await sql`vacuum`.execute(this.db);
    // VACUUM may renumber the rowids of a table without an INTEGER PRIMARY KEY, and an FTS5 search index over
    // such a table (migration 0023) names its rows by rowid: each is rebuilt from its content table. The queue of
    // contacts written since the flush names old rowids too, and the rebuild indexes those contacts as they are now:
    // it is emptied in the rebuild's transaction (src/db/search-index.ts).
    const virtual = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and sql like 'create virtual table % using fts5%'`.execute(this.db);
    await this.db.transaction().execute(async (trx) => {
      for (const { name } of virtual.rows) await sql`insert into ${sql.table(name)} (${sql.ref(name)}) values ('rebuild')`.execute(trx);
      await sql`delete from contacts_search_queue`.execute(trx);
    });
  }

  /** SQLite: moves the queued contacts into the trigram index now, so an erased contact's values leave the queue and the index. */
  sqliteFlushSearch(): Promise<void> {
    return flushSearchIndex(this.db, 'sqlite');
  }

  /** PostgreSQL: runs fn on one connection of the pool, held for its duration. */
  session<T>(fn: (s: PgSession) => Promise<T>): Promise<T> {
    return this.db.connection().execute((conn) => fn(new PgSession(conn)));
  }

  async pgCheckpoint(): Promise<void> {
    await sql`checkpoint`.execute(this.db);
  }

  /** PostgreSQL's data directory as the server names it; needs superuser or pg_read_all_settings. */
  async pgDataDirectory(): Promise<string> {
    const r = await sql<{ data_directory: string }>`show data_directory`.execute(this.db);
    const dir = r.rows[0]?.data_directory;
    if (!dir) throw new Error('the server did not name its data directory');
    return dir;
  }

  /** The cluster's system identifier, also the first 8 bytes of global/pg_control: tells a local copy of another cluster from this one. */
  async pgSystemIdentifier(): Promise<string | undefined> {
    const r = await sql<{ id: string }>`select system_identifier::text as id from pg_control_system()`.execute(this.db);
    return r.rows[0]?.id;
  }

  /** Every relation holding rows of the current schema (its tables, their indexes, their TOAST tables and TOAST indexes), and pg_statistic with its TOAST table. */
  async pgRelationFiles(): Promise<RelationFile[]> {
    const r = await sql<{ relation: string; path: string | null }>`
      with own as (
        select c.oid, c.relname, c.reltoastrelid from pg_class c
        where c.relnamespace = (select oid from pg_namespace where nspname = current_schema()) and c.relkind in ('r', 'i', 'm')
      ), rels as (
        select oid, relname::text as relation from own
        union all select o.reltoastrelid, o.relname || ' (TOAST)' from own o where o.reltoastrelid <> 0
        union all select i.indexrelid, o.relname || ' (TOAST index)' from own o join pg_index i on i.indrelid = o.reltoastrelid where o.reltoastrelid <> 0
      )
      select relation, pg_relation_filepath(oid) as path from rels
      union all
      -- The planner's statistics: most-common values and histograms sampled from the tables' columns.
      select 'pg_statistic', pg_relation_filepath('pg_catalog.pg_statistic'::regclass)
      union all select 'pg_statistic (TOAST)', pg_relation_filepath(c.reltoastrelid) from pg_class c where c.oid = 'pg_catalog.pg_statistic'::regclass and c.reltoastrelid <> 0
      order by relation`.execute(this.db);
    return r.rows.flatMap((x) => (x.path ? [{ relation: x.relation, path: x.path }] : []));
  }
}
