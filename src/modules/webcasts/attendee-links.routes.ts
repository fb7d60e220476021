import { Type } from 'typebox';
import { CommonErrors } from '../../errors.js';
import type { AuthContext } from '../../actor.js';
import { operations } from '../../http/operations.js';
import type { AttendeeLinksService, BulkInput } from './attendee-links.service.js';
import {
  AttendeeLinkBulkResponseSchema, AttendeeLinkBulkSchema, AttendeeLinkItemSchema, AttendeeLinkPageSchema, AttendeeLinkParamsSchema,
  ExistingAttendeeLinkBulkSchema, ExistingAttendeeLinkItemSchema, MAX_LINKS_PER_CALL, type AttendeeLinkBulkResult,
} from './attendee-links.schemas.js';
import { bulkItems } from '../../http/bulk.js';
import { checkItems, itemValidator } from '../../items.js';
import { WebcastIdParamsSchema } from './webcasts.schemas.js';
import { UnsortedListQuery } from './webcasts.routes.js';
import { ATTENDEE_LINK_FILTER_FIELDS, WEBCAST_ATTENDEE_LINK_FILTER_FIELDS } from './webcasts.filters.js';

// The seed: writing attendee links needs both the read and the write scope on the client (the reference's
// entries name only the write scope: eventline asks both, stricter).
const WRITE_SCOPES = ['event/attendee-links:read', 'event/attendee-links:write'];

const BULK = `Up to ${MAX_LINKS_PER_CALL} items. Answers 207 with one result per item, in request order: each item is stored or refused on its own `
  + '(400 invalid, 404 attendee not in the webcast\'s event, 409 conflict), and a refused item changes nothing. '
  + 'Needs both event/attendee-links:read and event/attendee-links:write.';

// Checked before validation: the app's Ajv would coerce a lone scalar body into a one-item array.
async function requireArrayBody(request: { body: unknown }): Promise<void> {
  if (!Array.isArray(request.body)) {
    throw CommonErrors.badRequest(`The body must be an array of 1-${MAX_LINKS_PER_CALL} attendee links`, { target: 'body' });
  }
}

const checkNew = itemValidator(AttendeeLinkItemSchema, 'attendee link');
const checkExisting = itemValidator(ExistingAttendeeLinkItemSchema, 'attendee link');

export function attendeeLinksRoutes(links: AttendeeLinksService) {
  return operations((op) => {
    /** POST adds links and PUT replaces them: the same bulk operation, with its own item check and service call. */
    const bulk = <T>(
      operationId: string, doc: { description: string; body: typeof AttendeeLinkBulkSchema | typeof ExistingAttendeeLinkBulkSchema },
      check: (value: unknown) => T, run: (auth: AuthContext, webcastId: string, items: BulkInput<T>) => Promise<AttendeeLinkBulkResult>,
    ) => op(operationId, {
      ...doc, params: WebcastIdParamsSchema, response: { 207: AttendeeLinkBulkResponseSchema }, scopes: WRITE_SCOPES,
      route: { attachValidation: true, preValidation: requireArrayBody },
    }, async (request) => run(request.auth, request.params.id, checkItems(bulkItems(request, MAX_LINKS_PER_CALL), check)));

    op.list('listAttendeeLinks', {
      description: 'Gets a paginated list of attendee links. Filterable: id, sourceId, attendee.id, webcast.id (eq|ne), created, lastModified (eq|ne|lt|le|gt|ge).',
      query: UnsortedListQuery, page: AttendeeLinkPageSchema, filters: ATTENDEE_LINK_FILTER_FIELDS, list: (auth, query) => links.list(auth.accountId, query),
    });

    bulk('createAttendeeLinks', {
      body: AttendeeLinkBulkSchema,
      description: `Adds personalized join links for attendees of the webcast's event (one per attendee; an attendee that already has one is a 409 item: update it with PUT). ${BULK}`,
    }, checkNew, (auth, webcastId, items) => links.create(auth, webcastId, items));

    bulk('updateAttendeeLinks', {
      body: ExistingAttendeeLinkBulkSchema,
      description: `Replaces sourceId and join of existing links, found by id within the webcast or, for an item without id (the reference marks it read-only), by the item's attendee (404 item otherwise); the attendee of a link cannot change. ${BULK}`,
    }, checkExisting, (auth, webcastId, items) => links.update(auth, webcastId, items));

    op.list('listWebcastAttendeeLinks', {
      summary: 'List Attendee Links of a Webcast',
      description: 'Deprecated in the reference in favour of `GET /webcasts/attendee-links?filter=webcast.id eq \'...\'`. '
        + 'Filterable: id, sourceId, attendee.id (eq|ne), created, lastModified (eq|ne|lt|le|gt|ge).',
      params: WebcastIdParamsSchema, query: UnsortedListQuery, page: AttendeeLinkPageSchema, schema: { deprecated: true }, filterOperationId: null,
      filters: WEBCAST_ATTENDEE_LINK_FILTER_FIELDS, list: (auth, query, params) => links.list(auth.accountId, query, params.id),
    });

    op('deleteAttendeeLink', { params: AttendeeLinkParamsSchema, response: { 204: Type.Null({ description: 'Deleted' }) } }, async (request) => {
      await links.delete(request.auth.accountId, request.params.id, request.params.attendeeLinkId);
      return null;
    });
  });
}
