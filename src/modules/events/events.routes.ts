import { operations } from '../../http/operations.js';
import { listQuerySchema } from '../../http/paging.js';
import type { EventsService } from './events.service.js';
import {
  CreationParamsSchema, EventAsyncResponseSchema, EventAsyncStatusSchema, EventInputSchema, EventPageSchema, EventSchema, IdParamsSchema,
} from './events.schemas.js';
import { EVENT_FILTER_FIELDS } from './events.filters.js';

export function eventsRoutes(events: EventsService, apiVersion: string) {
  return operations((op) => {
    op.list('getEvents', {
      description: "Gets a paginated list of events. Filterable: id, start, end, status, eventStatus, format, title (eq|ne|contains), code, description, launchAfter, closeAfter, archiveAfter, created, lastModified, capacity, note, virtual, planner.firstName|lastName|email, venue.address.city|countryCode.",
      query: listQuerySchema({ sortable: ['start'] }), page: EventPageSchema, filters: EVENT_FILTER_FIELDS, list: (auth, query) => events.list(auth.accountId, query),
    });

    op('createEventAsync', {
      description: 'Accepts the event and creates it in the background; poll the status at the Location header.',
      body: EventInputSchema, response: { 202: EventAsyncResponseSchema },
    }, async (request, reply) => {
      const result = await events.createAsync(request.auth, request.body);
      return reply.header('location', `/${apiVersion}/events/async/${result.id}/status`).send(result);
    });

    op('getEventAsyncStatus', { params: CreationParamsSchema, response: { 200: EventAsyncStatusSchema }, errors: [404] },
      async (request) => events.creationStatus(request.auth.accountId, request.params.eventCreationId));

    op('getEventById', { params: IdParamsSchema, response: { 200: EventSchema } }, async (request) => events.get(request.auth.accountId, request.params.id));

    op('updateEvent', {
      description: 'Replaces the writable fields of the event. Read-only fields in the body are ignored.',
      params: IdParamsSchema, body: EventInputSchema, response: { 200: EventSchema }, errors: [404],
    }, async (request) => events.update(request.auth, request.params.id, request.body));
  });
}
