import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

/** An attendee's badge of an event; `badge_id` is the reference's badge id (printed on it), unique in the event. */
export interface BadgesTable extends OwnedColumns, AuditColumns {
  event_id: string;
  badge_id: string;
  attendee_id: string;
  status: string; // Assigned | Active | Deactivated | Deleted
  type: string; // Epc | Qr
}

/** A pool of badge printers of an event (the reference lists them; eventline's extension creates them). */
export interface BadgePrinterPoolsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  name: string;
  disabled: number; // 0 | 1
}

/** A badge print job: renders the badges (one PDF page each) into a file. */
export interface BadgePrintJobsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  pool_id: string;
  badge_id: string; // the reference's badgeId: the first badge printed
  badge_ids: string; // JSON array of the badge ids printed, in page order
  attendee_ids: string; // JSON array of their attendees (erasure finds a contact's jobs by them)
  printer_id: string | null; // eventline renders PDFs: no printer is ever assigned
  status: string; // Scheduled | Rescheduled | Assigned | Failed | Done | Canceled
  code: string | null; // BadgePrintJobErrorCode when Failed
  message: string | null;
  file_id: string | null; // the rendered PDF (files module), attached as 'badge-print-job:<id>'
  pages: number;
}

// Badge ids are codes eventline or the client assigns (ids, not names); a job's message is written by eventline
// (error codes and counts, never attendee data). The PDF holds names: it is a file attached to the attendee's contact.
export const BADGES_TABLES = declareTables('badges', {
  badges: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'badge_id', 'attendee_id', 'status', 'type'] },
  badge_printer_pools: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'name'] },
  badge_print_jobs: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'pool_id', 'badge_id', 'badge_ids', 'attendee_ids', 'printer_id', 'status', 'code', 'message', 'file_id'],
  },
});
