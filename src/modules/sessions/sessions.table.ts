import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Generated } from 'kysely';

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
export const SESSIONS_TABLES = declareTables('sessions', {
  sessions: {
    personal: { description: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'title', 'code', 'start', 'end', 'status', 'extra', 'category_id', 'category_name',
      'location_id', 'location_code', 'location_name', 'registration_types', 'admission_items'],
  },
  session_enrollments: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'session_id', 'attendee_id', 'status'] },
  session_attendance: {
    personal: { device: 'cleared' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'session_id', 'attendee_id', 'check_in', 'check_out'],
  },
});
