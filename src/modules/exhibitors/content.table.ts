import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AuditColumns, OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

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
export const EXHIBITOR_CONTENT_TABLES = declareTables<Database>('exhibitors', {
  exhibitor_files: {
    id: 'none', account_id: 'none', event_id: 'none', exhibitor_id: 'none', display_name: 'free-text',
    created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
  exhibitor_weblinks: {
    id: 'none', account_id: 'none', event_id: 'none', exhibitor_id: 'none', name: 'free-text', url: 'free-text',
    created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
});

export type ExhibitorFileRow = Selectable<ExhibitorFilesTable>;
export type NewExhibitorFileRow = Insertable<ExhibitorFilesTable>;
export type WeblinkRow = Selectable<ExhibitorWeblinksTable>;
export type NewWeblinkRow = Insertable<ExhibitorWeblinksTable>;
export type WeblinkPatch = Updateable<ExhibitorWeblinksTable>;
