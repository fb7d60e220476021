import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

export interface SeatingsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  name: string;
  code: string | null;
  read_only: number; // 0 | 1
  source_id: string | null;
}

export interface SeatingTablesTable extends OwnedColumns, AuditColumns {
  event_id: string;
  seating_id: string;
  name: string | null;
  code: string | null;
  capacity: number;
  description: string | null;
  source_id: string | null;
}

export interface SeatingSeatsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  seating_id: string;
  table_id: string;
  name: string;
  source_id: string | null;
}

export interface SeatingAssignmentsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  seating_id: string;
  table_id: string;
  seat_id: string;
  attendee_id: string; // an attendee of the seating's event
}

// A planner names charts, tables and seats freely ("Smith family table", "Dr Lee's seat"): the names and the table's
// description are free text that may quote a person, so erasure redacts mentions there. Assignments hold ids only.
export const SEATING_TABLES = declareTables('seating', {
  seatings: { personal: { name: 'free-text' }, none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'code', 'source_id'] },
  seating_tables: {
    personal: { name: 'free-text', description: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'seating_id', 'code', 'source_id'],
  },
  seating_seats: { personal: { name: 'free-text' }, none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'seating_id', 'table_id', 'source_id'] },
  seating_assignments: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'seating_id', 'table_id', 'seat_id', 'attendee_id'] },
});
