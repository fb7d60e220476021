import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { storedForms } from '../privacy/index.js';
import type { ObfuscationRepository } from './obfuscation.repository.js';

export interface VerifierHit {
  /** `table.column` for a database hit, `file:<path under the data dir>` for a stored file. */
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
  /** The live SQLite database file, scanned through its catalogue instead of byte by byte. */
  readonly sqliteFile?: string;
}

export interface VerifierReport {
  readonly contactId: string;
  readonly contactPurged: boolean | null;
  readonly tablesScanned: number;
  readonly columnsScanned: number;
  readonly filesScanned: number;
  readonly hits: readonly VerifierHit[];
  /** Places the scan cannot see, said plainly so nobody assumes they were checked. */
  readonly notScanned: readonly string[];
}

const MAX_FILE_BYTES = 256 * 1024 * 1024;

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isDirectory()) walk(p, out);
    else if (st.isFile()) out.push(p);
  }
}

/**
 * Proof for a privacy team: scans every text column of every table, found
 * from the database catalogue (so places added later are covered without
 * changes here), and every file under the data dir, for the contact's former
 * values. Matching is case-insensitive, also in JSON-escaped form.
 */
export async function verifyObfuscated(repo: ObfuscationRepository, contactPurged: boolean | null, opts: VerifyOptions): Promise<VerifierReport> {
  const forms = opts.values.map((v) => storedForms([v]));
  const { columns, keyed } = await repo.readCatalogue();
  const hits: VerifierHit[] = [];
  for (const { table, column } of columns) {
    for (const [valueIndex, vforms] of forms.entries()) {
      if (vforms.length === 0) continue;
      for (const row of await repo.rowsHolding(table, column, keyed.has(table), vforms)) {
        hits.push({ place: `${table}.${column}`, ...(row !== null ? { row } : {}), valueIndex });
      }
    }
  }
  let filesScanned = 0;
  const notScanned = [
    'request logs: written to stdout by the HTTP logger (never to the database or the data dir), with personal data redacted; check your log shipper\'s retention',
  ];
  if (opts.dataDir && existsSync(opts.dataDir)) {
    const files: string[] = [];
    walk(opts.dataDir, files);
    const dbFiles = opts.sqliteFile ? new Set(['', '-wal', '-shm', '-journal'].map((s) => resolve(`${opts.sqliteFile ?? ''}${s}`))) : new Set<string>();
    for (const file of files) {
      // The live database is scanned through its catalogue above; its raw pages may still hold freed bytes until SQLite reuses them.
      if (dbFiles.has(resolve(file))) continue;
      let text: string;
      try {
        if (statSync(file).size > MAX_FILE_BYTES) {
          notScanned.push(`file:${relative(opts.dataDir, file)} (larger than ${MAX_FILE_BYTES} bytes)`);
          continue;
        }
        text = readFileSync(file).toString('utf8').toLowerCase();
      } catch {
        // Removed or unreadable while the scan ran: say so instead of failing the whole proof.
        notScanned.push(`file:${relative(opts.dataDir, file)} (could not be read)`);
        continue;
      }
      filesScanned += 1;
      for (const [valueIndex, vforms] of forms.entries()) {
        if (vforms.some((f) => text.includes(f.toLowerCase()))) hits.push({ place: `file:${relative(opts.dataDir, file) || basename(file)}`, valueIndex });
      }
    }
  }
  return {
    contactId: opts.contactId,
    contactPurged,
    tablesScanned: new Set(columns.map((c) => c.table)).size,
    columnsScanned: columns.length,
    filesScanned,
    hits,
    notScanned,
  };
}
