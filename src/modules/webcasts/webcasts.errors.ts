import { defineErrors } from '../../errors.js';

export const WebcastErrors = defineErrors({
  webcastNotFound: { status: 404, message: 'Webcast not found' },
  attendeeLinkNotFound: { status: 404, message: 'Attendee link not found' },
  attendeeNotFound: { status: 404, message: 'Attendee not found in the webcast\'s event' },
  eventNotFound: { status: 400, message: 'event.id does not name an event of this account' },
  sessionNotFound: { status: 400, message: 'session.id does not name a session of this account' },
  sessionOfOtherEvent: { status: 400, message: 'The session belongs to a different event than event.id' },
  eventRequired: { status: 400, message: 'A webcast needs event.id or session.id' },
  eventImmutable: { status: 400, message: 'A webcast cannot move to another event' },
  unsupportedLink: { status: 400, message: 'eventline links webcasts to events and sessions only' },
  sessionHasWebcast: { status: 409, message: 'The session already has a webcast; a session has at most one' },
  eventNotVirtual: { status: 409, message: 'The event is In-person' },
  linkExists: { status: 409, message: 'The attendee already has a link for this webcast' },
  invalidItem: { status: 400, message: 'Invalid attendee link' },
  invalidUrl: { status: 400, message: 'Links must be absolute http or https URLs' },
});
