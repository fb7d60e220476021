import { defineList, type FilterFields, type ListKey } from '../../lists/index.js';
import type { AttendanceRow, EnrollmentRow } from './participation.repository.js';
import type { SessionView } from './sessions.repository.js';

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
const text = (v: string | null | undefined): string => v ?? '';
export const SESSIONS_LIST = defineList<SessionView>({
  name: 'sessions',
  filters: SESSION_FILTER_FIELDS,
  sortable: {
    start: { column: 'sessions.start', value: (r) => text(r.start) },
    end: { column: 'sessions.end', value: (r) => text(r.end) },
    title: { column: 'sessions.title', value: (r) => text(r.title) },
    includedSession: { column: 'sessions.included_session', value: (r) => r.included_session },
    'category.name': { column: 'sessions.category_name', value: (r) => text(r.category_name) },
    code: { column: 'sessions.code', value: (r) => text(r.code) },
    order: { column: 'sessions.sort_order', value: (r) => r.sort_order ?? 0 },
  },
  order: [{ column: 'sessions.id', value: (r) => r.id }],
  window: 'sessions.last_modified',
});

/** Keyset order of the enrollment and attendance lists: creation time, then id. */
function createdOrder<Row extends { created: string; id: string }>(table: string): Array<ListKey<Row>> {
  return [{ column: `${table}.created`, value: (r) => r.created }, { column: `${table}.id`, value: (r) => r.id }];
}

/** GET /sessions/enrollment: after_inclusive, as the reference names it. */
export const ENROLLMENT_LIST = defineList<EnrollmentRow>({
  name: 'session-enrollment',
  filters: ENROLLMENT_FILTER_FIELDS,
  order: createdOrder('session_enrollments'),
  window: 'session_enrollments.last_modified',
  inclusiveWindow: true,
});

export const ATTENDANCE_LIST = defineList<AttendanceRow>({
  name: 'session-attendance',
  filters: ATTENDANCE_FILTER_FIELDS,
  order: createdOrder('session_attendance'),
  window: 'session_attendance.last_modified',
});
