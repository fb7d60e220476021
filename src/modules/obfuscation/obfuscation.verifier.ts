import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import { readCatalogue } from './catalogue.js';
import { likePattern, storedForms } from './redact.js';

export interface VerifierHit {
  /** `table.column` for a database hit, `file:<path under the data dir>` for a stored file. */
  readonly place: string;
  /** The row's id (or key) when the table has one. */
  readonly row?: string;
  /** Which of the searched values was found (index into `values`), never the value itself. */
  readonly valueIndex: number;
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
export async function verifyObfuscated(
  db: Db, dialect: Dialect, opts: { contactId: string; values: readonly string[]; dataDir?: string; sqliteFile?: string },
): Promise<VerifierReport> {
  const forms = opts.values.map((v) => storedForms([v]));
  const { columns, keyed } = await readCatalogue(db, dialect);
  const hits: VerifierHit[] = [];
  for (const { table, column } of columns) {
    for (const [valueIndex, vforms] of forms.entries()) {
      if (vforms.length === 0) continue;
      const key = keyed.has(table) ? 'id' : undefined;
      const conds = vforms.map((f) => sql`lower(cast(${sql.ref(column)} as text)) like ${likePattern(f)} escape '\\'`);
      const rows = await sql<{ k: unknown }>`select ${key ? sql.ref(key) : sql`null`} as k from ${sql.table(table)} where ${sql.join(conds, sql` or `)}`.execute(db);
      for (const r of rows.rows) hits.push({ place: `${table}.${column}`, ...(r.k !== null && r.k !== undefined ? { row: String(r.k) } : {}), valueIndex });
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
  const contact = await db.selectFrom('contacts').select('purged').where('id', '=', opts.contactId.toLowerCase()).executeTakeFirst();
  return {
    contactId: opts.contactId,
    contactPurged: contact ? contact.purged === 1 : null,
    tablesScanned: new Set(columns.map((c) => c.table)).size,
    columnsScanned: columns.length,
    filesScanned,
    hits,
    notScanned,
  };
}
