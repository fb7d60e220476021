import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

/** A file of the files module associated with an exhibitor: `id` is the file's id (attached as 'exhibitor-file:<exhibitorId>'). */
export interface ExhibitorFilesTable extends OwnedColumns, AuditColumns {
  event_id: string;
  exhibitor_id: string;
  display_name: string;
  hidden: number;
  display_order: number;
}

export interface ExhibitorWeblinksTable extends OwnedColumns, AuditColumns {
  event_id: string;
  exhibitor_id: string;
  name: string;
  url: string; // http or https only
  hidden: number;
  display_order: number;
}

// Display names are written by planners and exhibitors: free text that may
// quote a person (matched by content.erasers.ts). A URL may carry a name too.
export const EXHIBITOR_CONTENT_TABLES = declareTables('exhibitors', {
  exhibitor_files: { personal: { display_name: 'free-text' }, none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'exhibitor_id'] },
  exhibitor_weblinks: { personal: { name: 'free-text', url: 'free-text' }, none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'exhibitor_id'] },
});
