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

export type AttendeeRow = Selectable<AttendeesTable>;
export type NewAttendeeRow = Insertable<AttendeesTable>;
export type AttendeeRowUpdate = Updateable<AttendeesTable>;
