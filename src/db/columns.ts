// Column groups most tables share (the migrations' `owned` and `audited`),
// declared once for the Kysely table interfaces and the tables' declarations.

/** An account's row: its UUID text id and the account it belongs to. */
export interface OwnedColumns {
  id: string;
  account_id: string;
}

/** When and by whom a row was created and last changed (the reference's audit fields). */
export interface AuditColumns {
  created: string;
  last_modified: string;
  created_by: string;
  last_modified_by: string;
}

/** OwnedColumns' names, for a table's declaration (src/db/declare.ts): ids, no personal data. */
export const OWNED_COLUMNS = ['id', 'account_id'] as const satisfies readonly (keyof OwnedColumns)[];

/** AuditColumns' names, for a table's declaration: timestamps and the ids of who wrote the row, no personal data. */
export const AUDIT_COLUMNS = ['created', 'last_modified', 'created_by', 'last_modified_by'] as const satisfies readonly (keyof AuditColumns)[];
