import { defineErrors } from '../../errors.js';

export const AttendeeErrors = defineErrors({
  attendeeNotFound: { status: 404, message: 'Attendee not found' },
  eventNotFound: { status: 404, message: 'Event not found' },
  contactNotFound: { status: 404, message: 'Contact not found' },
  primaryNotFound: { status: 404, message: 'The primary attendee is not an attendee of this event' },
  contactInactive: { status: 409, message: 'The contact is deleted or purged and cannot be added to an event' },
  duplicate: { status: 409, message: 'The contact is already an attendee of this event' },
  mismatch: { status: 400, message: 'The attendee\'s event and contact cannot be changed' },
  transition: { status: 400, message: 'This status change is not allowed' },
  invalid: { status: 400, message: 'Invalid attendee' },
  notParticipating: { status: 409, message: 'The attendee\'s registration for the event is over' },
});
