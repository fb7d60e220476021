import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

/** An attendee's email subscription status for its event (one row per attendee, written by PUT .../email-subscriptions). */
export interface AttendeeEmailSubscriptionsTable extends OwnedColumns, AuditColumns {
  attendee_id: string;
  event_id: string;
  contact_id: string; // the attendee's contact, so a merge moves the row with the registration
  unsubscribed: number; // 0 | 1
}

export const ATTENDEE_EXTRAS_TABLES = declareTables('attendee-extras', {
  attendee_email_subscriptions: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'attendee_id', 'event_id', 'contact_id'] },
});
