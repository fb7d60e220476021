import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { registerList } from '../../http/lists.js';
import { listQuerySchema } from '../../http/paging.js';
import { errorResponses } from '../../http/responses.js';
import { SESSIONS_LIST } from './sessions.filters.js';
import type { SessionsService } from './sessions.service.js';
import { SessionIdParamsSchema, SessionInputSchema, SessionPageSchema, SessionSchema } from './sessions.schemas.js';

export const SESSION_TAGS = ['Sessions'];
const tags = SESSION_TAGS;
export const NoContent = (description: string) => Type.Null({ description });

// The enrollment and attendance lists take after, before, limit, token and filter (no sort).
const { sort: _unsorted, ...unsorted } = listQuerySchema().properties;
export const UnsortedListQuery = Type.Object(unsorted, { additionalProperties: false });

const FILTERS = 'Filterable (the reference\'s list, for the fields eventline stores): id (eq|ne|in), status, event.id, title (eq|ne|contains|match), code, '
  + 'category.id, category.name (eq|ne|contains), start, end, description (eq|ne|contains), capacity, location.id, location.name (eq|ne|contains), '
  + 'location.code, includedSession, enableWaitlist, featured, openForRegistration, openForAttendeeHub, virtual (eq|ne), created, lastModified, '
  + 'registrationTypes and admissionItems (contains|is empty|is not empty). Sort: a comma-separated list, e.g. start:DESC,order:ASC,title:ASC.';
const VIRTUAL = 'A session can be virtual only when its event\'s format is Virtual or Hybrid; `virtual: true` on write in an In-person event is 409.';

export function sessionsRoutes(sessions: SessionsService) {
  return async function routes(instance: FastifyInstance): Promise<void> {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();

    registerList(instance, {
      path: '/sessions', tags, operationId: 'listSessions', filterOperationId: 'listSessionsPostFilters', summary: 'List Sessions', scope: 'event/sessions:read',
      description: `Gets a paginated list of sessions (POST /sessions/filter takes longer filters in the body). \`virtual eq true\` finds the virtual sessions. ${FILTERS}`,
      query: listQuerySchema({ sortable: Object.keys(SESSIONS_LIST.sortable ?? {}) }), page: SessionPageSchema,
      list: (auth, query) => sessions.list(auth.accountId, query),
    });

    app.post('/sessions', {
      schema: {
        tags, operationId: 'createSession', summary: 'Create Session', security: oauth('event/sessions:write'),
        description: `Creates a session in an event of the account (an unknown event is 400 with target event.id). ${VIRTUAL}`,
        body: SessionInputSchema, response: { 201: SessionSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await sessions.create(requireAuth(request), request.body)));

    app.get('/sessions/:id', {
      schema: {
        tags, operationId: 'getSessionById', summary: 'Get Session', security: oauth('event/sessions:read'),
        params: SessionIdParamsSchema, response: { 200: SessionSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => sessions.get(requireAuth(request).accountId, request.params.id));

    app.put('/sessions/:id', {
      schema: {
        tags, operationId: 'updateSession', summary: 'Update Session', security: oauth('event/sessions:write'),
        description: `Replaces the writable fields; omitted or null fields become blank, read-only fields are ignored, omitted \`status\`, \`virtual\` and \`includedSession\` keep their value, and event.id cannot change. ${VIRTUAL}`,
        params: SessionIdParamsSchema, body: SessionInputSchema, response: { 200: SessionSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request) => sessions.update(requireAuth(request), request.params.id, request.body));

    app.delete('/sessions/:id', {
      schema: {
        tags, operationId: 'deleteSession', summary: 'Delete Session', security: oauth('event/sessions:delete'),
        description: 'Deletes the session with its enrollment and attendance records. 409 while a webcast is still linked to it.',
        params: SessionIdParamsSchema, response: { 204: NoContent('Deleted.'), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request, reply) => {
      await sessions.delete(requireAuth(request), request.params.id);
      return reply.code(204).send(null);
    });
  };
}
