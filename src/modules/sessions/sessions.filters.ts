import type { OrderColumn } from '../../db/keyset.js';
import { sortOrder } from '../../http/list.js';
import type { FilterFields } from '../../http/filter/index.js';

// Exactly the fields and operators the reference's filter parameter lists for
// each operation (DESIGN rule 6), for the fields eventline stores. Not served:
// customField.*, group.id and segments (not stored), and `in` on
// registrationTypes (the filter compiler has no "any element in" for arrays).
const eqne = ['eq', 'ne'] as const;
const range = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const;

export const SESSION_FILTER_FIELDS: FilterFields = {
  id: { column: 'sessions.id', type: 'uuid', ops: ['eq', 'ne', 'in'] },
  // The reference's own example writes `status eq 'active'`.
  status: { column: 'sessions.status', type: 'string', ops: eqne, caseInsensitive: true },
  'event.id': { column: 'sessions.event_id', type: 'uuid', ops: eqne },
  title: { column: 'sessions.title', type: 'string', ops: ['eq', 'ne', 'contains', 'match'] },
  code: { column: 'sessions.code', type: 'string', ops: eqne },
  'category.id': { column: 'sessions.category_id', type: 'uuid', ops: eqne },
  'category.name': { column: 'sessions.category_name', type: 'string', ops: ['eq', 'ne', 'contains'] },
  start: { column: 'sessions.start', type: 'datetime', ops: range },
  end: { column: 'sessions.end', type: 'datetime', ops: range },
  description: { column: 'sessions.description', type: 'string', ops: ['eq', 'ne', 'contains'] },
  capacity: { column: 'sessions.capacity', type: 'number', ops: range },
  'location.id': { column: 'sessions.location_id', type: 'uuid', ops: eqne },
  'location.name': { column: 'sessions.location_name', type: 'string', ops: ['eq', 'ne', 'contains'] },
  'location.code': { column: 'sessions.location_code', type: 'string', ops: eqne },
  includedSession: { column: 'sessions.included_session', type: 'boolean', ops: eqne },
  enableWaitlist: { column: 'sessions.enable_waitlist', type: 'boolean', ops: eqne },
  featured: { column: 'sessions.featured', type: 'boolean', ops: eqne },
  openForRegistration: { column: 'sessions.open_for_registration', type: 'boolean', ops: eqne },
  openForAttendeeHub: { column: 'sessions.open_for_attendee_hub', type: 'boolean', ops: eqne },
  virtual: { column: 'sessions.virtual', type: 'boolean', ops: eqne },
  created: { column: 'sessions.created', type: 'datetime', ops: range },
  lastModified: { column: 'sessions.last_modified', type: 'datetime', ops: range },
  registrationTypes: { column: 'sessions.registration_types', type: 'string', ops: ['contains', 'isEmpty', 'isNotEmpty'] },
  admissionItems: { column: 'sessions.admission_items', type: 'string', ops: ['contains', 'isEmpty', 'isNotEmpty'] },
};

/** GET /sessions/enrollment and POST /sessions/enrollment/filter. */
export const ENROLLMENT_FILTER_FIELDS: FilterFields = {
  id: { column: 'session_enrollments.id', type: 'string', ops: eqne, caseInsensitive: true },
  'event.id': { column: 'session_enrollments.event_id', type: 'uuid', ops: eqne },
  'attendee.id': { column: 'session_enrollments.attendee_id', type: 'uuid', ops: eqne },
  'session.id': { column: 'session_enrollments.session_id', type: 'uuid', ops: eqne },
  status: { column: 'session_enrollments.status', type: 'string', ops: eqne, caseInsensitive: true },
  deleted: { column: 'session_enrollments.deleted', type: 'boolean', ops: eqne },
  created: { column: 'session_enrollments.created', type: 'datetime', ops: range },
  lastModified: { column: 'session_enrollments.last_modified', type: 'datetime', ops: range },
};

/** GET /sessions/attendance. */
export const ATTENDANCE_FILTER_FIELDS: FilterFields = {
  id: { column: 'session_attendance.id', type: 'string', ops: eqne, caseInsensitive: true },
  'event.id': { column: 'session_attendance.event_id', type: 'uuid', ops: eqne },
  'attendee.id': { column: 'session_attendance.attendee_id', type: 'uuid', ops: eqne },
  'session.id': { column: 'session_attendance.session_id', type: 'uuid', ops: eqne },
  deleted: { column: 'session_attendance.deleted', type: 'boolean', ops: eqne },
  created: { column: 'session_attendance.created', type: 'datetime', ops: range },
  lastModified: { column: 'session_attendance.last_modified', type: 'datetime', ops: range },
};

/** The reference's sortable session fields that eventline serves (not `relevance`). */
export const SESSION_SORTABLE: Readonly<Record<string, string>> = {
  start: 'sessions.start',
  end: 'sessions.end',
  title: 'sessions.title',
  includedSession: 'sessions.included_session',
  'category.name': 'sessions.category_name',
  code: 'sessions.code',
  order: 'sessions.sort_order',
};

/** `sort=start:DESC,order:ASC,title:ASC` (the reference's priority-ordered list). */
export function sessionSortOrder(sort: string | undefined): OrderColumn[] {
  return sortOrder(sort, SESSION_SORTABLE, 'sessions.id');
}
