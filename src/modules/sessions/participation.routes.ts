import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { CommonErrors } from '../../errors.js';
import { errorResponses } from '../../http/responses.js';
import { FilterBodySchema, listQuerySchema } from '../../http/paging.js';
import type { AttendanceService } from './attendance.service.js';
import type { EnrollmentService } from './enrollment.service.js';
import {
  AttendancePageSchema, BulkResultSchema, CheckInBodySchema, CheckInUpdateBodySchema, EnrollmentPageSchema, MAX_CHECKIN_ITEMS,
} from './participation.schemas.js';
import { SESSION_TAGS } from './sessions.routes.js';
import { SessionAttendeeParamsSchema, SessionIdParamsSchema } from './sessions.schemas.js';

const tags = SESSION_TAGS;
const { sort: _noSort, ...unsorted } = listQuerySchema().properties;
const ListQuery = Type.Object(unsorted, { additionalProperties: false });
const { filter: _inBody, ...filterPostProps } = unsorted;
const FilterPostQuery = Type.Object(filterPostProps, { additionalProperties: false });
const NoContent = (description: string) => Type.Null({ description });

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
  return async function routes(instance: FastifyInstance): Promise<void> {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();

    app.get('/sessions/enrollment', {
      schema: {
        tags, operationId: 'listSessionsEnrollment', summary: 'List Session Registrants', security: oauth('event/session-enrollment:read'),
        description: ENROLLMENT, querystring: ListQuery, response: { 200: EnrollmentPageSchema, ...errorResponses(400, 401, 403, 429) },
      },
    }, async (request) => enrollment.list(requireAuth(request).accountId, request.query));

    app.post('/sessions/enrollment/filter', {
      schema: {
        tags, operationId: 'listSessionsEnrollmentPostFilter', summary: 'List Session Registrants with the filter in the body', security: oauth('event/session-enrollment:read'),
        description: ENROLLMENT, querystring: FilterPostQuery, body: Type.Optional(FilterBodySchema),
        response: { 200: EnrollmentPageSchema, ...errorResponses(400, 401, 403, 429) },
      },
    }, async (request) => {
      const filter = request.body?.filter;
      return enrollment.list(requireAuth(request).accountId, { ...request.query, ...(filter !== undefined ? { filter } : {}) });
    });

    app.post('/sessions/:id/enrollment/:attendeeId', {
      schema: {
        tags, operationId: 'createSessionEnrollment', summary: 'Create Session Registration', security: oauth('event/session-enrollment:write'),
        description: 'Registers an attendee of the session\'s event in an Optional session: Registered while seats are left, then Waitlisted when the '
          + 'waitlist is enabled and has room. 409 when the session is full, Included (no enrollment needed), not Active, or the attendee declined or cancelled. Repeating it changes nothing.',
        params: SessionAttendeeParamsSchema, response: { 204: NoContent('Registered or waitlisted.'), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request, reply) => {
      await enrollment.enroll(requireAuth(request), request.params.id, request.params.attendeeId);
      return reply.code(204).send(null);
    });

    app.delete('/sessions/:id/enrollment/:attendeeId', {
      schema: {
        tags, operationId: 'deleteSessionEnrollment', summary: 'Delete Session Registration', security: oauth('event/session-enrollment:delete'),
        description: 'Removes the registration (listed afterwards as Cancelled, deleted: true). A freed seat goes to the longest-waiting waitlisted attendee.',
        params: SessionAttendeeParamsSchema, response: { 204: NoContent('Unregistered.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      await enrollment.unenroll(requireAuth(request), request.params.id, request.params.attendeeId);
      return reply.code(204).send(null);
    });

    app.get('/sessions/attendance', {
      schema: {
        tags, operationId: 'listSessionsAttendance', summary: 'Session Attendance', security: oauth('event/session-attendance:read'),
        description: 'Gets a paginated list of session attendance (deleted records stay listed with deleted: true). '
          + 'Filterable: id (`<session id>::<attendee id>`), event.id, attendee.id, session.id, deleted (eq|ne), created, lastModified.',
        querystring: ListQuery, response: { 200: AttendancePageSchema, ...errorResponses(400, 401, 403, 429) },
      },
    }, async (request) => attendance.list(requireAuth(request).accountId, request.query));

    app.post('/sessions/:id/check-in', {
      schema: {
        tags, operationId: 'sessionCheckIn', summary: 'Session Check-In', security: oauth('event/session-attendance:write'),
        description: `Records attendance. An attendee of the event who is not enrolled is enrolled automatically (Registered). Checking in again updates the record in place. ${CHECKIN} 409 (whole call) for a Cancelled session.`,
        params: SessionIdParamsSchema, body: CheckInBodySchema,
        response: { 207: BulkResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
      preValidation: requireArrayBody,
    }, async (request, reply) => reply.code(207).send(await attendance.checkIn(requireAuth(request), request.params.id, request.body, 'create')));

    app.put('/sessions/:id/check-in', {
      schema: {
        tags, operationId: 'updateSessionCheckIn', summary: 'Update Session Check-In', security: oauth('event/session-attendance:write'),
        description: `Updates checkOut, duration and device of recorded attendance. ${CHECKIN} 409 (whole call) for a Cancelled session.`,
        params: SessionIdParamsSchema, body: CheckInUpdateBodySchema,
        response: { 207: BulkResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
      preValidation: requireArrayBody,
    }, async (request, reply) => reply.code(207).send(await attendance.checkIn(requireAuth(request), request.params.id, request.body, 'update')));

    app.delete('/sessions/:id/attendance/:attendeeId', {
      schema: {
        tags, operationId: 'deleteSessionAttendance', summary: 'Delete Session Check-In', security: oauth('event/session-attendance:write'),
        description: 'Deletes the attendance of an attendee (listed afterwards with deleted: true); the enrollment stays.',
        params: SessionAttendeeParamsSchema, response: { 204: NoContent('Deleted.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      await attendance.remove(requireAuth(request), request.params.id, request.params.attendeeId);
      return reply.code(204).send(null);
    });
  };
}
