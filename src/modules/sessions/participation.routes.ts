import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../actor.js';
import { CommonErrors } from '../../errors.js';
import { operations } from '../../http/operations.js';
import type { AttendanceService, CheckInMode } from './attendance.service.js';
import type { EnrollmentService } from './enrollment.service.js';
import { AttendancePageSchema, BulkResultSchema, CheckInBodySchema, CheckInUpdateBodySchema, EnrollmentPageSchema, MAX_CHECKIN_ITEMS } from './participation.schemas.js';
import { NoContent, UnsortedListQuery } from './sessions.routes.js';
import { SessionAttendeeParamsSchema, SessionIdParamsSchema } from './sessions.schemas.js';
import { ATTENDANCE_FILTER_FIELDS, ENROLLMENT_FILTER_FIELDS } from './sessions.filters.js';

// Runs before validation, whose type coercion would wrap a lone object or string into a one-item array.
async function requireArrayBody(request: FastifyRequest): Promise<void> {
  if (!Array.isArray(request.body)) throw CommonErrors.badRequest('The body must be a JSON array of check-in items', { target: 'body' });
}

const ENROLLMENT = 'Optional sessions: the attendees registered (Registered, Waitlisted; removed ones are Cancelled with deleted: true). '
  + 'Included sessions: the attendees whose attendance was recorded (everyone registered for the event is in an Included session: see GET /attendees). '
  + '`after` / `before` include their bound. Filterable: id (`<session id>::<attendee id>`), event.id, attendee.id, session.id, status, deleted (eq|ne), created, lastModified.';
const CHECKIN = `1-${MAX_CHECKIN_ITEMS} items. The 207 body has one result per item, in order: 201 attendance recorded, 200 updated in place, `
  + '400 bad item, 404 not an attendee of this session\'s event (or, for PUT, no attendance recorded), 409 the attendee declined or cancelled. '
  + 'Each item is stored on its own; a bad item changes nothing and does not affect the others.';

export function participationRoutes(enrollment: EnrollmentService, attendance: AttendanceService) {
  return operations((op) => {
    /** An operation on one attendee of one session, answered with 204; `done` describes that answer. */
    const attendeeOperation = (
      operationId: string, doc: { description: string; done: string; errors?: readonly number[] },
      run: (auth: AuthContext, sessionId: string, attendeeId: string) => Promise<void>,
    ) => op(operationId, {
      description: doc.description, params: SessionAttendeeParamsSchema, response: { 204: NoContent(doc.done) }, errors: doc.errors,
    }, async (request) => {
      await run(request.auth, request.params.id, request.params.attendeeId);
      return null;
    });

    /** POST records attendance and PUT updates it: one operation in two modes. */
    const checkIn = (operationId: string, mode: CheckInMode, doc: { description: string; body: typeof CheckInBodySchema }) => op(operationId, {
      ...doc, params: SessionIdParamsSchema, response: { 207: BulkResultSchema }, errors: [409], route: { preValidation: requireArrayBody },
    }, async (request) => attendance.checkIn(request.auth, request.params.id, request.body, mode));

    op.list('listSessionsEnrollment', {
      description: ENROLLMENT, query: UnsortedListQuery, page: EnrollmentPageSchema, filters: ENROLLMENT_FILTER_FIELDS, list: (auth, query) => enrollment.list(auth.accountId, query),
    });

    attendeeOperation('createSessionEnrollment', {
      description: 'Registers an attendee of the session\'s event in an Optional session: Registered while seats are left, then Waitlisted when the '
        + 'waitlist is enabled and has room. 409 when the session is full, Included (no enrollment needed), not Active, or the attendee declined or cancelled. Repeating it changes nothing.',
      done: 'Registered or waitlisted.', errors: [409],
    }, (auth, sessionId, attendeeId) => enrollment.enroll(auth, sessionId, attendeeId));

    attendeeOperation('deleteSessionEnrollment', {
      description: 'Removes the registration (listed afterwards with status Cancelled and deleted: true). A freed seat goes to the longest-waiting waitlisted attendee.',
      done: 'Unregistered.',
    }, (auth, sessionId, attendeeId) => enrollment.unenroll(auth, sessionId, attendeeId));

    op.list('listSessionsAttendance', {
      description: 'Gets a paginated list of session attendance (deleted records stay listed with deleted: true). '
        + 'Filterable: id (`<session id>::<attendee id>`), event.id, attendee.id, session.id, deleted (eq|ne), created, lastModified.',
      query: UnsortedListQuery, page: AttendancePageSchema, filters: ATTENDANCE_FILTER_FIELDS, list: (auth, query) => attendance.list(auth.accountId, query),
    });

    checkIn('sessionCheckIn', 'create', {
      body: CheckInBodySchema,
      description: `Records attendance. An attendee of the event who is not enrolled is enrolled automatically (Registered). Checking in again updates the record in place. ${CHECKIN} 409 (whole call) for a Cancelled session.`,
    });

    checkIn('updateSessionCheckIn', 'update', {
      body: CheckInUpdateBodySchema,
      description: `Updates checkOut, duration and device of recorded attendance. ${CHECKIN} 409 (whole call) for a Cancelled session.`,
    });

    attendeeOperation('deleteSessionAttendance', {
      description: 'Deletes the attendance of an attendee (listed afterwards with deleted: true); the enrollment stays.', done: 'Deleted.',
    }, (auth, sessionId, attendeeId) => attendance.remove(auth, sessionId, attendeeId));
  });
}
