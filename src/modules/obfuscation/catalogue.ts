// The database's own catalogue, read by obfuscation.repository: every column
// of every table, so places added later are covered without changes here.

export interface CatalogueColumn { table: string; column: string }
export interface Catalogue {
  readonly columns: readonly CatalogueColumn[];
  /** Tables with an `id` column (to name the row of a hit). */
  readonly keyed: ReadonlySet<string>;
  /** Tables with an `account_id` column. */
  readonly accountScoped: ReadonlySet<string>;
  /** Columns declared to hold text (the safety net's scope; the verifier reads every column). */
  readonly textual: ReadonlySet<string>;
}

// Tables whose rows a registered eraser handles whole, or that hold no free text written by clients.
const SAFETY_NET_SKIP = new Set(['contacts', 'contact_obfuscations', 'bulk_jobs', 'bulk_job_records', 'api_usage', 'kysely_migration', 'kysely_migration_lock']);

/**
 * The safety net's scope: the text columns of every account-scoped table with
 * an id that are declared to hold personal data (`cleared`, `replaced` or
 * `free-text`), by table. Timestamps are left out: they cannot hold an email or a name.
 */
export function safetyNetColumns(catalogue: Catalogue, personal: ReadonlySet<string>): Map<string, string[]> {
  const byTable = new Map<string, string[]>();
  for (const c of catalogue.columns) {
    if (SAFETY_NET_SKIP.has(c.table) || !catalogue.accountScoped.has(c.table) || !catalogue.keyed.has(c.table)) continue;
    if (c.column === 'id' || c.column === 'account_id' || !catalogue.textual.has(`${c.table}.${c.column}`)) continue;
    // Only the columns their table declares may hold personal data (src/db/tables.ts; a test fails on an
    // undeclared text column): ids, codes, enums and settings declared 'none' are not scanned per contact.
    if (!personal.has(`${c.table}.${c.column}`)) continue;
    if (/^(created|last_modified|.*_at)$/.test(c.column)) continue;
    byTable.set(c.table, [...(byTable.get(c.table) ?? []), c.column]);
  }
  return byTable;
}
