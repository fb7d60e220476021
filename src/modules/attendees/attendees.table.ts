import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
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
export const ATTENDEES_TABLES = declareTables<Database>('attendees', {
  attendees: {
    id: 'none', account_id: 'none', event_id: 'none', contact_id: 'none', confirmation_number: 'none', status: 'none', check_in: 'none',
    check_out: 'none', reference_id: 'cleared', note: 'cleared', visibility: 'none', invited_by: 'none', response_method: 'none',
    registered_at: 'none', extra: 'free-text', created: 'none', last_modified: 'none', attendee_last_modified: 'none', created_by: 'none',
    last_modified_by: 'none', registration_path_id: 'none', invitation_list_id: 'none', registration_type_id: 'none', primary_id: 'none',
    registration_last_modified: 'none',
  },
});
export type AttendeeRow = Selectable<AttendeesTable>;
export type NewAttendeeRow = Insertable<AttendeesTable>;
export type AttendeeRowUpdate = Updateable<AttendeesTable>;
