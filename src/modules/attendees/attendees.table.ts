export interface AttendeesTable {
  id: string;
  account_id: string;
  event_id: string;
  contact_id: string;
  confirmation_number: string;
  status: string;
  checked_in: number;
  check_in: string | null;
  check_out: string | null;
  duration: number | null;
  reference_id: string | null;
  note: string | null;
  guest: number;
  visibility: string | null;
  invited_by: string | null;
  response_method: string | null;
  registered_at: string | null;
  extra: string; // JSON: other reference fields
  created: string;
  last_modified: string;
  attendee_last_modified: string;
  created_by: string;
  last_modified_by: string;
  // Added by 0005_attendees; optional so rows written with only the 0002
  // columns (fixtures, other modules) stay valid: the database defaults them.
  registration_path_id?: string | null;
  invitation_list_id?: string | null;
  registration_type_id?: string | null;
  primary_id?: string | null;
  unsubscribed?: number;
  registration_last_modified?: string | null;
}
