import { Type, type Static } from 'typebox';
import { paginated } from '../../http/paging.js';
import { AuditSchemaFields, UuidRefSchema } from './sessions.schemas.js';
import { ENROLLMENT_STATUSES } from './sessions.table.js';

/** Up to 100 attendees per check-in call (the reference). */
export const MAX_CHECKIN_ITEMS = 100;

/**
 * What an enrollment and an attendance record both show: their pair id, the
 * session, event and attendee, and whether the record was removed by `removal`.
 */
const record = (what: string, removed: string, removal: string) => ({
  id: Type.String({ description: `The ${what} id: \`<session id>::<attendee id>\`.` }),
  session: UuidRefSchema,
  event: UuidRefSchema,
  attendee: UuidRefSchema,
  deleted: Type.Boolean({ description: `True when the ${what} was ${removed} (${removal}).` }),
});

export const EnrollmentSchema = Type.Object(
  {
    ...record('registration', 'removed', 'DELETE /sessions/{id}/enrollment/{attendeeId}'),
    status: Type.Enum(ENROLLMENT_STATUSES, { type: 'string', title: 'SessionEnrollmentStatus' }),
    ...AuditSchemaFields,
  },
  { title: 'SessionsEnrollment' },
);
export type Enrollment = Static<typeof EnrollmentSchema>;
export const EnrollmentPageSchema = paginated(EnrollmentSchema, 'SessionsEnrollmentPaginatedResponse');

export const AttendanceSchema = Type.Object(
  {
    ...record('attendance', 'deleted', 'DELETE /sessions/{id}/attendance/{attendeeId}'),
    checkIn: Type.Optional(Type.String({ format: 'date-time' })),
    checkOut: Type.Optional(Type.String({ format: 'date-time' })),
    duration: Type.Optional(Type.Integer({ deprecated: true, description: 'Milliseconds of attendance.' })),
    ...AuditSchemaFields,
  },
  { title: 'SessionsAttendance' },
);
export type Attendance = Static<typeof AttendanceSchema>;
export const AttendancePageSchema = paginated(AttendanceSchema, 'SessionsAttendancePaginatedResponse');

// One check-in item. Items are validated one by one in the service, so a bad
// item is reported in the 207 body instead of failing the whole call.
const checkinBase = {
  id: Type.String({ format: 'uuid', description: 'Attendee id.' }),
  checkOut: Type.Optional(Type.String({ format: 'date-time' })),
  device: Type.Optional(Type.String({ maxLength: 200 })),
  duration: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'Milliseconds of attendance; computed from checkIn and checkOut when omitted.' })),
};
export const CheckInItemSchema = Type.Object({ ...checkinBase, checkIn: Type.String({ format: 'date-time' }) }, { title: 'SessionCheckin' });
export type CheckInItem = Static<typeof CheckInItemSchema>;
export const CheckInUpdateItemSchema = Type.Object(checkinBase, { title: 'SessionCheckinBase' });
export type CheckInUpdateItem = Static<typeof CheckInUpdateItemSchema>;

const bulkBody = (title: string, itemTitle: string) =>
  Type.Array(Type.Unknown(), {
    minItems: 1, maxItems: MAX_CHECKIN_ITEMS, title,
    description: `1-${MAX_CHECKIN_ITEMS} items, each a ${itemTitle} object. Each item is validated and stored on its own: a bad item is reported in the 207 body and does not affect the others.`,
  });
export const CheckInBodySchema = bulkBody('SessionBulkCheckin', 'SessionCheckin `{ id, checkIn, checkOut?, device?, duration? }`');
export const CheckInUpdateBodySchema = bulkBody('SessionCheckinBulkUpdate', 'SessionCheckinBase `{ id, checkOut?, device?, duration? }`');

// One flat object rather than a union, so the serializer never drops an
// error's fields by matching it against the success shape.
export const BulkItemResultSchema = Type.Object(
  {
    status: Type.Integer({ description: '201 attendance recorded, 200 updated in place, or the error status of this item.' }),
    message: Type.Optional(Type.String()),
    data: Type.Object(
      {
        id: Type.Optional(Type.String({ format: 'uuid', description: 'Attendee id (success).' })),
        code: Type.Optional(Type.Integer()),
        message: Type.Optional(Type.String()),
        target: Type.Optional(Type.String()),
      },
      { description: 'On success `{ id }`; on failure the error `{ code, message, target? }`.' },
    ),
    request: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'The item that was sent.' })),
  },
  { title: 'AttendeeInvitesBulkResponseItem' },
);
export type BulkItemResult = Static<typeof BulkItemResultSchema>;
export const BulkResultSchema = Type.Array(BulkItemResultSchema, { title: 'AttendeeAddBulkResponse' });
