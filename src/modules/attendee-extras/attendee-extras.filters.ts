import { defineList, filterColumns } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// GET /attendance-durations: the reference's fields and operators (DESIGN rule 6) for what eventline stores. A
// duration is a session attendance record (sessions module) with a check-in; `type` is not stored (every duration
// eventline records came through its API), so it is not a filter or sort field. `after` / `before` bound lastModified.
const EQ_NE = { ops: ['eq', 'ne'] } as const;
const IDS = { ops: ['eq', 'ne', 'in'] } as const;
const RANGE = { ops: ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] } as const;
const a = filterColumns('session_attendance');

export const DURATIONS_LIST = defineList<Row<'session_attendance'>>({
  name: 'attendance-durations',
  filters: {
    id: a.field('id', 'string', EQ_NE),
    'event.id': a.field('event_id', 'uuid', IDS),
    'session.id': a.field('session_id', 'uuid', IDS),
    'attendee.id': a.field('attendee_id', 'uuid', IDS),
    deleted: a.field('deleted', 'boolean', EQ_NE),
    firstSeen: a.field('check_in', 'datetime', RANGE),
    lastSeen: a.field('check_out', 'datetime', RANGE),
    duration: a.field('duration', 'number', RANGE),
    created: a.field('created', 'datetime', RANGE),
  },
  sortable: {
    event: { column: 'session_attendance.event_id', value: (r) => r.event_id },
    session: { column: 'session_attendance.session_id', value: (r) => r.session_id },
    attendee: { column: 'session_attendance.attendee_id', value: (r) => r.attendee_id },
    firstSeen: { column: 'session_attendance.check_in', value: (r) => r.check_in ?? '' },
    lastModified: { column: 'session_attendance.last_modified', value: (r) => r.last_modified },
  },
  order: [{ column: 'session_attendance.last_modified', value: (r) => r.last_modified }, { column: 'session_attendance.id', value: (r) => r.id }],
  window: 'session_attendance.last_modified',
});
