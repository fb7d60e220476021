// Column groups most tables share (the migrations' `owned` and `audited`),
// declared once for the Kysely table interfaces.

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
