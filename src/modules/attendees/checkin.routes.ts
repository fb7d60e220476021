import { Type } from 'typebox';
import { bulkItems } from '../../http/bulk.js';
import { operations } from '../../http/operations.js';
import type { EventCheckInService } from './checkin.service.js';
import { EventAttendeeParamsSchema, EventCheckInBodySchema, EventCheckInParamsSchema, EventCheckInResultSchema, MAX_EVENT_CHECKINS } from './checkin.schemas.js';

export function eventCheckInRoutes(checkIns: EventCheckInService) {
  return operations((op) => {
    op('eventCheckIn', {
      description: `Checks attendees in to the event (1-${MAX_EVENT_CHECKINS} items): the attendee shows checkedIn, checkIn, checkOut and duration, and the `
        + 'activities journal records event.checkedIn (and event.checkedOut with a checkOut). The 207 body has one result per item, in order: 201 checked in, '
        + '200 updated in place (resending is harmless; only a new time is a new activity), 400 bad item, 404 not an attendee of this event, '
        + '409 the attendee declined or cancelled. A bad item changes nothing and does not affect the others.',
      params: EventCheckInParamsSchema, body: EventCheckInBodySchema, response: { 207: EventCheckInResultSchema }, errors: [404], route: { attachValidation: true },
    }, async (request) => checkIns.checkIn(request.auth, request.params.id, bulkItems(request, MAX_EVENT_CHECKINS)));

    op('deleteEventCheckIn', {
      description: 'Removes the attendee\'s event check-in (checkedIn becomes false; checkIn, checkOut and duration are cleared). 404 when the attendee '
        + 'is not an attendee of the event or is not checked in. The activities journal keeps the check-in that happened.',
      params: EventAttendeeParamsSchema, response: { 204: Type.Null({ description: 'Removed.' }) },
    }, async (request) => checkIns.remove(request.auth, request.params.id, request.params.attendeeId).then(() => null));
  });
}
