import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

/** A file (POST /files) kept as one of an event's planning documents; the file is attached as 'planning-document:<event id>'. */
export interface PlanningDocumentsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  file_id: string;
  name: string;
  category: string | null;
  description: string | null;
  mime_type: string;
  size: number;
  uploaded: string;
  uploaded_by: string;
}

/** A registration path of an event (the reference lists them; eventline's extension creates them). */
export interface RegistrationPathsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  name: string;
  code: string;
  description: string | null;
}

/** An invitation list of an event; at most one is the event's default. */
export interface InvitationListsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  name: string;
  locale: string;
  is_default: number; // 0 | 1
}

/** An email (template) of an event, optionally sent to one invitation list. */
export interface EventEmailsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  invitation_list_id: string | null;
  name: string;
  active: number; // 0 | 1
  subject: string;
  from_name: string | null;
  from_email: string | null;
  reply_to_name: string | null;
  reply_to_email: string | null;
  plaintext_body: string | null;
  html_body: string | null;
  locale: string;
  click_tracking: number; // 0 | 1
}

// Names, codes, categories and locales are the planner's catalogue. Descriptions, an email's texts and its sender and
// reply-to (the planner's, or anyone's) are free text the client wrote: the event-setup eraser redacts a contact's
// values where they appear. `uploaded_by` is the actor name, like created_by.
export const EVENT_SETUP_TABLES = declareTables('event-setup', {
  planning_documents: {
    personal: { description: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'file_id', 'name', 'category', 'mime_type', 'uploaded', 'uploaded_by'],
  },
  registration_paths: {
    personal: { description: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'name', 'code'],
  },
  invitation_lists: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'name', 'locale'] },
  event_emails: {
    personal: {
      subject: 'free-text', from_name: 'free-text', from_email: 'free-text', reply_to_name: 'free-text', reply_to_email: 'free-text',
      plaintext_body: 'free-text', html_body: 'free-text',
    },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'invitation_list_id', 'name', 'locale'],
  },
});
