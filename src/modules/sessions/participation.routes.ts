import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AuthContext } from '../../actor.js';
import { CommonErrors } from '../../errors.js';
import { oauth, requireAuth } from '../../http/auth.js';
import { registerList } from '../../http/lists.js';
import { errorResponses } from '../../http/responses.js';
import type { AttendanceService, CheckInMode } from './attendance.service.js';
import type { EnrollmentService } from './enrollment.service.js';
import { AttendancePageSchema, BulkResultSchema, CheckInBodySchema, CheckInUpdateBodySchema, EnrollmentPageSchema, MAX_CHECKIN_ITEMS } from './participation.schemas.js';
import { NoContent, SESSION_TAGS as tags, UnsortedListQuery } from './sessions.routes.js';
import { SessionAttendeeParamsSchema, SessionIdParamsSchema } from './sessions.schemas.js';

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

interface OperationDoc {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
}

export function participationRoutes(enrollment: EnrollmentService, attendance: AttendanceService) {
  return async function routes(instance: FastifyInstance): Promise<void> {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();

    /** An operation on one attendee of one session, answered with 204; `done` describes that answer. */
    const attendeeOperation = (
      method: 'POST' | 'DELETE', url: string, doc: OperationDoc & { scope: string; done: string; errors: readonly number[] },
      run: (auth: AuthContext, sessionId: string, attendeeId: string) => Promise<void>,
    ) => app.route({
      method, url,
      schema: {
        tags, operationId: doc.operationId, summary: doc.summary, security: oauth(doc.scope), description: doc.description,
        params: SessionAttendeeParamsSchema, response: { 204: NoContent(doc.done), ...errorResponses(400, 401, 403, ...doc.errors, 429) },
      },
      handler: async (request, reply) => {
        await run(requireAuth(request), request.params.id, request.params.attendeeId);
        return reply.code(204).send(null);
      },
    });

    /** POST records attendance and PUT updates it: one operation in two modes. */
    const checkIn = (method: 'POST' | 'PUT', mode: CheckInMode, doc: OperationDoc & { body: typeof CheckInBodySchema }) => app.route({
      method, url: '/sessions/:id/check-in', preValidation: requireArrayBody,
      schema: {
        tags, ...doc, security: oauth('event/session-attendance:write'),
        params: SessionIdParamsSchema, response: { 207: BulkResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
      handler: async (request, reply) => reply.code(207).send(await attendance.checkIn(requireAuth(request), request.params.id, request.body, mode)),
    });

    registerList(instance, {
      path: '/sessions/enrollment', tags, operationId: 'listSessionsEnrollment', filterOperationId: 'listSessionsEnrollmentPostFilter',
      summary: 'List Session Registrants', scope: 'event/session-enrollment:read', description: ENROLLMENT,
      query: UnsortedListQuery, page: EnrollmentPageSchema, list: (auth, query) => enrollment.list(auth.accountId, query),
    });

    attendeeOperation('POST', '/sessions/:id/enrollment/:attendeeId', {
      operationId: 'createSessionEnrollment', summary: 'Create Session Registration', scope: 'event/session-enrollment:write',
      description: 'Registers an attendee of the session\'s event in an Optional session: Registered while seats are left, then Waitlisted when the '
        + 'waitlist is enabled and has room. 409 when the session is full, Included (no enrollment needed), not Active, or the attendee declined or cancelled. Repeating it changes nothing.',
      done: 'Registered or waitlisted.', errors: [404, 409],
    }, (auth, sessionId, attendeeId) => enrollment.enroll(auth, sessionId, attendeeId));

    attendeeOperation('DELETE', '/sessions/:id/enrollment/:attendeeId', {
      operationId: 'deleteSessionEnrollment', summary: 'Delete Session Registration', scope: 'event/session-enrollment:delete',
      description: 'Removes the registration (listed afterwards with status Cancelled and deleted: true). A freed seat goes to the longest-waiting waitlisted attendee.',
      done: 'Unregistered.', errors: [404],
    }, (auth, sessionId, attendeeId) => enrollment.unenroll(auth, sessionId, attendeeId));

    registerList(instance, {
      path: '/sessions/attendance', tags, operationId: 'listSessionsAttendance', summary: 'Session Attendance', scope: 'event/session-attendance:read',
      description: 'Gets a paginated list of session attendance (deleted records stay listed with deleted: true). '
        + 'Filterable: id (`<session id>::<attendee id>`), event.id, attendee.id, session.id, deleted (eq|ne), created, lastModified.',
      query: UnsortedListQuery, page: AttendancePageSchema, list: (auth, query) => attendance.list(auth.accountId, query),
    });

    checkIn('POST', 'create', {
      operationId: 'sessionCheckIn', summary: 'Session Check-In', body: CheckInBodySchema,
      description: `Records attendance. An attendee of the event who is not enrolled is enrolled automatically (Registered). Checking in again updates the record in place. ${CHECKIN} 409 (whole call) for a Cancelled session.`,
    });

    checkIn('PUT', 'update', {
      operationId: 'updateSessionCheckIn', summary: 'Update Session Check-In', body: CheckInUpdateBodySchema,
      description: `Updates checkOut, duration and device of recorded attendance. ${CHECKIN} 409 (whole call) for a Cancelled session.`,
    });

    attendeeOperation('DELETE', '/sessions/:id/attendance/:attendeeId', {
      operationId: 'deleteSessionAttendance', summary: 'Delete Session Check-In', scope: 'event/session-attendance:write',
      description: 'Deletes the attendance of an attendee (listed afterwards with deleted: true); the enrollment stays.',
      done: 'Deleted.', errors: [404],
    }, (auth, sessionId, attendeeId) => attendance.remove(auth, sessionId, attendeeId));
  };
}
