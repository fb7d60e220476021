import { operations } from '../../http/operations.js';
import { listQuerySchema } from '../../http/paging.js';
import type { EventsService } from './events.service.js';
import {
  CopyParamsSchema, CreationParamsSchema, EventAsyncResponseSchema, EventCopyInputSchema, EventAsyncStatusSchema, EventInputSchema, EventPageSchema, EventSchema, IdParamsSchema,
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

    op('copyEvent', {
      description: 'Accepts a copy of the event and makes it in the background (202; poll the status at the Location header): a new event titled '
        + '"Copy of <title>", or the event named in `event.id`, receives copies of the sessions (agenda), the speakers and their session '
        + 'assignments (speakers), the registration types, registration paths, invitation lists and emails (registration) and what other modules register; `{ "<part>": { "featureData": false } }` '
        + 'leaves a part out. Files (speaker documents and pictures, planning documents) are not copied. The copy takes effect once, even when a worker dies mid-copy.',
      params: IdParamsSchema, body: EventCopyInputSchema, response: { 202: EventAsyncResponseSchema },
      route: { preValidation: async (request) => { request.body ??= {}; } },
    }, async (request, reply) => {
      const result = await events.copyAsync(request.auth, request.params.id, request.body);
      return reply.header('location', `/${apiVersion}/events/copy/${result.id}/status`).send(result);
    });

    op('getEventCopyStatus', {
      description: 'Processing, then Created with `event.id` (the copy), or Failed with `error` (the source or target event was gone).',
      params: CopyParamsSchema, response: { 200: EventAsyncStatusSchema },
    }, async (request) => events.copyStatus(request.auth.accountId, request.params.eventCopyId));

    op('getEventById', { params: IdParamsSchema, response: { 200: EventSchema } }, async (request) => events.get(request.auth.accountId, request.params.id));

    op('updateEvent', {
      description: 'Replaces the writable fields of the event. Read-only fields in the body are ignored.',
      params: IdParamsSchema, body: EventInputSchema, response: { 200: EventSchema }, errors: [404],
    }, async (request) => events.update(request.auth, request.params.id, request.body));

    op('cancelEvent', {
      description: 'eventline extension (the reference has no operation that cancels an event). Sets the event\'s `eventStatus` to Cancelled, '
        + 'which later updates keep; its sessions, attendees and registrations are kept and nobody is messaged. Again changes nothing. '
        + 'An event of another account is 404.',
      params: IdParamsSchema, response: { 200: EventSchema }, errors: [404],
    }, async (request) => events.cancel(request.auth, request.params.id));
  });
}
