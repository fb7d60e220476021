import { defineList, filterColumns, type FilterFields, type ListKey } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's filter parameter lists for
// each operation (DESIGN rule 6), for the fields eventline stores. Not served:
// customField.*, group.id and segments (not stored), and `in` on
// registrationTypes (the filter compiler has no "any element in" for arrays).
const contains = { ops: ['eq', 'ne', 'contains'] } as const;
const idArray = { ops: ['contains', 'isEmpty', 'isNotEmpty'] } as const;
const ci = { caseInsensitive: true };

const sessions = filterColumns('sessions');
export const SESSION_FILTER_FIELDS: FilterFields = {
  id: sessions.field('id', 'uuid', { ops: ['eq', 'ne', 'in'] }),
  // The reference's own example writes `status eq 'active'`.
  status: sessions.field('status', 'string', ci),
  'event.id': sessions.field('event_id', 'uuid'),
  title: sessions.field('title', 'string', { ops: ['eq', 'ne', 'contains', 'match'] }),
  code: sessions.field('code', 'string'),
  'category.id': sessions.field('category_id', 'uuid'),
  'category.name': sessions.field('category_name', 'string', contains),
  start: sessions.field('start', 'datetime'),
  end: sessions.field('end', 'datetime'),
  description: sessions.field('description', 'string', contains),
  capacity: sessions.field('capacity', 'number'),
  'location.id': sessions.field('location_id', 'uuid'),
  'location.name': sessions.field('location_name', 'string', contains),
  'location.code': sessions.field('location_code', 'string'),
  includedSession: sessions.field('included_session', 'boolean'),
  enableWaitlist: sessions.field('enable_waitlist', 'boolean'),
  featured: sessions.field('featured', 'boolean'),
  openForRegistration: sessions.field('open_for_registration', 'boolean'),
  openForAttendeeHub: sessions.field('open_for_attendee_hub', 'boolean'),
  virtual: sessions.field('virtual', 'boolean'),
  ...sessions.audit(),
  registrationTypes: sessions.field('registration_types', 'string', idArray),
  admissionItems: sessions.field('admission_items', 'string', idArray),
};

/**
 * The enrollment and attendance lists filter on the same record fields; the
 * enrollment list adds the registration's status.
 */
function participationFields(table: string, withStatus: boolean): FilterFields {
  const { field, audit } = filterColumns(table);
  return {
    id: field('id', 'string', ci),
    'event.id': field('event_id', 'uuid'),
    'attendee.id': field('attendee_id', 'uuid'),
    'session.id': field('session_id', 'uuid'),
    ...(withStatus ? { status: field('status', 'string', ci) } : {}),
    deleted: field('deleted', 'boolean'),
    ...audit(),
  };
}

/** GET /sessions/enrollment and POST /sessions/enrollment/filter. */
export const ENROLLMENT_FILTER_FIELDS = participationFields('session_enrollments', true);
/** GET /sessions/attendance. */
export const ATTENDANCE_FILTER_FIELDS = participationFields('session_attendance', false);

/** The reference's sortable session fields that eventline serves (not `relevance`). */
export const SESSIONS_LIST = defineList<Row<'sessions'>>({
  name: 'sessions',
  filters: SESSION_FILTER_FIELDS,
  sortable: {
    start: { column: 'sessions.start', value: (r) => r.start },
    end: { column: 'sessions.end', value: (r) => r.end },
    title: { column: 'sessions.title', value: (r) => r.title },
    includedSession: { column: 'sessions.included_session', value: (r) => r.included_session },
    'category.name': { column: 'sessions.category_name', value: (r) => r.category_name },
    code: { column: 'sessions.code', value: (r) => r.code ?? '' },
    order: { column: 'sessions.sort_order', value: (r) => r.sort_order },
  },
  order: [{ column: 'sessions.id', value: (r) => r.id }],
  window: 'sessions.last_modified',
});

/** Keyset order of the enrollment and attendance lists: creation time, then id. */
function createdOrder<Row extends { created: string; id: string }>(table: string): Array<ListKey<Row>> {
  return [{ column: `${table}.created`, value: (r) => r.created }, { column: `${table}.id`, value: (r) => r.id }];
}

/** GET /sessions/enrollment: `after` includes its bound (the reference's after_inclusive). */
export const ENROLLMENT_LIST = defineList<Row<'session_enrollments'>>({
  name: 'session-enrollment',
  filters: ENROLLMENT_FILTER_FIELDS,
  order: createdOrder('session_enrollments'),
  window: 'session_enrollments.last_modified',
  inclusiveWindow: true,
});

export const ATTENDANCE_LIST = defineList<Row<'session_attendance'>>({
  name: 'session-attendance',
  filters: ATTENDANCE_FILTER_FIELDS,
  order: createdOrder('session_attendance'),
  window: 'session_attendance.last_modified',
});
