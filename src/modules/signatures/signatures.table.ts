import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

/** An attendee's signature at check-in (and check-out) of an event or a session: images from POST /files, attached to the contact. */
export interface AttendeeSignaturesTable extends OwnedColumns, AuditColumns {
  event_id: string;
  session_id: string | null;
  attendee_id: string;
  contact_id: string; // the attendee's contact: obfuscation deletes the row (and the files eraser the images)
  type: string; // EVENT | SESSION
  checkin_file_id: string;
  checkout_file_id: string | null;
}

export const SIGNATURES_TABLES = declareTables('signatures', {
  attendee_signatures: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'session_id', 'attendee_id', 'contact_id', 'type', 'checkin_file_id', 'checkout_file_id'],
  },
});
