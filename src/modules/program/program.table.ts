import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

export interface SessionLocationsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  code: string;
  name: string;
}

export interface SessionCategoriesTable extends OwnedColumns, AuditColumns {
  name: string;
  description: string | null;
}

export interface SessionSegmentsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  session_id: string;
  segment_id: string; // an audience segment of the account
  active: number; // 0 | 1
}

export interface ProgramItemsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  session_id: string;
  name: string;
  duration: number; // minutes
  description: string | null;
  rte_description: string | null;
}

export interface SessionDocumentsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  session_id: string;
  file_id: string; // attached as 'session-document:<session id>'
}

export interface ProgramItemDocumentsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  session_id: string;
  program_item_id: string;
  file_id: string; // a document of the program item's session
}

// Rooms, headings and program items are the planner's catalogue; their descriptions are free text that may quote
// a person (a speaker's name), so erasure redacts mentions there. The link tables hold ids only.
export const PROGRAM_TABLES = declareTables('program', {
  session_locations: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'code', 'name'] },
  session_categories: { personal: { description: 'free-text' }, none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'name'] },
  session_segments: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'session_id', 'segment_id'] },
  program_items: {
    personal: { description: 'free-text', rte_description: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'session_id', 'name'],
  },
  session_documents: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'session_id', 'file_id'] },
  program_item_documents: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'session_id', 'program_item_id', 'file_id'] },
});
