// Backups of a SQLite database while the server writes, and their restore (docs/operations.md, issue 36).
//
// A backup is SQLite's online backup API (better-sqlite3's db.backup) on a connection of its own: it copies the
// pages as one read transaction sees them, so it is a snapshot of committed transactions, never of half of one, and
// in WAL mode it blocks no writer. When another connection writes between two steps, SQLite restarts the copy: after a
// restart the rest is copied in one step, which then cannot be interrupted. PostgreSQL is backed up with its own
// tools (pg_dump, or a base backup with WAL archiving): docs/deployment.md.
import { chmodSync, closeSync, copyFileSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { migrations } from './migrations/index.js';
import { openedBy } from './processes.js';

/** Pages copied a step while no write interrupted the copy (16 MiB of 4 KiB pages): the progress a bar shows. */
export const BACKUP_STEP_PAGES = 4096;

export interface BackupProgress { readonly totalPages: number; readonly remainingPages: number }

export interface BackupReport {
  readonly file: string;
  readonly bytes: number;
  readonly pages: number;
  /** The newest migration the backup holds: its schema version. */
  readonly schema: string;
  /** How many times a write by another connection restarted the copy. */
  readonly restarts: number;
  readonly seconds: number;
}

export class BackupError extends Error {}

/** The newest migration a database file records, after checking it is an eventline database this version can run. */
export function schemaVersion(db: SQLite.Database, what: string): string {
  const table = db.prepare("select name from sqlite_master where type = 'table' and name = 'eventline_migration'").get();
  if (!table) throw new BackupError(`${what} is not an eventline database (no migration table)`);
  const names = (db.prepare('select name from eventline_migration order by name').all() as Array<{ name: string }>).map((r) => r.name);
  const unknown = names.filter((n) => !Object.hasOwn(migrations, n));
  if (unknown.length > 0) throw new BackupError(`${what} was written by a newer eventline (migrations ${unknown.join(', ')} are unknown to this version): restore it with that version or newer`);
  return names[names.length - 1] ?? '(none)';
}

function integrity(db: SQLite.Database, what: string): void {
  const rows = db.prepare('pragma integrity_check').all() as Array<{ integrity_check: string }>;
  if (rows.length !== 1 || rows[0]?.integrity_check !== 'ok') {
    throw new BackupError(`${what} fails SQLite's integrity check: ${rows.slice(0, 5).map((r) => r.integrity_check).join('; ')}`);
  }
}

/** Copies the live database at `source` to `target` (a new file), consistent while other processes write. */
export async function backupSqlite(source: string, target: string, onProgress?: (p: BackupProgress) => void): Promise<BackupReport> {
  if (!existsSync(source)) throw new BackupError(`there is no database at ${source}`);
  if (existsSync(target)) throw new BackupError(`${target} exists: a backup never overwrites a file`);
  const started = performance.now();
  const db = new SQLite(source, { fileMustExist: true });
  let restarts = 0;
  try {
    db.pragma('busy_timeout = 5000');
    schemaVersion(db, source);
    let lastRemaining = Infinity;
    let oneStep = false;
    // The file is created by the backup; it holds personal data: only its owner may read it (set before any page lands).
    closeSync(openSync(target, 'wx', 0o600));
    await db.backup(target, {
      progress: ({ totalPages, remainingPages }) => {
        if (remainingPages > lastRemaining) restarts += 1;
        lastRemaining = remainingPages;
        onProgress?.({ totalPages, remainingPages });
        if (restarts > 0) oneStep = true;
        return oneStep ? 0x7fffffff : BACKUP_STEP_PAGES;
      },
    });
  } catch (err) {
    rmSync(target, { force: true });
    throw err;
  } finally {
    db.close();
  }
  const copy = new SQLite(target, { fileMustExist: true });
  let schema: string;
  let pages: number;
  try {
    integrity(copy, `the backup ${target}`);
    schema = schemaVersion(copy, `the backup ${target}`);
    pages = Number(copy.pragma('page_count', { simple: true }));
    // A self-contained file: no -wal beside it.
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  const fd = openSync(target, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  onProgress?.({ totalPages: pages, remainingPages: 0 });
  return { file: target, bytes: statSync(target).size, pages, schema, restarts, seconds: (performance.now() - started) / 1000 };
}

/** Checks a backup file: SQLite, intact, an eventline schema this version can run. Answers its schema version. */
export function checkBackup(file: string): string {
  if (!existsSync(file)) throw new BackupError(`there is no backup at ${file}`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new BackupError(`${file} is not a SQLite database: ${(err as Error).message}`);
  }
  try {
    integrity(db, `the backup ${file}`);
    return schemaVersion(db, `the backup ${file}`);
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} is not a readable SQLite database: ${(err as Error).message}`);
  } finally {
    db.close();
  }
}

/**
 * Replaces the database at `target` by the backup: refused while a live process has it open. The backup is copied
 * beside the target, synced, and renamed over it. The old -wal and -shm go first: SQLite would otherwise replay the
 * old database's WAL onto the restored file. (A crash between the two leaves the old database without what its WAL
 * held; it was being replaced.)
 */
export function restoreSqlite(backup: string, target: string): { schema: string } {
  const schema = checkBackup(backup);
  const running = openedBy(target);
  if (running.length > 0) {
    throw new BackupError(`a server or worker has ${target} open (process ${running.join(', ')}): stop every eventline process on it before restoring`);
  }
  const temporary = `${target}.restoring`;
  rmSync(temporary, { force: true });
  closeSync(openSync(temporary, 'wx', 0o600));
  copyFileSync(backup, temporary);
  chmodSync(temporary, 0o600);
  const fd = openSync(temporary, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${target}${suffix}`, { force: true });
  renameSync(temporary, target);
  return { schema };
}
