import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { bulkItems } from '../../http/bulk.js';
import type { AttendeesService } from './attendees.service.js';
import { ATTENDEE_FILTER_FIELDS } from './attendees.filters.js';
import {
  AttendeeAddBulkResponseSchema, AttendeeAddBulkSchema, AttendeeIdParamsSchema, AttendeeListQuerySchema,
  AttendeePageSchema, AttendeeSchema, AttendeeUpdateSchema, MAX_BULK_ATTENDEES,
} from './attendees.schemas.js';

const FILTER_HELP =
  'Filterable: event.id, id, confirmationNumber, checkedIn, registrationPath.id, invitationList.id, referenceId, note, guest, ' +
  'unsubscribed, invitedBy, responseMethod, status, contact.id, visibility, contact.deleted, primaryId (eq|ne); ' +
  'registrationType.id (eq|ne|is null|is not null|is empty|is not empty); contact.title, contact.company, contact.firstName, ' +
  'contact.lastName, contact.email (eq|ne|sw, case-insensitive); checkIn, checkOut, registeredAt, registrationLastModified, ' +
  'lastModified, created, attendeeLastModified (eq|ne|lt|le|gt|ge). Sortable: contact.firstName, contact.lastName, contact.title, ' +
  'contact.company, registeredAt, checkIn (e.g. contact.lastName:ASC,registeredAt:DESC). lastModified also moves when the contact changes.';

export function attendeesRoutes(attendees: AttendeesService) {
  return operations((op) => {
    op.list('listAttendees', {
      description: `Gets a paginated list of the account's attendees (the attendees of Included sessions are the event's attendees). ${FILTER_HELP}`,
      query: AttendeeListQuerySchema, page: AttendeePageSchema, filters: ATTENDEE_FILTER_FIELDS, list: (auth, query) => attendees.list(auth.accountId, query),
    });

    op('createAttendee', {
      description:
        'Adds contacts to events: each item names an event of the account and a contact by id, or a new contact\'s fields ' +
        '(firstName, lastName, email; the active contact with that email is reused). status No Response invites, Accepted registers. ' +
        `Each item is answered on its own in a 207 multi-status array (in request order): 201 with the attendee id, or 400 (invalid), ` +
        `404 (unknown event or contact), 409 (already an attendee of the event); a bad item changes nothing. Up to ${MAX_BULK_ATTENDEES} items.`,
      body: AttendeeAddBulkSchema, response: { 207: AttendeeAddBulkResponseSchema }, route: { attachValidation: true },
    }, async (request) => attendees.addMany(request.auth, bulkItems(request, MAX_BULK_ATTENDEES)));

    op('getAttendeeById', {
      params: AttendeeIdParamsSchema, querystring: Type.Object({ expand: AttendeeListQuerySchema.properties.expand }, { additionalProperties: false }),
      response: { 200: AttendeeSchema },
    }, async (request) => attendees.get(request.auth.accountId, request.params.id));

    op('updateAttendee', {
      description:
        'Replaces the writable fields (status, note, referenceId, visibility, invitationList, registrationType, administrator, admissionItem). ' +
        'event.id (and contact.id when sent) must be the attendee\'s own. Status changes follow the reference: No Response → Visited|Accepted|Declined|Pending Approval, ' +
        'Cancelled|Visited|Declined → Accepted|Pending Approval, Accepted → Cancelled, Pending Approval → Accepted|Denied Approval, Denied Approval → Pending Approval.',
      params: AttendeeIdParamsSchema, body: AttendeeUpdateSchema, response: { 200: AttendeeSchema },
    }, async (request) => attendees.update(request.auth, request.params.id, request.body));
  });
}
