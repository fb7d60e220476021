// The database's own catalogue, read by obfuscation.repository: every column
// of every table, so places added later are covered without changes here.

export interface CatalogueColumn { table: string; column: string }
export interface Catalogue {
  readonly columns: readonly CatalogueColumn[];
  /** Tables with an `id` column (to name the row of a hit). */
  readonly keyed: ReadonlySet<string>;
  /** Tables with an `account_id` column. */
  readonly accountScoped: ReadonlySet<string>;
  /** Columns of a text type (the verifier reads every column). */
  readonly textual: ReadonlySet<string>;
}
