import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { listQuerySchema } from '../../http/paging.js';
import { SESSIONS_LIST } from './sessions.filters.js';
import type { SessionsService } from './sessions.service.js';
import { SessionIdParamsSchema, SessionInputSchema, SessionPageSchema, SessionSchema } from './sessions.schemas.js';

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
  return operations((op) => {
    op.list('listSessions', {
      description: `Gets a paginated list of sessions (POST /sessions/filter takes longer filters in the body). \`virtual eq true\` finds the virtual sessions. ${FILTERS}`,
      query: listQuerySchema({ sortable: Object.keys(SESSIONS_LIST.sortable ?? {}) }), page: SessionPageSchema,
      filters: SESSIONS_LIST.filters, list: (auth, query) => sessions.list(auth.accountId, query),
    });

    op('createSession', {
      description: `Creates a session in an event of the account (an unknown event is 400 with target event.id). ${VIRTUAL}`,
      body: SessionInputSchema, response: { 201: SessionSchema }, errors: [409],
    }, async (request) => sessions.create(request.auth, request.body));

    op('getSessionById', { params: SessionIdParamsSchema, response: { 200: SessionSchema } },
      async (request) => sessions.read(request.auth.accountId, request.params.id));

    op('updateSession', {
      description: `Replaces the writable fields; omitted or null fields become blank, read-only fields are ignored, omitted \`status\`, \`virtual\` and \`includedSession\` keep their value, and event.id cannot change. ${VIRTUAL}`,
      params: SessionIdParamsSchema, body: SessionInputSchema, response: { 200: SessionSchema }, errors: [409],
    }, async (request) => sessions.update(request.auth, request.params.id, request.body));

    op('deleteSession', {
      description: 'Deletes the session with its enrollment and attendance records. 409 while a webcast is still linked to it.',
      params: SessionIdParamsSchema, response: { 204: NoContent('Deleted.') }, errors: [409],
    }, async (request) => {
      await sessions.delete(request.auth, request.params.id);
      return null;
    });
  });
}
