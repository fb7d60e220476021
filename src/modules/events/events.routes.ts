import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { errorResponses } from '../../http/responses.js';
import { registerList } from '../../http/lists.js';
import { listQuerySchema } from '../../http/paging.js';
import type { EventsService } from './events.service.js';
import {
  CreationParamsSchema, EventAsyncResponseSchema, EventAsyncStatusSchema, EventInputSchema, EventPageSchema, EventSchema, IdParamsSchema,
} from './events.schemas.js';

const tags = ['Events'];

export function eventsRoutes(events: EventsService, apiVersion: string) {
  return async function routes(instance: FastifyInstance): Promise<void> {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();

    registerList(instance, {
      path: '/events', tags, operationId: 'getEvents', filterOperationId: 'getEventsPostFilters', summary: 'List Events', scope: 'event/events:read',
      description: "Gets a paginated list of events. Filterable: id, start, end, status, eventStatus, format, title (eq|ne|contains), code, description, launchAfter, closeAfter, archiveAfter, created, lastModified, capacity, note, virtual, planner.firstName|lastName|email, venue.address.city|countryCode.",
      query: listQuerySchema({ sortable: ['start'] }), page: EventPageSchema, list: (auth, query) => events.list(auth.accountId, query),
    });

    app.post('/events/async', {
      schema: {
        tags, operationId: 'createEventAsync', summary: 'Create Event Async', security: oauth('event/events:write'),
        description: 'Accepts the event and creates it in the background; poll the status at the Location header.',
        body: EventInputSchema, response: { 202: EventAsyncResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    }, async (request, reply) => {
      const result = await events.createAsync(requireAuth(request), request.body);
      return reply.code(202).header('location', `/${apiVersion}/events/async/${result.id}/status`).send(result);
    });

    app.get('/events/async/:eventCreationId/status', {
      schema: {
        tags, operationId: 'getEventAsyncStatus', summary: 'Get Event Async Status', security: oauth('event/events:write'),
        params: CreationParamsSchema, response: { 200: EventAsyncStatusSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => events.creationStatus(requireAuth(request).accountId, request.params.eventCreationId));

    app.get('/events/:id', {
      schema: {
        tags, operationId: 'getEventById', summary: 'Get Event', security: oauth('event/events:read'),
        params: IdParamsSchema, response: { 200: EventSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => events.get(requireAuth(request).accountId, request.params.id));

    app.put('/events/:id', {
      schema: {
        tags, operationId: 'updateEvent', summary: 'Update Event', security: oauth('event/events:write'),
        description: 'Replaces the writable fields of the event. Read-only fields in the body are ignored.',
        params: IdParamsSchema, body: EventInputSchema, response: { 200: EventSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => events.update(requireAuth(request), request.params.id, request.body));
  };
}
