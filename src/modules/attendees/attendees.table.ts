import { AUDIT_COLUMNS, OWNED_COLUMNS } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Generated } from 'kysely';
import type { AttendeeInvitedBy, AttendeeResponseMethod, AttendeeStatus, AttendeeVisibility } from './attendees.schemas.js';

export interface AttendeesTable {
  id: string;
  account_id: string;
  event_id: string;
  contact_id: string;
  confirmation_number: string;
  status: AttendeeStatus;
  checked_in: Generated<number>;
  check_in: string | null;
  check_out: string | null;
  duration: number | null;
  reference_id: string | null;
  note: string | null;
  guest: Generated<number>;
  visibility: AttendeeVisibility | null;
  invited_by: AttendeeInvitedBy | null;
  response_method: AttendeeResponseMethod | null;
  registered_at: string | null;
  extra: Generated<string>; // JSON: other reference fields
  created: string;
  last_modified: string;
  attendee_last_modified: string;
  created_by: string;
  last_modified_by: string;
  registration_path_id: string | null;
  invitation_list_id: string | null;
  registration_type_id: string | null;
  primary_id: string | null;
  unsubscribed: Generated<number>;
  registration_last_modified: string | null;
}

// The attendees eraser nulls note and reference_id and redacts the contact's values in extra.
export const ATTENDEES_TABLES = declareTables('attendees', {
  attendees: {
    personal: { reference_id: 'cleared', note: 'cleared', extra: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'contact_id', 'confirmation_number', 'status', 'check_in', 'check_out', 'visibility',
      'invited_by', 'response_method', 'registered_at', 'attendee_last_modified', 'registration_path_id', 'invitation_list_id',
      'registration_type_id', 'primary_id', 'registration_last_modified'],
  },
});
