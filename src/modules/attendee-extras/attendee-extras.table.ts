import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

/** An attendee's email subscription status for its event (one row per attendee, written by PUT .../email-subscriptions). */
export interface AttendeeEmailSubscriptionsTable extends OwnedColumns, AuditColumns {
  attendee_id: string;
  event_id: string;
  contact_id: string; // the attendee's contact, so a merge moves the row with the registration
  unsubscribed: number; // 0 | 1
}

/** A planner's internal-information answer about an attendee, to one of its event's questions (PUT .../internal-information-questions). */
export interface AttendeeInternalAnswersTable extends OwnedColumns, AuditColumns {
  attendee_id: string;
  event_id: string;
  contact_id: string; // the attendee's contact: its obfuscation clears the answers
  question_id: string;
  value: string; // JSON array of strings
}

// An internal answer is written about the attendee: cleared with its contact, and redacted where another's quotes it.
export const ATTENDEE_EXTRAS_TABLES = declareTables('attendee-extras', {
  attendee_email_subscriptions: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'attendee_id', 'event_id', 'contact_id'] },
  attendee_internal_answers: { personal: { value: 'cleared' }, none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'attendee_id', 'event_id', 'contact_id', 'question_id'] },
});
