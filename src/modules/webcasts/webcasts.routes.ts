import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { registerList } from '../../http/lists.js';
import { listQuerySchema } from '../../http/paging.js';
import { errorResponses } from '../../http/responses.js';
import type { WebcastsService } from './webcasts.service.js';
import { WebcastIdParamsSchema, WebcastInputSchema, WebcastPageSchema, WebcastSchema, WebcastWithIdInputSchema } from './webcasts.schemas.js';

export const WEBCAST_TAGS = ['Webcasts'];
const tags = WEBCAST_TAGS;

// The reference's webcast lists take after, before, limit, token and filter (no sort).
const { sort: _unsorted, ...listProps } = listQuerySchema().properties;
export const UnsortedListQuery = Type.Object(listProps, { additionalProperties: false });

const PLACEMENT = 'Give event.id, session.id or both. Linking a session makes it virtual (in the same transaction); a session has at most one webcast (409), '
  + 'and its event\'s format must be Virtual or Hybrid (409 for an In-person event). A session or event that is not the account\'s is a 400 naming the field.';

export function webcastsRoutes(webcasts: WebcastsService) {
  return async function routes(instance: FastifyInstance): Promise<void> {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();

    registerList(instance, {
      path: '/webcasts', tags, operationId: 'listWebcasts', summary: 'List Webcasts', scope: 'event/webcasts:read',
      description: 'Gets a paginated list of webcasts, e.g. of one event or session. Filterable: id, event.id (eq|ne), session.id (eq|ne|is empty|is not empty), '
        + 'sourceId (eq|ne|is empty|is not empty), solutionType, provider, type, status, meetingId, playerType (eq|ne), created, lastModified (eq|ne|lt|le|gt|ge).',
      query: UnsortedListQuery, page: WebcastPageSchema, list: (auth, query) => webcasts.list(auth.accountId, query),
    });

    app.post('/webcasts', {
      schema: {
        tags, operationId: 'createWebcast', summary: 'Create Webcast', security: oauth('event/webcasts:write'),
        description: `Creates the webcast details (join, host, speaker links and codes) for an event or a session. ${PLACEMENT}`,
        body: WebcastInputSchema, response: { 200: WebcastSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    }, async (request) => webcasts.create(requireAuth(request), request.body));

    app.put('/webcasts', {
      schema: {
        tags, operationId: 'updateWebcastByBodyId', summary: 'Update Webcast (id in the body)', security: oauth('event/webcasts:write'),
        description: 'The seed\'s form of Update Webcast: `PUT /webcasts` with the webcast id in the body. It behaves exactly like `PUT /webcasts/{id}`, '
          + 'which is the reference\'s form; both are served.',
        body: WebcastWithIdInputSchema, response: { 200: WebcastSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request) => webcasts.update(requireAuth(request), request.body.id.toLowerCase(), request.body));

    app.get('/webcasts/:id', {
      schema: {
        tags, operationId: 'getWebcastById', summary: 'Get Webcast', security: oauth('event/webcasts:read'),
        params: WebcastIdParamsSchema, response: { 200: WebcastSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => webcasts.get(requireAuth(request).accountId, request.params.id));

    app.put('/webcasts/:id', {
      schema: {
        tags, operationId: 'updateWebcast', summary: 'Update Webcast', security: oauth('event/webcasts:write'),
        description: 'Replaces the writable fields of the webcast: send the whole webcast (read it, change it, send it back). '
          + 'Leaving session out unlinks the session (virtual afterwards only if a planner marked it); the event cannot change. '
          + 'After the session, put the recording link in `_links.recording`. Read-only fields in the body are ignored.',
        params: WebcastIdParamsSchema, body: WebcastInputSchema, response: { 200: WebcastSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request) => webcasts.update(requireAuth(request), request.params.id, request.body));

    app.delete('/webcasts/:id', {
      schema: {
        tags, operationId: 'deleteWebcast', summary: 'Delete Webcast', security: oauth('event/webcasts:delete'),
        description: 'Deletes the webcast and its attendee links. Its session stays virtual only if a planner marked it virtual.',
        params: WebcastIdParamsSchema, response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      await webcasts.delete(requireAuth(request).accountId, request.params.id);
      return reply.code(204).send(null);
    });
  };
}
