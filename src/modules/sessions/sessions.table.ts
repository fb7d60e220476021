import type { AuditColumns, OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

// The values of the enum columns: the route schemas offer exactly these.
export const SESSION_STATUSES = ['Active', 'Cancelled', 'Closed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const ENROLLMENT_STATUSES = ['Registered', 'Waitlisted', 'Cancelled'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

// Generated<>: the column has a database default, so an insert may leave it out.
export interface SessionsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  title: string;
  code: string | null;
  description: string | null;
  start: string;
  end: string;
  status: SessionStatus;
  included_session: Generated<number>;
  /** `virtual_marked` OR `webcast_linked`: what lists filter on. */
  virtual: Generated<number>;
  capacity: number | null;
  capacity_unlimited: Generated<number>;
  enable_waitlist: Generated<number>;
  waitlist_capacity: number | null;
  extra: Generated<string>; // JSON: other reference fields
  // Added by 0006_sessions: filterable and sortable fields ('' = absent for the sortable text ones).
  /** A planner marked the session virtual. */
  virtual_marked: Generated<number>;
  /** A webcast is linked to the session (the webcasts module says so). */
  webcast_linked: Generated<number>;
  category_id: string | null;
  category_name: Generated<string>;
  location_id: string | null;
  location_code: string | null;
  location_name: string | null;
  featured: Generated<number>;
  open_for_registration: Generated<number>;
  open_for_attendee_hub: Generated<number>;
  registration_types: string | null; // JSON array, NULL when empty
  admission_items: string | null; // JSON array, NULL when empty
  sort_order: Generated<number>;
}

/** An enrollment or attendance record: one per attendee and session, kept (deleted = 1) when removed. */
interface AttendeeRecordColumns {
  id: string; // `<session id>::<attendee id>`
  account_id: string;
  event_id: string;
  session_id: string;
  attendee_id: string;
  deleted: Generated<number>;
  created: string;
  last_modified: string;
  created_by: string;
  last_modified_by: string;
}

export interface SessionEnrollmentsTable extends AttendeeRecordColumns {
  status: EnrollmentStatus;
}

export interface SessionAttendanceTable extends AttendeeRecordColumns {
  check_in: string | null;
  check_out: string | null;
  duration: number | null;
  device: string | null; // 0006_sessions
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

// The rows the repositories read and write, in Kysely's Selectable / Insertable / Updateable forms.
export type SessionRow = Selectable<SessionsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
export type SessionPatch = Updateable<SessionsTable>;
export type EnrollmentRow = Selectable<SessionEnrollmentsTable>;
export type NewEnrollmentRow = Insertable<SessionEnrollmentsTable>;
export type EnrollmentPatch = Updateable<SessionEnrollmentsTable>;
export type AttendanceRow = Selectable<SessionAttendanceTable>;
export type NewAttendanceRow = Insertable<SessionAttendanceTable>;
export type AttendancePatch = Updateable<SessionAttendanceTable>;
