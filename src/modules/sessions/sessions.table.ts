import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

export interface SessionsTable {
  id: string;
  account_id: string;
  event_id: string;
  title: string;
  code: string | null;
  description: string | null;
  start: string;
  end: string;
  status: string;
  included_session: number;
  virtual: number;
  capacity: number | null;
  capacity_unlimited: number;
  enable_waitlist: number;
  waitlist_capacity: number | null;
  extra: string; // JSON: other reference fields
  // Added by 0006_sessions (filterable / sortable fields; '' = absent for the
  // sortable text ones). Optional so rows written with only the 0002 columns
  // (fixtures, other modules) stay valid: the database defaults them.
  virtual_marked?: number;
  webcast_linked?: number;
  category_id?: string | null;
  category_name?: string;
  location_id?: string | null;
  location_code?: string | null;
  location_name?: string | null;
  featured?: number;
  open_for_registration?: number;
  open_for_attendee_hub?: number;
  registration_types?: string | null; // JSON array, NULL when empty
  admission_items?: string | null; // JSON array, NULL when empty
  sort_order?: number;
  created: string;
  last_modified: string;
  created_by: string;
  last_modified_by: string;
}

export interface SessionEnrollmentsTable {
  id: string;
  account_id: string;
  event_id: string;
  session_id: string;
  attendee_id: string;
  status: string;
  deleted: number;
  created: string;
  last_modified: string;
  created_by: string;
  last_modified_by: string;
}

export interface SessionAttendanceTable {
  id: string;
  account_id: string;
  event_id: string;
  session_id: string;
  attendee_id: string;
  check_in: string | null;
  check_out: string | null;
  duration: number | null;
  device?: string | null; // 0006_sessions
  deleted: number;
  created: string;
  last_modified: string;
  created_by: string;
  last_modified_by: string;
}

// Enrollments hold ids and a status only; the attendance eraser nulls device.
export const SESSIONS_TABLES = declareTables<Database>('sessions', {
  sessions: {
    id: 'none', account_id: 'none', event_id: 'none', title: 'none', code: 'none', description: 'free-text', start: 'none', end: 'none',
    status: 'none', extra: 'none', category_id: 'none', category_name: 'none', location_id: 'none', location_code: 'none', location_name: 'none',
    registration_types: 'none', admission_items: 'none', created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
  session_enrollments: {
    id: 'none', account_id: 'none', event_id: 'none', session_id: 'none', attendee_id: 'none', status: 'none', created: 'none',
    last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
  session_attendance: {
    id: 'none', account_id: 'none', event_id: 'none', session_id: 'none', attendee_id: 'none', check_in: 'none', check_out: 'none',
    device: 'cleared', created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
});
