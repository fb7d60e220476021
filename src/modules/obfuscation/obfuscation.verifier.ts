import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { endianness } from 'node:os';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import type { Dialect } from '../../db/index.js';
import { storedForms } from '../privacy/index.js';
import { errorCode, type DiskRepository } from './disk.repository.js';
import type { ObfuscationRepository } from './obfuscation.repository.js';
import { needlesOf, scanFile } from './raw-scan.js';

export interface VerifierHit {
  /**
   * `table.column` for a row, `file:<path under the data dir>` for a stored file or a
   * SQLite file (`file:eventline.db-wal`), `pgdata:<path under PostgreSQL's data
   * directory> (<relation>)` for a relation file.
   */
  readonly place: string;
  /** The row's id (or key) when the table has one. */
  readonly row?: string;
  /** Which of the searched values was found (index into `values`), never the value itself. */
  readonly valueIndex: number;
}

export interface VerifyOptions {
  readonly contactId: string;
  /** The former values to hunt for. */
  readonly values: readonly string[];
  /** Files under this folder are scanned too. */
  readonly dataDir?: string;
  /**
   * Also read the database's own files byte by byte (what no query sees: old row
   * versions, freed space, index entries, WAL frames): SQLite's file with its -wal,
   * -shm and -journal; PostgreSQL's relation files when this process can read them.
   */
  readonly rawBytes?: boolean;
  /** SQLite: the database file (the service fills in the configured one). */
  readonly sqliteFile?: string;
  /** PostgreSQL: where this machine sees the server's data directory; default: what the server reports (SHOW data_directory). */
  readonly pgDataDirectory?: string;
  /** PostgreSQL: CHECKPOINT first, so pages changed in the server's memory are in the files read (default true). */
  readonly checkpoint?: boolean;
}

export interface VerifierReport {
  readonly contactId: string;
  readonly contactPurged: boolean | null;
  readonly tablesScanned: number;
  readonly columnsScanned: number;
  /** Files under the data dir (the database's own files are counted in databaseFilesScanned). */
  readonly filesScanned: number;
  /** The database's files read byte by byte: SQLite's file, WAL, shared memory and journal; PostgreSQL relation file segments. */
  readonly databaseFilesScanned: number;
  readonly bytesScanned: number;
  readonly hits: readonly VerifierHit[];
  /** The checks that ran. */
  readonly checksRun: readonly string[];
  /** Each check that did not run, or ran only in part, with the reason: nobody should assume it was done. */
  readonly checksNotRun: readonly string[];
  /** Places no check of this command reaches, said plainly so nobody assumes they were checked. */
  readonly notScanned: readonly string[];
}

export interface VerifierDeps {
  readonly repo: ObfuscationRepository;
  readonly disk: DiskRepository;
  readonly dialect: Dialect;
}

const CHECK_ROWS = 'database rows (every column of every table, from the catalogue)';
const CHECK_DATA_DIR = 'files under the data dir';
const CHECK_SQLITE = 'SQLite files, raw bytes (database file, -wal, -shm, -journal)';
const CHECK_PG = 'PostgreSQL relation files, raw bytes (tables, indexes, TOAST, and the planner statistics in pg_statistic)';

const ALWAYS_NOT_SCANNED = [
  'request logs: written to stdout by the HTTP logger (never to the database or the data dir), with personal data redacted; check your log shipper\'s retention',
];

const PG_NOT_SCANNED = [
  'PostgreSQL WAL segments (pg_wal/): they hold the old row versions until the server recycles them, and recycled segments are overwritten, not zeroed',
  'archived WAL and point-in-time-recovery archives, base backups and pg_dump files: they keep the values for as long as you keep them',
  'streaming replicas and standbys: their own files and WAL (they receive the erasure and the compaction, and drop old versions once they replay them)',
  'system catalogues other than pg_statistic, PostgreSQL server logs (when statement logging is on)',
  'values PostgreSQL stored compressed (TOAST compression of values over about 2 kB): the byte scan cannot see inside them',
  'operating-system swap, filesystem snapshots and disk blocks freed by the filesystem',
];

const SQLITE_NOT_SCANNED = [
  'copies and backups of the SQLite file, filesystem snapshots and disk blocks freed by the filesystem (a truncated WAL\'s old blocks)',
];

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isDirectory()) walk(p, out);
    else if (st.isFile()) out.push(p);
  }
}

function why(err: unknown): string {
  return errorCode(err) ?? (err instanceof Error ? err.message : String(err));
}

/** The system identifier at the start of global/pg_control, as the server's native byte order writes it. */
function controlFileIdentifier(dataDir: string): string {
  const fd = openSync(join(dataDir, 'global', 'pg_control'), 'r');
  try {
    const buf = Buffer.alloc(8);
    if (readSync(fd, buf, 0, 8, 0) !== 8) throw new Error('global/pg_control is shorter than 8 bytes');
    return (endianness() === 'LE' ? buf.readBigUInt64LE(0) : buf.readBigUInt64BE(0)).toString();
  } finally {
    closeSync(fd);
  }
}

class Scan {
  readonly hits: VerifierHit[] = [];
  readonly checksRun: string[] = [];
  readonly checksNotRun: string[] = [];
  readonly needles: string[][];
  files = 0;
  databaseFiles = 0;
  bytes = 0;

  constructor(values: readonly string[]) {
    this.needles = needlesOf(values);
  }

  /** Scans one file; false (and nothing counted) when it could not be read. */
  file(path: string, place: string, database: boolean): boolean {
    try {
      const { found, bytes } = scanFile(path, this.needles);
      if (database) this.databaseFiles += 1;
      else this.files += 1;
      this.bytes += bytes;
      for (const valueIndex of [...found].sort((a, b) => a - b)) this.hits.push({ place, valueIndex });
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Proof for a privacy team: scans every text column of every table, found
 * from the database catalogue (so places added later are covered without
 * changes here), every file under the data dir, and (rawBytes) the database's
 * own files byte by byte, for the contact's former values in any letter case
 * and Unicode form. The report says which checks ran and which could not.
 */
export async function verifyObfuscated(deps: VerifierDeps, contactPurged: boolean | null, opts: VerifyOptions): Promise<VerifierReport> {
  const scan = new Scan(opts.values);
  const forms = opts.values.map((v) => storedForms([v]));
  const { columns, keyed } = await deps.repo.readCatalogue();
  for (const { table, column } of columns) {
    for (const [valueIndex, vforms] of forms.entries()) {
      if (vforms.length === 0) continue;
      for (const row of await deps.repo.rowsHolding(table, column, keyed.has(table), vforms)) {
        scan.hits.push({ place: `${table}.${column}`, ...(row !== null ? { row } : {}), valueIndex });
      }
    }
  }
  scan.checksRun.push(CHECK_ROWS);

  const sqliteFiles = deps.dialect === 'sqlite' && opts.sqliteFile && opts.sqliteFile !== ':memory:'
    ? new Set(['', '-wal', '-shm', '-journal'].map((s) => resolve(`${opts.sqliteFile ?? ''}${s}`)))
    : new Set<string>();
  if (opts.dataDir) scanDataDir(scan, opts.dataDir, sqliteFiles);

  if (!opts.rawBytes) {
    scan.checksNotRun.push(`${deps.dialect === 'sqlite' ? CHECK_SQLITE : CHECK_PG}: not requested (eventline contacts verify-obfuscated always runs it)`);
  } else if (deps.dialect === 'sqlite') {
    scanSqlite(scan, opts);
  } else {
    await scanPostgres(scan, deps.disk, opts);
  }

  return {
    contactId: opts.contactId,
    contactPurged,
    tablesScanned: new Set(columns.map((c) => c.table)).size,
    columnsScanned: columns.length,
    filesScanned: scan.files,
    databaseFilesScanned: scan.databaseFiles,
    bytesScanned: scan.bytes,
    hits: scan.hits,
    checksRun: scan.checksRun,
    checksNotRun: scan.checksNotRun,
    notScanned: [...ALWAYS_NOT_SCANNED, ...(deps.dialect === 'postgres' ? PG_NOT_SCANNED : SQLITE_NOT_SCANNED)],
  };
}

function scanDataDir(scan: Scan, dataDir: string, skip: ReadonlySet<string>): void {
  if (!existsSync(dataDir)) {
    scan.checksNotRun.push(`${CHECK_DATA_DIR}: ${dataDir} does not exist`);
    return;
  }
  const files: string[] = [];
  try {
    walk(dataDir, files);
  } catch (err) {
    scan.checksNotRun.push(`${CHECK_DATA_DIR}: ${dataDir} could not be listed (${why(err)})`);
    return;
  }
  const unreadable: string[] = [];
  for (const file of files) {
    // The SQLite files are the raw-bytes check's, reported under their own name.
    if (skip.has(resolve(file))) continue;
    const name = relative(dataDir, file) || basename(file);
    // Removed or unreadable while the scan ran: said, instead of failing the whole proof.
    if (!scan.file(file, `file:${name}`, false)) unreadable.push(name);
  }
  scan.checksRun.push(CHECK_DATA_DIR);
  if (unreadable.length > 0) scan.checksNotRun.push(`${CHECK_DATA_DIR}: ${unreadable.length} file(s) could not be read: ${unreadable.slice(0, 20).join(', ')}`);
}

function scanSqlite(scan: Scan, opts: VerifyOptions): void {
  const file = opts.sqliteFile;
  if (!file || file === ':memory:') {
    scan.checksNotRun.push(`${CHECK_SQLITE}: the database lives in memory, not in a file`);
    return;
  }
  const place = (path: string): string => {
    const rel = opts.dataDir ? relative(opts.dataDir, path) : '';
    return `file:${rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : basename(path)}`;
  };
  if (!scan.file(file, place(file), true)) {
    scan.checksNotRun.push(`${CHECK_SQLITE}: ${file} could not be read`);
    return;
  }
  for (const suffix of ['-wal', '-shm', '-journal']) {
    const path = `${file}${suffix}`;
    // An absent WAL or journal holds nothing: SQLite removes or never created it.
    if (existsSync(path) && !scan.file(path, place(path), true)) scan.checksNotRun.push(`${CHECK_SQLITE}: ${path} could not be read`);
  }
  scan.checksRun.push(CHECK_SQLITE);
}

async function scanPostgres(scan: Scan, disk: DiskRepository, opts: VerifyOptions): Promise<void> {
  let dataDir = opts.pgDataDirectory;
  if (!dataDir) {
    try {
      dataDir = await disk.pgDataDirectory();
    } catch (err) {
      scan.checksNotRun.push(`${CHECK_PG}: the server did not say where its data directory is (${why(err)}; SHOW data_directory needs superuser or pg_read_all_settings): pass --pg-data-dir`);
      return;
    }
  }
  // The files must be this server's: a local cluster at the same path is another database.
  let localId: string;
  try {
    localId = controlFileIdentifier(dataDir);
  } catch (err) {
    scan.checksNotRun.push(`${CHECK_PG}: ${dataDir} cannot be read by this process (${why(err)}): the server runs on another machine, or its files belong to another user`);
    return;
  }
  let serverId: string | undefined;
  try {
    serverId = await disk.pgSystemIdentifier();
  } catch {
    serverId = undefined;
  }
  if (serverId !== undefined && serverId !== localId) {
    scan.checksNotRun.push(`${CHECK_PG}: ${dataDir} holds another PostgreSQL cluster (system identifier ${localId}, the server's is ${serverId}): the server runs elsewhere`);
    return;
  }
  if (opts.checkpoint !== false) {
    try {
      await disk.pgCheckpoint();
    } catch (err) {
      scan.checksNotRun.push(`${CHECK_PG}, in part: CHECKPOINT ${errorCode(err) === '42501' ? 'not permitted (needs superuser or pg_checkpoint)' : `failed (${why(err)})`}, so pages changed since the server's last checkpoint may not be in the files yet`);
    }
  } else {
    scan.checksNotRun.push(`${CHECK_PG}, in part: no CHECKPOINT was asked for, so pages changed since the server's last checkpoint may not be in the files yet`);
  }
  const relations = await disk.pgRelationFiles();
  const unreadable: string[] = [];
  for (const { relation, path } of relations) {
    // Segments of 1 GiB each: base/16384/24576, then .1, .2, ...
    for (let seg = 0; ; seg++) {
      const rel = seg === 0 ? path : `${path}.${seg}`;
      const abs = join(dataDir, rel);
      if (seg > 0 && !existsSync(abs)) break;
      if (!scan.file(abs, `pgdata:${rel} (${relation})`, true)) {
        unreadable.push(`${rel} (${relation})`);
        break;
      }
    }
  }
  if (unreadable.length === relations.length && relations.length > 0) {
    scan.checksNotRun.push(`${CHECK_PG}: none of the ${relations.length} relation files under ${dataDir} could be read`);
    return;
  }
  scan.checksRun.push(CHECK_PG);
  if (unreadable.length > 0) scan.checksNotRun.push(`${CHECK_PG}, in part: ${unreadable.length} relation file(s) could not be read (rewritten or dropped while the scan ran?): ${unreadable.slice(0, 20).join(', ')}`);
}
